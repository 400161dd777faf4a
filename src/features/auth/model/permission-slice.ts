import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PermissionItem } from '@contract/auth-schemas';
import { signedOut } from '@/lib/app-actions';
import { rootReducer } from '@/lib/store';

export interface PermissionState {
  /** The permission items of the signed-in user as the server listed them. */
  list: PermissionItem[];
  acctStatus: string | null;
  orgCode: string | null;
}

const initialState: PermissionState = { list: [], acctStatus: null, orgCode: null };

const slice = createSlice({
  name: 'permission',
  initialState,
  reducers: {
    permissionListLoaded(state, action: PayloadAction<PermissionItem[]>) {
      state.list = action.payload;
    },
    accountStatusLoaded(state, action: PayloadAction<string | null>) {
      state.acctStatus = action.payload;
    },
    orgCodeLoaded(state, action: PayloadAction<string | null>) {
      state.orgCode = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectPermissionList: (state) => state.list,
    selectAccountStatus: (state) => state.acctStatus,
    selectOrgCode: (state) => state.orgCode,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const permissionSlice = slice.injectInto(rootReducer);
export const { permissionListLoaded, accountStatusLoaded, orgCodeLoaded } = permissionSlice.actions;
export const { selectPermissionList, selectAccountStatus, selectOrgCode } = permissionSlice.selectors;
