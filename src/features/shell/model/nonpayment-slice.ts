import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import {
  nonPaymentShowSet,
  nonPaymentSocketSet,
  signedOut,
  type NonPaymentSocketEvent,
} from '@/lib/app-actions';
import { rootReducer } from '@/lib/store';

/** The non-payment display: whether it shows, and the socket's latest event. */
export interface NonPaymentState {
  show: boolean;
  socket: NonPaymentSocketEvent | null;
}

const initialState: NonPaymentState = { show: false, socket: null };

const slice = createSlice({
  name: 'nonpayment',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(nonPaymentShowSet, (state, action) => {
        state.show = action.payload;
      })
      .addCase(nonPaymentSocketSet, (state, action) => {
        state.socket = action.payload;
      })
      .addCase(signedOut, () => initialState);
  },
  selectors: {
    selectNonPaymentShow: (state) => state.show,
    selectNonPaymentSocket: (state) => state.socket,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const nonPaymentSlice = slice.injectInto(rootReducer);
export const { selectNonPaymentShow, selectNonPaymentSocket } = nonPaymentSlice.selectors;
