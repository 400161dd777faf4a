import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import {
  APPLICATION_STATUS_LABEL,
  BILL_REMARK_MAX,
  BILL_STATUS,
  BILL_ACT,
  BILL_STATUS_LABEL,
  CIRCULATION,
  billRange,
} from '@contract/bills';
import type { BillApplication, EndorseRequest, Holding } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  useEndorseBillMutation,
  useHeldBillsQuery,
  useMyApplicationsQuery,
} from '@/features/bills/api/bills-api';
import { useBillDetail } from './bill-detail-drawer';
import {
  AmountCapitals,
  ApplicationStatusTag,
  BillStatusTag,
  CirculationTag,
  ListError,
  OrgPicker,
} from './bill-parts';
import { leavingPart } from './amount-rules';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules, amountText, isAmount } from '@/components/amount-input/amount';
import { useBillListFilter } from './bill-filter-bar';
import { BillList } from './bill-list';
import { CardTitle } from '@/components/card-title/card-title';
import { ConfirmActModal, useLedgerActs } from './ledger-acts';

const text = billMessages;
/** Holdings offered for endorsement: the first page of 100 negotiable ones. */
const HOLDING_CHOICES = 100;

interface EndorseForm {
  holdingId: string;
  endorseeOrgId: string;
  amount: string;
  remark?: string;
}

/**
 * 背书: choose a holding, an amount up to it (the range that leaves is shown), the endorsee; below, the bills
 * held and the applications made, each list with its filters.
 */
