import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CompanyItem } from '@contract/auth-schemas';
import { signedOut } from '@/lib/app-actions';
import { getAuthInfo, getCompanyList, getUserInfo, type UserInfo } from '@/lib/storage';
import { rootReducer } from '@/lib/store';

export interface UserState {
  /** A sign-in is under way. */
  loading: boolean;
  companyList: CompanyItem[];
  /** The signed-in user, or null when nobody is signed in. */
  userInfo: UserInfo | null;
}

/** A reload picks the sign-in up from storage. */
function restoredState(): UserState {
  const signedIn = getAuthInfo() !== null;
  return {
    loading: false,
    companyList: signedIn ? (getCompanyList() ?? []) : [],
    userInfo: signedIn ? getUserInfo() : null,
  };
}

const slice = createSlice({
  name: 'user',
  initialState: restoredState,
  reducers: {
    loginStarted(state) {
      state.loading = true;
    },
    loginFinished(state) {
      state.loading = false;
    },
    userInfoPublished(state, action: PayloadAction<UserInfo | null>) {
      state.userInfo = action.payload;
    },
    companyListLoaded(state, action: PayloadAction<CompanyItem[]>) {
      state.companyList = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => ({ loading: false, companyList: [], userInfo: null }));
  },
  selectors: {
    selectLoginLoading: (state) => state.loading,
    selectUserInfo: (state) => state.userInfo,
    selectCompanyList: (state) => state.companyList,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const userSlice = slice.injectInto(rootReducer);
export const { loginStarted, loginFinished, userInfoPublished, companyListLoaded } = userSlice.actions;
export const { selectLoginLoading, selectUserInfo, selectCompanyList } = userSlice.selectors;
