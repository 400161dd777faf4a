import Alert from 'antd/es/alert';
import { shellMessages } from '@/locales/zh-CN/shell';

export function NonPaymentAlert() {
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
