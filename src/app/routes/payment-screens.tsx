import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { paths } from '@/config/paths';
import { subscribeRealtime } from '@/lib/realtime';
import { payableMessages } from '@/locales/zh-CN/payment';
import { useAppDispatch, useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { ConfirmActModal } from '@/features/bills/components/ledger-acts';
import { invalidatePayments } from '@/features/payment/api/payment-api';
import { PayablePage } from '@/features/payment/components/payable-page';
import { PaymentPage } from '@/features/payment/components/payment-page';

const PARTS = { ConfirmActModal };

/**
 * 提示付款 with the bill detail, reloaded when a bill of the organisation changes (the other side presented
 * or answered, the day-end presented or refused) or events were missed.
 */
export function PaymentScreen() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const detail = useBillDetail();
  const [params] = useSearchParams();
  const side = params.get('side');
  useEffect(() => {
    const reload = () => void dispatch(invalidatePayments());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return (
    <PaymentPage
      key={side ?? ''}
      initialSide={side === 'acceptor' ? 'acceptor' : 'presenter'}
      canExport={!!userInfo?.permissions?.[PERMISSION.exportCenter.path]}
      detail={detail}
      parts={PARTS}
      payableLink={<Link to={paths.payable}>{payableMessages.link}</Link>}
    />
  );
}

/** 应付票据, reloaded with the ledger (a bill accepted, endorsed, paid). */
export function PayableScreen() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const reload = () => void dispatch(invalidatePayments());
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    return () => {
      offBill();
      offResync();
    };
  }, [dispatch]);
  return <PayablePage />;
}