export function EndorsePage({ canExport = false }: { canExport?: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EndorseForm>();
  const holdingId = Form.useWatch('holdingId', form);
  const amount = Form.useWatch('amount', form);
  const held = useHeldBillsQuery({ page: 0, size: HOLDING_CHOICES, billStatus: BILL_STATUS.received });
  const heldFilter = useBillListFilter('held', BILL_STATUS_LABEL);
  const heldList = useHeldBillsQuery(heldFilter.args);
  const mineFilter = useBillListFilter('mine', APPLICATION_STATUS_LABEL);
  const detail = useBillDetail();
  const mine = useMyApplicationsQuery(mineFilter.args);
  const [endorse, endorsing] = useEndorseBillMutation();
  const acts = useLedgerActs();
  const [endorseeName, setEndorseeName] = useState('');
  // What the user confirms before the endorsement is sent.
  const [confirming, setConfirming] = useState<EndorseRequest | null>(null);

  const choices = (held.data?.content ?? []).filter(
    (h) => h.circulation === CIRCULATION.negotiable && h.actions.includes(BILL_ACT.endorse),
  );
  const holding: Holding | undefined = choices.find((h) => h.id === holdingId);
  const split = holding && amount ? leavingPart(holding.subStart, holding.subEnd, amount) : null;
  const rangeOf = (h: Holding, [start, end]: [number, number]) => billRange(h.splittable, start, end);

  const review = (values: EndorseForm) =>
    setConfirming({
      holdingId: values.holdingId,
      endorseeOrgId: values.endorseeOrgId,
      amount: amountText(values.amount),
      remark: values.remark?.trim() ?? '',
    });

  const submit = async (request: EndorseRequest) => {
    const result = await endorse(request);
    setConfirming(null);
    if ('data' in result) {
      message.success(text.endorsed);
      form.resetFields();
    }
  };

  const heldColumns: ColumnsType<Holding> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.drawer, key: 'drawer', render: (_, h) => h.drawer.name },
    { title: text.acceptor, key: 'acceptor', render: (_, h) => h.acceptor.name },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: text.status,
      key: 'status',
      render: (_, h) => (
        <>
          <BillStatusTag status={h.billStatus} />
          <CirculationTag flag={h.circulation} />
        </>
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, h) => (
        <>
          {detail.link(h.packageId)}
          {choices.some((c) => c.id === h.id) && (
            <Button type="link" onClick={() => form.setFieldsValue({ holdingId: h.id, amount: undefined })}>
              {text.endorseThis}
            </Button>
          )}
          {acts.buttons(
            {
              packageId: h.packageId,
              packageNo: h.packageNo,
              amount: h.amount,
              counterparty: h.payee.name,
              acceptor: h.acceptor.name,
              range: h.range,
            },
            h.actions,
          )}
        </>
      ),
    },
  ];

  const columns: ColumnsType<BillApplication> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.kind, dataIndex: 'kindLabel', key: 'kind' },
    { title: text.receiver, key: 'receiver', render: (_, a) => a.receiver.name },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.appliedAt, key: 'appliedAt', render: (_, a) => formatDateTime(a.appliedAt) },
    {
      title: text.applicationStatus,
      key: 'status',
      render: (_, a) => (
        <>
          <ApplicationStatusTag status={a.status} />
          {a.reason && `${text.reason}：${a.reason}`}
        </>
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, a) => (
        <>
          {detail.link(a.packageId)}
          {acts.buttons(
            {
              packageId: a.packageId,
              packageNo: a.packageNo,
              applicationId: a.id,
              kindLabel: a.kindLabel,
              amount: a.amount,
              counterparty: a.receiver.name,
              range: a.range,
            },
            a.actions,
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <Card title={<CardTitle level={1}>{text.endorseTitle}</CardTitle>}>
        <ListError error={held.error} onRetry={() => void held.refetch()} />
        <Form<EndorseForm> form={form} layout="vertical" onFinish={review} style={{ maxWidth: 640 }}>
          <Form.Item
            name="holdingId"
            label={text.holding}
            rules={[{ required: true, message: text.pickHolding }]}
          >
            <Select
              aria-label={text.holding}
              placeholder={text.pickHolding}
              loading={held.isFetching}
              notFoundContent={text.emptyHeld}
              options={choices.map((h) => ({
                value: h.id,
                label: `${h.packageNo} · ${h.range} · ${formatYuan(h.amount)} 元`,
              }))}
            />
          </Form.Item>
          {holding && (
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={text.drawer}>{holding.drawer.name}</Descriptions.Item>
              <Descriptions.Item label={text.dueDate}>{holding.dueDate}</Descriptions.Item>
              <Descriptions.Item label={text.status}>
                <BillStatusTag status={holding.billStatus} />
                <CirculationTag flag={holding.circulation} />
              </Descriptions.Item>
              <Descriptions.Item label={text.amount}>{formatYuan(holding.amount)}</Descriptions.Item>
            </Descriptions>
          )}
          <Form.Item
            name="amount"
            label={text.endorseAmount}
            extra={<AmountCapitals amount={amount} />}
            rules={[
              ...amountRules({ requiredLabel: text.endorseAmount }),
              {
                validator: async (_, value?: string | null) => {
                  if (!holding || !value || !isAmount(value)) return;
                  const part = leavingPart(holding.subStart, holding.subEnd, value);
                  if (!part) throw new Error(text.amountOverHeld);
                  if (!holding.splittable && part.kept) throw new Error(text.cannotSplit);
                },
              },
            ]}
          >
            <AmountInput placeholder={text.amountPlaceholder} />
          </Form.Item>
          {split && holding && (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={text.leavingRange}>
                <span data-testid="leaving-range">{rangeOf(holding, split.leaving)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={text.keptRange}>
                {split.kept ? rangeOf(holding, split.kept) : '--'}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Form.Item
            name="endorseeOrgId"
            label={text.endorsee}
            rules={[{ required: true, message: text.required(text.endorsee) }]}
          >
            <OrgPicker
              aria-label={text.endorsee}
              exclude={holding ? [holding.holder.orgId] : []}
              onPicked={(org) => setEndorseeName(org.name)}
            />
          </Form.Item>
          <Form.Item name="remark" label={text.remark}>
            <Input.TextArea maxLength={BILL_REMARK_MAX} showCount rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={endorsing.isLoading}>
            {text.submitEndorse}
          </Button>
        </Form>
      </Card>
      <Card title={<CardTitle>{text.heldList}</CardTitle>} style={{ marginTop: 16 }}>
        <BillList
          state={heldFilter}
          result={heldList}
          columns={heldColumns}
          emptyText={text.emptyHeld}
          counterpartyLabel={text.heldCounterparty}
          list="bills-held"
          canExport={canExport}
        />
      </Card>
      <Card title={<CardTitle>{text.myApplications}</CardTitle>} style={{ marginTop: 16 }}>
        <BillList
          state={mineFilter}
          result={mine}
          columns={columns}
          emptyText={text.emptyMine}
          statusLabel={text.applicationStatus}
          counterpartyLabel={text.receiver}
          list="bill-applications"
          canExport={canExport}
        />
      </Card>
      {confirming && holding && (
        <ConfirmActModal
          summary={{
            operation: text.endorseOperation,
            packageNo: holding.packageNo,
            amount: confirming.amount,
            counterparty: endorseeName,
            range: split ? rangeOf(holding, split.leaving) : holding.range,
          }}
          loading={endorsing.isLoading}
          onConfirm={() => void submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {acts.modal}
      {detail.drawer}
    </>
  );
}
