import { Link } from 'react-router';
import type { PaymentSide } from '@contract/payment';
import { paths } from '@/config/paths';
import { payableMessages } from '@/locales/zh-CN/payment';
import { useBillDetail } from '@/features/bills/components/bill-detail-drawer';
import { invalidatePayments } from '@/features/payment/api/payment-api';
import { PayablePage } from '@/features/payment/components/payable-page';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { useCanExport, useReloadOn, useSideParam } from './ledger-list-screen';

/**
 * 提示付款 with the bill detail, reloaded when a bill of the organisation changes (the other side presented
 * or answered, the day-end presented or refused) or events were missed.
 */
export function PaymentScreen() {
  const detail = useBillDetail();
  const canExport = useCanExport();
  const { key, initialSide } = useSideParam<PaymentSide>('presenter', 'acceptor');
  useReloadOn(invalidatePayments);
  return (
    <PaymentPage
      key={key}
      initialSide={initialSide}
      canExport={canExport}
      detail={detail}
      payableLink={<Link to={paths.payable}>{payableMessages.link}</Link>}
    />
  );
}

/** 应付票据, reloaded with the ledger (a bill accepted, endorsed, paid). */
export function PayableScreen() {
  useReloadOn(invalidatePayments);
  return <PayablePage />;
}
