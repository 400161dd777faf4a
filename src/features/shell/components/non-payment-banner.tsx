import Alert from 'antd/es/alert';
import { useAppSelector } from '@/lib/store';
import { shellMessages } from '@/locales/zh-CN/shell';
import { selectNonPaymentShow } from '@/features/shell/model/nonpayment-slice';

/** The non-payment display (spec section 2), shown while the socket's last NON_PAYMENT said so. */
export function NonPaymentBanner() {
  const show = useAppSelector(selectNonPaymentShow);
  if (!show) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="alert"
      title={shellMessages.nonPaymentTitle}
      description={shellMessages.nonPayment}
    />
  );
}
