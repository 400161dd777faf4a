import { useEffect } from 'react';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';
import { invalidateBills } from '@/features/bills/api/bills-api';
import { EndorsePage } from './endorse-page';
import { IssuePage } from './issue-page';
import { SignWorkbenchPage } from './sign-workbench-page';

/** A counterparty's answer or application (BILL_CHANGED), or possibly missed events: the bill screens reload. */
function useBillEvents(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(invalidateBills());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
}

export type BillScreenKey = 'issue' | 'endorse' | 'signWorkbench';

/**
 * The bill ledger's screens, one chunk loaded by the area route; `orgId` is the signed-in organisation,
 * `canExport` whether its lists offer 导出.
 */
export function BillScreen({
  screen,
  orgId,
  canExport,
}: {
  screen: BillScreenKey;
  orgId: string;
  canExport: boolean;
}) {
  useBillEvents();
  if (screen === 'issue') return <IssuePage orgId={orgId} canExport={canExport} />;
  if (screen === 'endorse') return <EndorsePage canExport={canExport} />;
  return <SignWorkbenchPage canExport={canExport} />;
}
