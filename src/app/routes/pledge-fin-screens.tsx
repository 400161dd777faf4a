import { matchPath, useLocation } from 'react-router';
import type { Contract } from '@contract/e-contract-schemas';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { paths } from '@/config/paths';
import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { invalidatePledgeFin } from '@/features/pledge-fin/api/pledge-fin-api';
import { PledgeFinListPage } from '@/features/pledge-fin/components/pledge-fin-list-page';
import { PledgeFinStartPage } from '@/features/pledge-fin/components/pledge-fin-start-page';
import { useHeldChoices, useReloadOn } from './ledger-list-screen';
import { FinancingContractSigner } from './pledge-fin-contract-signer';

/**
 * What may change a financing: another member acted on it (approved it), its contract was signed (the sign
 * page shows it), or events were missed.
 */
const PLEDGE_FIN_EVENTS = [REALTIME_EVENT.pledgeFin, REALTIME_EVENT.contract, REALTIME_EVENT.resync];

/** Reloads 质押融资 when one of its events arrives. */
const useFollowPledgeFin = () => useReloadOn(invalidatePledgeFin, PLEDGE_FIN_EVENTS);

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
  const held = useHeldChoices(page !== 'open-add');
  return (
    <PledgeFinStartPage
      key={`${page}/${bizId}`}
      page={page}
      bizId={bizId}
      orgId={userInfo?.orgId ?? ''}
      {...held}
      canApprove={!!userInfo?.permissions?.[PERMISSION.pledgeFinancingApprove.path]}
      signer={signer}
    />
  );
}
