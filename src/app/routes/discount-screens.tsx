import { useEffect } from 'react';
import { BILL_STATUS } from '@contract/bills';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useHeldBillsQuery } from '@/features/bills/api/bills-api';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidateDiscounts } from '@/features/discount/api/discount-api';
import { DiscountPage } from '@/features/discount/components/discount-page';

/** Holdings offered for discount: the first page of 100 received ones. */
const HOLDING_CHOICES = 100;

/** 贴现 with the ledger's held bills and bill detail, reloaded when a bill of the organisation changes (the institution answered) or events were missed. */
export function DiscountScreen() {
  const dispatch = useAppDispatch();
  const held = useHeldBillsQuery({ page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received });
  const detail = useBillDetail();
  const canExport = !!useAppSelector(selectUserInfo)?.permissions?.[PERMISSION.exportCenter.path];
  useEffect(() => {
    const reload = () => void dispatch(invalidateDiscounts());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return (
    <DiscountPage
      holdings={held.data?.content ?? []}
      holdingsLoading={held.isFetching}
      detail={detail}
      canExport={canExport}
    />
  );
}
