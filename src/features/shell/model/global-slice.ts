import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { DEFAULT_SIDEBAR_COLLAPSED, type SidebarCollapsed } from '@contract/constants';
import { redDotSet, signedOut, type RedDotFlags } from '@/lib/app-actions';
import { rootReducer } from '@/lib/store';
import { isGuideDismissed } from './guide';

export interface BreadcrumbItem {
  title: string;
  path?: string;
}

/**
 * The global state of spec section 3 that the app itself decides, with its defaults. What the server says
 * is kept once, in RTK Query's cache, and read with selectors carrying the spec's defaults: newSysSts
 * (SS00), shcpeTodayIsHoliday (false) and operationTime ([]) in shell-status-api.ts, notice in the notices
 * feature (selectNoticeFeed), authMethod (NO_PERMISSIONS) in account-security, checkedDefaultChannel (null)
 * in org-channel.
 */
export interface GlobalState {
  collapsed: SidebarCollapsed;
  showGuide: boolean;
  breadcrumbData: BreadcrumbItem[];
  openExportCenter: boolean;
  redDot: RedDotFlags;
}

export const initialGlobalState: GlobalState = {
  collapsed: DEFAULT_SIDEBAR_COLLAPSED,
  showGuide: false,
  breadcrumbData: [],
  openExportCenter: false,
  redDot: { exportTask: false },
};

const slice = createSlice({
  name: 'global',
  // Read when the signed-in app's chunk adds the slice, before the frame's first render, so the frame
  // draws the first-visit guide (the dashboard's largest element) in its first commit, not a second one.
  initialState: (): GlobalState => ({ ...initialGlobalState, showGuide: !isGuideDismissed() }),
  reducers: {
    sidebarCollapsedChanged(state, action: PayloadAction<SidebarCollapsed>) {
      state.collapsed = action.payload;
    },
    guideToggled(state, action: PayloadAction<boolean>) {
      state.showGuide = action.payload;
    },
    breadcrumbChanged(state, action: PayloadAction<BreadcrumbItem[]>) {
      state.breadcrumbData = action.payload;
    },
    exportCenterToggled(state, action: PayloadAction<boolean>) {
      state.openExportCenter = action.payload;
    },
    /** Another organisation became the current one: the export centre closes (its cache is reset too). */
    organizationChanged(state) {
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
    selectBreadcrumb: (state) => state.breadcrumbData,
    selectRedDot: (state) => state.redDot,
    selectExportCenterOpen: (state) => state.openExportCenter,
    selectShowGuide: (state) => state.showGuide,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const globalSlice = slice.injectInto(rootReducer);
export const {
  sidebarCollapsedChanged,
  guideToggled,
  breadcrumbChanged,
  exportCenterToggled,
  organizationChanged,
} = globalSlice.actions;
export const { selectCollapsed, selectBreadcrumb, selectRedDot, selectExportCenterOpen, selectShowGuide } =
  globalSlice.selectors;
