import { useState, type KeyboardEvent } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BILL_REMARK_MAX,
  BILL_STATUS_LABEL,
  BILL_TERM_MAX_MONTHS,
  WHOLE_PACKAGE_RANGE,
  billRange,
} from '@contract/bills';
import type { BillPackage, IssueRequest } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import { shanghaiToday } from '@/utils/date-time';
import { useIssueBillMutation, useIssuedBillsQuery } from '@/features/bills/api/bills-api';
import { useBillDetail } from './bill-detail-drawer';
import { AmountCapitals, BillStatusTag, OrgPicker } from './bill-parts';
import { useBillListFilter } from './bill-filter-bar';
import { BillList } from './bill-list';
import { ConfirmActModal, useLedgerActs } from './ledger-acts';
import { CardTitle } from '@/components/card-title/card-title';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountFen, amountRules, amountText } from '@/components/amount-input/amount';

const text = billMessages;

interface IssueForm {
  acceptorOrgId: string;
  payeeOrgId: string;
  amount: string;
  dueDate: Dayjs;
  noTransfer: boolean;
  splittable: boolean;
  remark?: string;
}

/** Enter in the date field picks the typed date; it must not submit the form. */
export const keepEnterInField = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** The maturity must fall after today (Shanghai) and at most six months on. */
export function isAllowedDueDate(date: Dayjs, today: string = shanghaiToday()): boolean {
  const issue = dayjs(today);
  return date.isAfter(issue, 'day') && !date.isAfter(issue.add(BILL_TERM_MAX_MONTHS, 'month'), 'day');
}

/** 出票: the issue form (pickers, live capitals, the 6-month rule), and below it the bills issued. */
/** `orgId`: the signed-in organisation, never its own payee. */
export function IssuePage({ orgId, canExport = false }: { orgId: string; canExport?: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<IssueForm>();
  const amount = Form.useWatch('amount', form);
  const [issue, issuing] = useIssueBillMutation();
  const list = useBillListFilter('issued', BILL_STATUS_LABEL);
  const detail = useBillDetail();
  const issued = useIssuedBillsQuery(list.args);
  const acts = useLedgerActs();
  const [payeeName, setPayeeName] = useState('');
  // What the user confirms before the bill is registered.
  const [confirming, setConfirming] = useState<IssueRequest | null>(null);

  const review = (values: IssueForm) =>
    setConfirming({
      acceptorOrgId: values.acceptorOrgId,
      payeeOrgId: values.payeeOrgId,
      amount: amountText(values.amount),
      dueDate: values.dueDate.format('YYYY-MM-DD'),
      noTransfer: values.noTransfer,
      splittable: values.splittable,
      remark: values.remark?.trim() ?? '',
    });

  const submit = async (request: IssueRequest) => {
    const result = await issue(request);
    setConfirming(null);
    if ('data' in result) {
      message.success(text.issued);
      form.resetFields();
      detail.open(result.data?.bill.id ?? null);
    }
  };

  const columns: ColumnsType<BillPackage> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.payee, key: 'payee', render: (_, b) => b.payee.name },
    { title: text.acceptor, key: 'acceptor', render: (_, b) => b.acceptor.name },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    { title: text.status, key: 'status', render: (_, b) => <BillStatusTag status={b.billStatus} /> },
    {
      title: text.actions,
      key: 'actions',
      render: (_, b) => (
        <>
          {detail.link(b.id)}
          {acts.buttons(
            {
              packageId: b.id,
              packageNo: b.packageNo,
              amount: b.amount,
              counterparty: b.payee.name,
              acceptor: b.acceptor.name,
              // Before receipt the drawer holds the whole bill.
              range: billRange(b.splittable, 1, amountFen(b.amount) ?? 0),
            },
            b.actions,
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <Card title={<CardTitle level={1}>{text.issueTitle}</CardTitle>}>
        <Form<IssueForm>
          form={form}
          layout="vertical"
          initialValues={{ noTransfer: false, splittable: true }}
          onFinish={review}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="acceptorOrgId"
            label={text.acceptor}
            rules={[{ required: true, message: text.required(text.acceptor) }]}
          >
            <OrgPicker aria-label={text.acceptor} />
          </Form.Item>
          <Form.Item
            name="payeeOrgId"
            label={text.payee}
            rules={[{ required: true, message: text.required(text.payee) }]}
          >
            <OrgPicker aria-label={text.payee} exclude={[orgId]} onPicked={(org) => setPayeeName(org.name)} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={text.amount}
            extra={<AmountCapitals amount={amount} />}
            rules={amountRules({ requiredLabel: text.amount })}
          >
            <AmountInput placeholder={text.amountPlaceholder} />
          </Form.Item>
          <Form.Item
            name="dueDate"
            label={text.dueDate}
            extra={`${text.issueDate}：${shanghaiToday()}。${text.dueRule}`}
            rules={[{ required: true, message: text.required(text.dueDate) }]}
          >
            <DatePicker
              disabledDate={(date) => !isAllowedDueDate(date)}
              onKeyDown={keepEnterInField}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="noTransfer" valuePropName="checked">
            <Checkbox>{text.noTransfer}</Checkbox>
          </Form.Item>
          <Form.Item name="splittable" valuePropName="checked">
            <Checkbox>{text.splittable}</Checkbox>
          </Form.Item>
          <Form.Item name="remark" label={text.remark}>
            <Input.TextArea maxLength={BILL_REMARK_MAX} showCount rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={issuing.isLoading}>
            {text.submitIssue}
          </Button>
        </Form>
      </Card>
      <Card title={<CardTitle>{text.issuedList}</CardTitle>} style={{ marginTop: 16 }}>
        <BillList
          state={list}
          result={issued}
          columns={columns}
          emptyText={text.emptyIssued}
          counterpartyLabel={text.issuedCounterparty}
          list="bills-issued"
          canExport={canExport}
        />
      </Card>
      {confirming && (
        <ConfirmActModal
          summary={{
            operation: text.issueOperation,
            packageNo: null,
            amount: confirming.amount,
            counterparty: payeeName,
            range: confirming.splittable ? null : WHOLE_PACKAGE_RANGE,
          }}
          loading={issuing.isLoading}
          onConfirm={() => void submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {acts.modal}
      {detail.drawer}
    </>
  );
}
