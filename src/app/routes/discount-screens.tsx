import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidateDiscounts } from '@/features/discount/api/discount-api';
import { DiscountPage } from '@/features/discount/components/discount-page';
import { useCanExport, useHeldChoices, useReloadOn } from './ledger-list-screen';

/** 贴现 with the ledger's held bills and bill detail, reloaded when a bill of the organisation changes (the institution answered) or events were missed. */
export function DiscountScreen() {
  const held = useHeldChoices();
  const detail = useBillDetail();
  const canExport = useCanExport();
  useReloadOn(invalidateDiscounts);
  return <DiscountPage {...held} detail={detail} canExport={canExport} />;
}
