import Alert from 'antd/es/alert';
import { useAppSelector } from '@/lib/store';
import { messages } from '@/locales/zh-CN';
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
      title={messages.frame.nonPaymentTitle}
      description={messages.frame.nonPayment}
    />
  );
}
