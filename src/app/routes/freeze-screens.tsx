import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidateFreezes } from '@/features/freeze/api/freeze-api';
import { FreezePage } from '@/features/freeze/components/freeze-page';
import { useCanExport, useReloadOn } from './ledger-list-screen';

/** 冻结/解冻 with the bill detail, reloaded when a bill of the organisation changes (an order arrived) or events were missed. */
export function FreezeScreen() {
  const detail = useBillDetail();
  const canExport = useCanExport();
  useReloadOn(invalidateFreezes);
  return <FreezePage detail={detail} canExport={canExport} />;
}
