import { PERMISSION } from '@contract/permissions';
import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { BillScreen } from '@/features/bills/components/bill-screen';

/**
 * The bill ledger's screens as the area route shows them, for the signed-in organisation; the lists offer
 * 导出 only to a user who can open the export centre to download the file.
 */
function useViewer(): { orgId: string; canExport: boolean } {
  const userInfo = useAppSelector(selectUserInfo);
  return {
    orgId: userInfo?.orgId ?? '',
    canExport: !!userInfo?.permissions?.[PERMISSION.exportCenter.path],
  };
}

export function IssueScreen() {
  return <BillScreen screen="issue" {...useViewer()} />;
}

export function EndorseScreen() {
  return <BillScreen screen="endorse" {...useViewer()} />;
}

export function SignWorkbenchScreen() {
  return <BillScreen screen="signWorkbench" {...useViewer()} />;
}
