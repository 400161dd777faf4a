import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { WHOLE_PACKAGE_RANGE } from '@contract/bills';
import { billMessages } from '@/locales/zh-CN/bills';
import { amountInWords, formatYuan } from '@/utils/amount';

const text = billMessages;

/** What the user confirms before an act is sent: the same for every act, single or batch. */
export interface ActSummaryProps {
  operation: string;
  /** Null before the bill is registered. */
  packageNo: string | null;
  /** Yuan, as the wire carries it. */
  amount: string;
  counterparty: string;
  /** Null before the bill is registered; `0` for a bill that may not be split. */
  range: string | null;
}

/** The summary every confirmation shows: operation, amount in figures and in capitals, counterparty, range. */
export function ActSummary({ operation, packageNo, amount, counterparty, range }: ActSummaryProps) {
  const words = amountInWords(amount);
  return (
    <Descriptions column={1} size="small" bordered data-testid="act-summary">
      <Descriptions.Item label={text.operation}>{operation}</Descriptions.Item>
      <Descriptions.Item label={text.packageNo}>{packageNo ?? text.toBeAssigned}</Descriptions.Item>
      <Descriptions.Item label={text.amountFigures}>{`${formatYuan(amount)} 元`}</Descriptions.Item>
      <Descriptions.Item label={text.amountWords}>{words ? `人民币${words}` : '--'}</Descriptions.Item>
      <Descriptions.Item label={text.counterparty}>{counterparty}</Descriptions.Item>
      <Descriptions.Item label={text.range}>
        {range === null
          ? text.toBeAssigned
          : range === WHOLE_PACKAGE_RANGE
            ? `0（${text.wholeBill}）`
            : range}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The confirmation of a form's act (出票, 背书): its summary, then the call on 确认. */
export function ConfirmActModal({
  summary,
  onConfirm,
  onCancel,
  loading,
}: {
  summary: ActSummaryProps;
  onConfirm: () => void;
  onCancel: () => void;
  loading: boolean;
}) {
  return (
    <Modal
      open
      title={text.confirmTitle(summary.operation)}
      okText={text.confirm}
      cancelText={text.cancel}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={loading}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{text.confirmHint}</Typography.Paragraph>
      <ActSummary {...summary} />
    </Modal>
  );
}
