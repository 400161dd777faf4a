import { useCallback } from 'react';
import { Navigate } from 'react-router';
import { REALTIME_EVENT, type RealtimeEventType } from '@contract/realtime';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { refreshCompanyList } from '@/features/auth/model/company-list';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { BankAccountPanel } from '@/features/bank-account/components/bank-account-panel';
import { SettlementStatementCard } from '@/features/bank-account/components/settlement-statement-card';
import { ApplyRecordsTab } from '@/features/apply-records/components/apply-records-tab';
import { ApplyToJoin } from '@/features/apply-records/components/apply-to-join';
import { JoinOrganizationPage } from '@/features/apply-records/components/join-organization-page';
import { ElecLicenceTab } from '@/features/elec-licence/components/elec-licence-tab';
import { invalidateAgreements } from '@/features/company-center/api/company-center-api';
import { CompanyCenterPage } from '@/features/company-center/components/company-center-page';
import { invalidateContracts } from '@/features/e-contract/api/e-contract-api';
import { ContractsPage } from '@/features/e-contract/components/contracts-page';
import { OrgAuthPanel } from '@/features/org-auth/components/org-auth-panel';
import { OrgChannelsPanel } from '@/features/org-channel/components/org-channels-panel';
import { useNoticeRefresh } from '../shell/notice-feed-context';
import { useReloadOn } from './ledger-list-screen';

/**
 * The company centre's screens as the area route shows them, composed with what the app owns: the signed-in
 * organisation, the company list and the notices. Each feature brings the content of its tab.
 */

/** A contract drafted, signed, expired or refused (CONTRACT_STATUS), or events possibly missed. */
const CONTRACT_EVENTS: readonly RealtimeEventType[] = [REALTIME_EVENT.contract, REALTIME_EVENT.resync];

/** 企业认证与授权: once authenticated, the company list carries the flag (spec section 4). */
function OrgAuthTab() {
  const dispatch = useAppDispatch();
  const refreshNotices = useNoticeRefresh();
  const authorized = useCallback(() => {
    dispatch(refreshCompanyList()).catch(() => undefined);
    refreshNotices();
  }, [dispatch, refreshNotices]);
  return <OrgAuthPanel onAuthorized={authorized} licence={<ElecLicenceTab />} />;
}

function BankAccountsTab({ asPage = false }: { asPage?: boolean }) {
  const userInfo = useAppSelector(selectUserInfo);
  return (
    <>
      <BankAccountPanel orgName={userInfo?.orgName ?? ''} asPage={asPage} />
      <SettlementStatementCard />
    </>
  );
}

/** `/company-center`: the tabbed company centre (`?type=authorize` and the others open a tab). */
export function CompanyCenterScreen() {
  // 签约管理 shows each agreement's contract, which the e-sign platform signs or ends.
  useReloadOn(invalidateAgreements, CONTRACT_EVENTS);
  return (
    <CompanyCenterPage
      slots={{
        authorize: <OrgAuthTab />,
        applyRecords: (
          <>
            <ApplyRecordsTab />
            <ApplyToJoin />
          </>
        ),
        bankAccounts: <BankAccountsTab />,
        channels: <OrgChannelsPanel />,
      }}
    />
  );
}

/** `/company-center/bank-accounts`: the accounts on a page of their own. */
export function BankAccountsScreen() {
  return <BankAccountsTab asPage />;
}

/** `/company-center/staff`, the menu's 成员管理: the company centre's tab of that name. */
export function StaffScreen() {
  return <Navigate to={`${paths.companyCenter}?type=staff`} replace />;
}

/** `/company-center/join`: 加入企业, open to every signed-in user. */
export function JoinCompanyScreen() {
  return <JoinOrganizationPage />;
}

/** `/company-center/contracts`, the menu's 电子合同签署: the e-sign account, seals, contracts and sign records. */
export function ContractsScreen() {
  useReloadOn(invalidateContracts, CONTRACT_EVENTS);
  return <ContractsPage />;
}
