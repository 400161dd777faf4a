import { BILL_STATUS } from '@contract/bills';
import { useHeldBillsQuery } from '@/features/bills/api/bills-api';
import { EaseDiscountPage } from '@/features/ease-discount/components/ease-discount-page';

/** Holdings offered to 轻松贴: the first page of 100 received ones. */
const HOLDING_CHOICES = 100;

/** 轻松贴 with the ledger's held bills. */
export function EaseDiscountScreen() {
  const held = useHeldBillsQuery({ page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received });
  return <EaseDiscountPage holdings={held.data?.content ?? []} holdingsLoading={held.isFetching} />;
}
