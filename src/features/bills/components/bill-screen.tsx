import { EndorsePage } from './endorse-page';
import { IssuePage } from './issue-page';
import { SignWorkbenchPage } from './sign-workbench-page';

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
  if (screen === 'issue') return <IssuePage orgId={orgId} canExport={canExport} />;
  if (screen === 'endorse') return <EndorsePage canExport={canExport} />;
  return <SignWorkbenchPage canExport={canExport} />;
}
