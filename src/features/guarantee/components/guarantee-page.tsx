import { useState, type ComponentType, type ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import type { ColumnsType } from 'antd/es/table';
import {
  APPLICATION_STATUS_COLOR,
  APPLICATION_STATUS_LABEL,
  WHOLE_PACKAGE_RANGE,
  type ApplicationStatus,
} from '@contract/bills';
import {
  GUARANTEE_REMARK_MAX,
  GUARANTEE_SIDE,
  GUARANTEE_SIDES,
  type GuaranteeSide,
  type GuaranteedRole,
} from '@contract/guarantee';
import type { GuaranteeCandidate, GuaranteeRecord } from '@contract/guarantee-schemas';
import { ConfirmActModal, type ActSummaryProps } from '@/components/act-summary/act-summary';
import { CardTitle } from '@/components/card-title/card-title';
import { useListState } from '@/components/list-card/list-card';
import { SidedListCard } from '@/components/list-card/sided-list-card';
import { trimmedFilter } from '@/components/list-filter-bar/filter-fields';
import { RowActions } from '@/components/row-actions/row-actions';
import { StatusCell } from '@/components/status-cell/status-cell';
import { guaranteeMessages } from '@/locales/zh-CN/guarantee';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  useApplyGuaranteeMutation,
  useExportGuaranteesMutation,
  useGuaranteesQuery,
  useRefuseGuaranteeMutation,
  useSignGuaranteeMutation,
  useWithdrawGuaranteeMutation,
} from '@/features/guarantee/api/guarantee-api';
import { GuaranteeBillPicker } from './guarantee-bill-picker';
import styles from './guarantee.module.css';

const text = guaranteeMessages;

interface ApplyForm {
  packageId: string;
  role: GuaranteedRole;
  guarantorOrgId: string;
  remark?: string;
}

interface ListFilter {
  status?: ApplicationStatus;
  packageNo?: string;
}

/** What a row's act asks the user to confirm, and the call it makes. */
interface PendingAct {
  kind: 'sign' | 'refuse' | 'withdraw';
  record: GuaranteeRecord;
}

/** The ledger's own parts the page is composed with (src/app): the same organisation picker and 驳回 reason as every act. */
export interface LedgerParts {
  OrgPicker: ComponentType<{
    'aria-label': string;
    value?: string;
    onChange?: (value: string) => void;
    onPicked?: (org: { orgId: string; name: string }) => void;
  }>;
  /** The 驳回 reason's form field. */
  reasonField: ReactNode;
}

