import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { GUARANTEE_SIDE } from '@contract/guarantee';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { OrgPicker } from '@/features/bills/components/bill-parts';
import { ConfirmActModal, RefusalReasonField } from '@/features/bills/components/ledger-acts';
import { invalidateGuarantees } from '@/features/guarantee/api/guarantee-api';
import { GuaranteePage } from '@/features/guarantee/components/guarantee-page';

const PARTS = { OrgPicker, ConfirmActModal, reasonField: <RefusalReasonField /> };

/** 保证 with the bill detail, reloaded when a bill of the organisation changes (the other side answered) or events were missed. */
export function GuaranteeScreen() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const detail = useBillDetail();
  const [params] = useSearchParams();
  const side = params.get('side');
  useEffect(() => {
    const reload = () => void dispatch(invalidateGuarantees());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return (
    <GuaranteePage
      key={side ?? ''}
      initialSide={side === GUARANTEE_SIDE.received ? GUARANTEE_SIDE.received : GUARANTEE_SIDE.applied}
      canExport={!!userInfo?.permissions?.[PERMISSION.exportCenter.path]}
      detail={detail}
      parts={PARTS}
    />
  );
}
