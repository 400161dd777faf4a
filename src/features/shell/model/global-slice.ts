import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { NoticeItem } from '@contract/notice';
import type { CheckedDefaultChannel, OperationTime } from '@contract/shell';
import {
  DEFAULT_AUTH_METHOD,
  DEFAULT_SIDEBAR_COLLAPSED,
  DEFAULT_SYSTEM_STATUS,
  type SidebarCollapsed,
} from '@contract/constants';
import { redDotSet, signedOut, type RedDotFlags } from '@/lib/app-actions';
import { rootReducer } from '@/lib/store';

/** A notice of the shell's counters: the contract's notice item. */
export type NoticeSummaryItem = NoticeItem;

export interface NoticeState {
  notice: NoticeSummaryItem[];
  todo: NoticeSummaryItem[];
  announcement: NoticeSummaryItem[];
  total: number;
}

export interface BreadcrumbItem {
  title: string;
  path?: string;
}

/** The global shell state of spec section 3, with its defaults. */
export interface GlobalState {
  shcpeTodayIsHoliday: boolean;
  newSysSts: string;
  operationTime: OperationTime[];
  collapsed: SidebarCollapsed;
  showGuide: boolean;
  notice: NoticeState;
  breadcrumbData: BreadcrumbItem[];
  openExportCenter: boolean;
  authMethod: string;
  checkedDefaultChannel: CheckedDefaultChannel | null;
  redDot: RedDotFlags;
}

export const emptyNotices: NoticeState = { notice: [], todo: [], announcement: [], total: 0 };

export const initialGlobalState: GlobalState = {
  shcpeTodayIsHoliday: false,
  newSysSts: DEFAULT_SYSTEM_STATUS,
  operationTime: [],
  collapsed: DEFAULT_SIDEBAR_COLLAPSED,
  showGuide: false,
  notice: emptyNotices,
  breadcrumbData: [],
  openExportCenter: false,
  authMethod: DEFAULT_AUTH_METHOD,
  checkedDefaultChannel: null,
  redDot: { exportTask: false },
};

const slice = createSlice({
  name: 'global',
  initialState: initialGlobalState,
  reducers: {
    holidayChecked(state, action: PayloadAction<boolean>) {
      state.shcpeTodayIsHoliday = action.payload;
    },
    systemStatusLoaded(state, action: PayloadAction<string | null>) {
      state.newSysSts = action.payload ?? DEFAULT_SYSTEM_STATUS;
    },
    operationTimeLoaded(state, action: PayloadAction<OperationTime[] | null>) {
      state.operationTime = action.payload ?? [];
    },
    sidebarCollapsedChanged(state, action: PayloadAction<SidebarCollapsed>) {
      state.collapsed = action.payload;
    },
    guideToggled(state, action: PayloadAction<boolean>) {
      state.showGuide = action.payload;
    },
    noticesLoaded(state, action: PayloadAction<NoticeState>) {
      state.notice = action.payload;
    },
    breadcrumbChanged(state, action: PayloadAction<BreadcrumbItem[]>) {
      state.breadcrumbData = action.payload;
    },
    exportCenterToggled(state, action: PayloadAction<boolean>) {
      state.openExportCenter = action.payload;
    },
    /** A failed lookup publishes null: the spec's NO_PERMISSIONS. */
    authMethodLoaded(state, action: PayloadAction<string | null>) {
      state.authMethod = action.payload ?? DEFAULT_AUTH_METHOD;
    },
    defaultChannelChecked(state, action: PayloadAction<CheckedDefaultChannel | null>) {
      state.checkedDefaultChannel = action.payload;
    },
    /**
     * Another organisation became the current one: its notices and channel check are reloaded. The auth
     * method is left for its own lookup to replace (resetting it here would leave NO_PERMISSIONS behind).
     */
    organizationChanged(state) {
      state.notice = emptyNotices;
      state.checkedDefaultChannel = null;
      state.openExportCenter = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(redDotSet, (state, action) => {
        state.redDot = action.payload;
      })
      // The sidebar keeps its shape across sign-ins; everything else belonged to the session.
      .addCase(signedOut, (state) => ({ ...initialGlobalState, collapsed: state.collapsed }));
  },
  selectors: {
    selectCollapsed: (state) => state.collapsed,
    selectNotices: (state) => state.notice,
    selectBreadcrumb: (state) => state.breadcrumbData,
    selectAuthMethod: (state) => state.authMethod,
    selectRedDot: (state) => state.redDot,
    selectExportCenterOpen: (state) => state.openExportCenter,
    selectShowGuide: (state) => state.showGuide,
    selectSystemStatus: (state) => state.newSysSts,
    selectTodayIsHoliday: (state) => state.shcpeTodayIsHoliday,
    selectOperationTime: (state) => state.operationTime,
    selectCheckedDefaultChannel: (state) => state.checkedDefaultChannel,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const globalSlice = slice.injectInto(rootReducer);
export const {
  holidayChecked,
  systemStatusLoaded,
  operationTimeLoaded,
  sidebarCollapsedChanged,
  guideToggled,
  noticesLoaded,
  breadcrumbChanged,
  exportCenterToggled,
  authMethodLoaded,
  defaultChannelChecked,
  organizationChanged,
} = globalSlice.actions;
export const {
  selectCollapsed,
  selectNotices,
  selectBreadcrumb,
  selectAuthMethod,
  selectRedDot,
  selectExportCenterOpen,
  selectShowGuide,
  selectSystemStatus,
  selectTodayIsHoliday,
  selectOperationTime,
  selectCheckedDefaultChannel,
} = globalSlice.selectors;
