import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { BillScreen } from '@/features/bills/components/bill-screen';

/** The bill ledger's screens as the area route shows them, for the signed-in organisation. */
function useOrgId(): string {
  return useAppSelector(selectUserInfo)?.orgId ?? '';
}

export function IssueScreen() {
  return <BillScreen screen="issue" orgId={useOrgId()} />;
}

export function EndorseScreen() {
  return <BillScreen screen="endorse" orgId={useOrgId()} />;
}

export function SignWorkbenchScreen() {
  return <BillScreen screen="signWorkbench" orgId={useOrgId()} />;
}