export interface GuaranteePageProps {
  parts: LedgerParts;
  /** The list first shown: the guarantor's to-do opens on what it must answer. */
  initialSide?: GuaranteeSide;
  canExport: boolean;
  /** A row's link to the bill's detail, and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
}

/**
 * 保证: a party liable on a bill asks a guarantor (the bill, its role on it, the guarantor); below, the
 * guarantees it asked for and those it is asked to give, filterable and exportable, each with its acts.
 */
export function GuaranteePage({
  initialSide = GUARANTEE_SIDE.applied,
  canExport,
  detail,
  parts: { OrgPicker, reasonField },
}: GuaranteePageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ApplyForm>();
  const packageId = Form.useWatch('packageId', form);
  const [guarantorName, setGuarantorName] = useState('');
  const [picked, setPicked] = useState<GuaranteeCandidate | null>(null);
  const [confirming, setConfirming] = useState<ApplyForm | null>(null);
  const listState = useListState<ListFilter, GuaranteeSide>(initialSide);
  const [acting, setActing] = useState<PendingAct | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();

  const query = { side: listState.side, ...listState.filter };
  const list = useGuaranteesQuery({ page: listState.page, size: listState.size, ...query });
  const [apply, applying] = useApplyGuaranteeMutation();
  const [sign, signing] = useSignGuaranteeMutation();
  const [refuse, refusing] = useRefuseGuaranteeMutation();
  const [withdraw, withdrawing] = useWithdrawGuaranteeMutation();
  const [exportList, exporting] = useExportGuaranteesMutation();

  const chosen = picked?.packageId === packageId ? picked : undefined;

  const submit = async (values: ApplyForm) => {
    const result = await apply({
      packageId: values.packageId,
      role: values.role,
      guarantorOrgId: values.guarantorOrgId,
      remark: values.remark?.trim() ?? '',
    });
    setConfirming(null);
    if ('data' in result) {
      void message.success(text.applied);
      form.resetFields();
      setPicked(null);
    }
  };

  const summaryOf = (operation: string, r: { packageNo: string; amount: string }, counterparty: string) =>
    ({
      operation,
      packageNo: r.packageNo,
      amount: r.amount,
      counterparty,
      range: WHOLE_PACKAGE_RANGE,
    }) satisfies ActSummaryProps;

  const runAct = async () => {
    if (!acting) return;
    const { kind, record } = acting;
    if (kind === 'refuse') {
      // A missing reason is shown beside its field; the dialog stays open.
      const typed = await reasonForm.validateFields().catch(() => null);
      if (!typed) return;
      const { reason } = typed;
      const result = await refuse({ id: record.id, reason: reason.trim() });
      if ('data' in result) void message.success(text.refused);
    } else {
      const result = kind === 'sign' ? await sign(record.id) : await withdraw(record.id);
      if ('data' in result) void message.success(kind === 'sign' ? text.signed : text.withdrawn);
    }
    setActing(null);
    reasonForm.resetFields();
  };

  const columns: ColumnsType<GuaranteeRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: text.guaranteed,
      key: 'guaranteed',
      render: (_, g) => `${g.guaranteed.name}（${text.roles[g.role]}）`,
    },
    { title: text.guarantor, key: 'guarantor', render: (_, g) => g.guarantor.name },
    {
      title: text.status,
      key: 'status',
      render: (_, g) => (
        <StatusCell
          color={APPLICATION_STATUS_COLOR[g.status]}
          label={APPLICATION_STATUS_LABEL[g.status]}
          reason={{ label: text.reason, text: g.reason }}
        />
      ),
    },
    { title: text.appliedAt, key: 'appliedAt', render: (_, g) => formatDateTime(g.appliedAt) },
    {
      title: text.actions,
      key: 'actions',
      render: (_, g) => (
        <RowActions
          detail={detail.link(g.packageId)}
          acts={g.actions}
          names={text}
          onAct={(kind) => setActing({ kind, record: g })}
        />
      ),
    },
  ];

  const actOperation = acting
    ? { sign: text.signOperation, refuse: text.refuseOperation, withdraw: text.withdrawOperation }[
        acting.kind
      ]
    : '';
  const actCounterparty = acting
    ? acting.kind === 'withdraw'
      ? acting.record.guarantor.name
      : acting.record.guaranteed.name
    : '';

  return (
    <div className={styles.page}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p className={styles.intro}>{text.intro}</p>
        <Form<ApplyForm>
          form={form}
          name="guarantee"
          layout="vertical"
          onFinish={(values) => setConfirming(values)}
        >
          <Form.Item
            name="packageId"
            label={text.bill}
            rules={[{ required: true, message: text.billRequired }]}
          >
            <GuaranteeBillPicker
              onPicked={(candidate) => {
                setPicked(candidate);
                const roles = candidate.roles;
                form.setFieldValue('role', roles.length === 1 ? roles[0] : undefined);
              }}
            />
          </Form.Item>
          <Form.Item name="role" label={text.role} rules={[{ required: true, message: text.roleRequired }]}>
            <Radio.Group
              options={(chosen?.roles ?? []).map((role) => ({ value: role, label: text.roles[role] }))}
            />
          </Form.Item>
          <Form.Item
            name="guarantorOrgId"
            label={text.guarantor}
            rules={[{ required: true, message: text.guarantorRequired }]}
          >
            <OrgPicker aria-label={text.guarantor} onPicked={(org) => setGuarantorName(org.name)} />
          </Form.Item>
          <Form.Item name="remark" label={text.remark}>
            <Input.TextArea maxLength={GUARANTEE_REMARK_MAX} showCount rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={applying.isLoading}>
            {text.submit}
          </Button>
        </Form>
      </Card>
      <SidedListCard<GuaranteeRecord, ListFilter, ListFilter, GuaranteeSide>
        text={text}
        state={listState}
        sides={GUARANTEE_SIDES}
        filterName="guarantees-filter"
        statuses={APPLICATION_STATUS_LABEL}
        packageNoMax={30}
        filterOf={trimmedFilter}
        exportList={canExport ? { run: () => exportList(query), loading: exporting.isLoading } : undefined}
        list={list}
        columns={columns}
      />
      {confirming && chosen && (
        <ConfirmActModal
          summary={summaryOf(text.operation, chosen, guarantorName)}
          loading={applying.isLoading}
          onConfirm={() => void submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {acting && acting.kind !== 'refuse' && (
        <ConfirmActModal
          summary={summaryOf(actOperation, acting.record, actCounterparty)}
          loading={signing.isLoading || withdrawing.isLoading}
          onConfirm={() => void runAct()}
          onCancel={() => setActing(null)}
        />
      )}
      {acting?.kind === 'refuse' && (
        <Modal
          open
          title={text.refuseOperation}
          okText={text.refuse}
          onOk={() => void runAct()}
          onCancel={() => setActing(null)}
          confirmLoading={refusing.isLoading}
          destroyOnHidden
        >
          <Form form={reasonForm} layout="vertical" name="guarantee-refuse">
            {reasonField}
          </Form>
        </Modal>
      )}
      {detail.drawer}
    </div>
  );
}
