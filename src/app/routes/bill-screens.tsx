import { PERMISSION } from '@contract/permissions';
import { useAppSelector, type AppDispatch } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { billsApi } from '@/features/bills/api/bills-api';
import { BillScreen } from '@/features/bills/components/bill-screen';
import { pendingListArgs } from '@/features/bills/components/bill-list-params';

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

/**
 * Asks for the 待签收 list a first visit opens on as soon as this chunk has arrived, beside the page's first
 * render rather than after it (area-route.tsx, FIRST_DATA): the page then draws its rows in that render.
 */
export function prefetchSignWorkbench(dispatch: AppDispatch, params: URLSearchParams) {
  void dispatch(billsApi.util.prefetch('pendingApplications', pendingListArgs(params), {}));
}
