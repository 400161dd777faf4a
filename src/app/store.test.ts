import { createStore } from './store';
import { nonPaymentShowSet, nonPaymentSocketSet, redDotSet, signedOut } from '@/lib/app-actions';
import { selectAuthMethod } from '@/features/account-security/api/account-security-api';
import { selectPermissionList } from '@/features/auth/model/permission-slice';
import { selectNoticeFeed } from '@/features/notices/model/notice-feed';
import { selectCheckedDefaultChannel } from '@/features/org-channel/api/org-channel-api';
import {
  selectOperationTime,
  selectSystemStatus,
  selectTodayIsHoliday,
} from '@/features/shell/api/shell-status-api';
import { selectCompanyList, selectLoginLoading, selectUserInfo } from '@/features/auth/model/user-slice';
import {
  initialGlobalState,
  selectRedDot,
  selectShowGuide,
  sidebarCollapsedChanged,
} from '@/features/shell/model/global-slice';
import { selectNonPaymentShow, selectNonPaymentSocket } from '@/features/shell/model/nonpayment-slice';
import { localKey } from '@/lib/storage';
import { ownerAccount } from '@/testing/platform-server';
import { storeSignedInUser } from '@/testing/render-app';

describe('store', () => {
  it('starts the global shell state with the spec defaults', () => {
    localStorage.setItem(localKey('noRemindersList'), JSON.stringify(['shell-guide']));
    const state = createStore().getState();
    expect(state.global).toEqual({
      collapsed: '10',
      showGuide: false,
      breadcrumbData: [],
      openExportCenter: false,
      redDot: { exportTask: false },
    });
    expect(state.nonpayment).toEqual({ show: false, socket: null });
    expect(state.permission).toEqual({ list: [], acctStatus: null, orgCode: null });
  });

  it('starts with the first-visit guide shown until the user asked not to be reminded of it', () => {
    localStorage.removeItem(localKey('noRemindersList'));
    expect(selectShowGuide(createStore().getState())).toBe(true);
    localStorage.setItem(localKey('noRemindersList'), JSON.stringify(['shell-guide']));
    expect(selectShowGuide(createStore().getState())).toBe(false);
  });

  it("reads the global state's server data with the spec defaults before any lookup", () => {
    const state = createStore().getState();
    expect(selectSystemStatus(state)).toBe('SS00');
    expect(selectTodayIsHoliday(state)).toBe(false);
    expect(selectOperationTime(state)).toEqual([]);
    expect(selectNoticeFeed(state)).toEqual({ notice: [], todo: [], announcement: [], total: 0 });
    expect(selectAuthMethod(state)).toBe('NO_PERMISSIONS');
    expect(selectCheckedDefaultChannel(state)).toBeNull();
  });

  it("keeps the spec's action names", () => {
    expect(nonPaymentShowSet(true).type).toBe('SET_NON_PAYMENT_SHOW');
    expect(nonPaymentSocketSet(null).type).toBe('SET_NON_PAYMENT_SOCKET');
    expect(redDotSet({ exportTask: true }).type).toBe('SET_RED_DOT');
  });

  it('applies the non-payment and red-dot actions', () => {
    const store = createStore();
    const event = { type: 'NON_PAYMENT', payload: { billNo: 'B1' }, receivedAt: 1 };

    store.dispatch(nonPaymentShowSet(true));
    store.dispatch(nonPaymentSocketSet(event));
    store.dispatch(redDotSet({ exportTask: true }));

    expect(selectNonPaymentShow(store.getState())).toBe(true);
    expect(selectNonPaymentSocket(store.getState())).toEqual(event);
    expect(selectRedDot(store.getState())).toEqual({ exportTask: true });
  });

  it('restores the signed-in user and company list from storage, as after a reload', () => {
    storeSignedInUser();
    const store = createStore();

    expect(selectUserInfo(store.getState())).toMatchObject({ name: ownerAccount.name });
    expect(selectCompanyList(store.getState())).toEqual([]);
    expect(selectLoginLoading(store.getState())).toBe(false);
  });

  it('restores nobody when there is no stored token', () => {
    localStorage.setItem('SgThsk_userInfo', JSON.stringify({ name: '残留', permissions: {} }));
    expect(selectUserInfo(createStore().getState())).toBeNull();
  });

  it('resets every session slice at sign-out, keeping the sidebar shape', () => {
    storeSignedInUser();
    const store = createStore();
    store.dispatch(sidebarCollapsedChanged('01'));
    store.dispatch(nonPaymentShowSet(true));
    store.dispatch(redDotSet({ exportTask: true }));

    store.dispatch(signedOut());

    const state = store.getState();
    expect(selectUserInfo(state)).toBeNull();
    expect(selectPermissionList(state)).toEqual([]);
    expect(selectNonPaymentShow(state)).toBe(false);
    expect(state.global).toEqual({ ...initialGlobalState, collapsed: '01' });
  });

  it('takes RTK Query in when the API module first loads', async () => {
    const { api } = await import('@/lib/api');
    const store = createStore();
    store.dispatch({ type: 'test/any' });
    expect(store.getState()).toHaveProperty(api.reducerPath);
  });

  it('has RTK Query in the state of a running store as soon as the API module loads, before any action', async () => {
    vi.resetModules();
    const { createAppStore } = await import('@/lib/store');
    const store = createAppStore();
    const { api } = await import('@/lib/api');
    expect(store.getState()).toHaveProperty(api.reducerPath);
  });
});
