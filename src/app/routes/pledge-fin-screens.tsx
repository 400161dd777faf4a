import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { BILL_STATUS } from '@contract/bills';
import type { Contract } from '@contract/e-contract-schemas';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { paths } from '@/config/paths';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useHeldBillsQuery } from '@/features/bills/api/bills-api';
import { invalidatePledgeFin } from '@/features/pledge-fin/api/pledge-fin-api';
import { PledgeFinListPage } from '@/features/pledge-fin/components/pledge-fin-list-page';
import { PledgeFinStartPage } from '@/features/pledge-fin/components/pledge-fin-start-page';
import { FinancingContractSigner } from './pledge-fin-contract-signer';

/** Holdings offered for pledge: the first page of 100 received ones. */
const HOLDING_CHOICES = 100;

/** Reloads 质押融资 when a financing of the organisation changes (another member approved it) or events were missed. */
function useFollowPledgeFin() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(invalidatePledgeFin());
    const offChanged = subscribeRealtime(REALTIME_EVENT.pledgeFin, reload);
    // A financing's contract signed: its sign page shows it.
    const offContract = subscribeRealtime(REALTIME_EVENT.contract, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offChanged();
      offContract();
      offResync();
    };
  }, [dispatch]);
}

export function PledgeFinListScreen() {
  useFollowPledgeFin();
  return <PledgeFinListPage />;
}

const signer = (contracts: Contract[]) => <FinancingContractSigner contracts={contracts} />;

/** The start page with the organisation's held bills, whether the user may approve, and how it signs. */
export function PledgeFinStartScreen() {
  useFollowPledgeFin();
  // The area route matches the path itself, so the sub-page and the record are read from it here.
  const { pathname } = useLocation();
  const params = matchPath({ path: paths.pledgeFinancingStart, end: true }, pathname)?.params;
  const page = params?.page ?? 'detail';
  const bizId = params?.bizId ?? '';
  const userInfo = useAppSelector(selectUserInfo);
  const held = useHeldBillsQuery(
    { page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received },
    { skip: page !== 'open-add' },
  );
  return (
    <PledgeFinStartPage
      key={`${page}/${bizId}`}
      page={page}
      bizId={bizId}
      orgId={userInfo?.orgId ?? ''}
      holdings={held.data?.content ?? []}
      holdingsLoading={held.isFetching}
      canApprove={!!userInfo?.permissions?.[PERMISSION.pledgeFinancingApprove.path]}
      signer={signer}
    />
  );
}
