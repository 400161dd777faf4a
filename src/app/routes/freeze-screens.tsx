import { useEffect } from 'react';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { PERMISSION } from '@contract/permissions';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidateFreezes } from '@/features/freeze/api/freeze-api';
import { FreezePage } from '@/features/freeze/components/freeze-page';

/** 冻结/解冻 with the bill detail, reloaded when a bill of the organisation changes (an order arrived) or events were missed. */
export function FreezeScreen() {
  const dispatch = useAppDispatch();
  const detail = useBillDetail();
  const userInfo = useAppSelector(selectUserInfo);
  useEffect(() => {
    const reload = () => void dispatch(invalidateFreezes());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return <FreezePage detail={detail} canExport={!!userInfo?.permissions?.[PERMISSION.exportCenter.path]} />;
}
