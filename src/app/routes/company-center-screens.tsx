import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { refreshCompanyList } from '@/features/auth/model/company-list';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { BankAccountsPanel } from '@/features/bank-accounts/components/bank-accounts-panel';
import { OrgAuthPanel } from '@/features/org-auth/components/org-auth-panel';
import { useNoticeRefresh } from '../shell/notice-feed-context';

/**
 * The company centre's screens as the area route shows them, composed with what the app owns: the signed-in
 * organisation, the company list and the notices. Each feature panel can sit in a tab of its own as well.
 */

/** `/company-center?type=authorize`: once authenticated, the company list carries the flag (spec section 4). */
export function OrgAuthScreen() {
  const dispatch = useAppDispatch();
  const refreshNotices = useNoticeRefresh();
  const authorized = useCallback(() => {
    dispatch(refreshCompanyList()).catch(() => undefined);
    refreshNotices();
  }, [dispatch, refreshNotices]);
  return <OrgAuthPanel onAuthorized={authorized} />;
}

/** `/company-center/bank-accounts`. */
export function BankAccountsScreen() {
  const userInfo = useAppSelector(selectUserInfo);
  return <BankAccountsPanel orgName={userInfo?.orgName ?? ''} />;
}
