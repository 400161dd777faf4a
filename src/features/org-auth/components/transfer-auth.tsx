import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import { Table } from '@/components/data-table/data-table';
import { BANK_VERIFICATION_STATUS, type BankVerificationStatus } from '@contract/bank-account';
import type { BankAccountRequest, BankVerification } from '@contract/bank-account-schemas';
import {
  BankAccountFields,
  bankAccountBody,
  placeAccountRefusal,
} from '@/components/bank-account-fields/bank-account-fields';
import { StepInstructions } from '@/components/step-instructions/step-instructions';
import { TransferAmountField } from '@/components/transfer-amount-input/transfer-amount-input';
import { transferAmountText } from '@/components/transfer-amount-input/transfer-amount';
import {
  VerificationStatusTag,
  verificationEndedReason,
} from '@/components/verification-status/verification-status';
import { scrollToFirstError } from '@/lib/form';
import { refusalOf } from '@/lib/refusal';
import { format } from '@/locales/format';
import { bankMessages } from '@/locales/zh-CN/bank';
import { orgAuthMessages } from '@/locales/zh-CN/org-auth';
import { maskAccountNo } from '@/utils/account-number';
import { formatDateTime } from '@/utils/date-time';
import {
  useApplyTransferAuthMutation,
  useCheckTransferAuthMutation,
  useTransferAuthRecordsQuery,
} from '@/features/org-auth/api/org-auth-api';
import styles from './org-auth.module.css';

const text = orgAuthMessages;

const OPEN: readonly BankVerificationStatus[] = [
  BANK_VERIFICATION_STATUS.requested,
  BANK_VERIFICATION_STATUS.paid,
];

/** The corporate account the transfer goes to: name (the organisation's), number and branch. */
function RequestForm({ orgName, ended }: { orgName: string; ended: BankVerification | null }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BankAccountRequest>();
  const [problem, setProblem] = useState<string | null>(null);
  const [apply, applying] = useApplyTransferAuthMutation();
  const reason = verificationEndedReason(ended?.status);

  const submit = async (values: BankAccountRequest) => {
    setProblem(null);
    const result = await apply(bankAccountBody(values));
    if ('data' in result) {
      void message.success(text.form.requested);
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) setProblem(placeAccountRefusal(form, refusal));
  };

  return (
    <section aria-labelledby="transfer-form-title">
      <h3 id="transfer-form-title" className={styles.sectionTitle}>
        {text.form.title}
      </h3>
      {reason && <Alert type="warning" showIcon title={reason} className={styles.alert} />}
      {problem && <Alert type="error" showIcon title={problem} role="alert" className={styles.alert} />}
      <Form
        form={form}
        name="transfer-auth"
        layout="vertical"
        initialValues={{ accountName: orgName, accountNo: '', branchNo: '' }}
        scrollToFirstError={scrollToFirstError}
        onFinish={(values) => void submit(values)}
      >
        <BankAccountFields
          accountNoLabel={text.form.accountNo}
          accountNoPlaceholder={text.form.accountNoPlaceholder}
        />
        <Button type="primary" htmlType="submit" loading={applying.isLoading}>
          {text.form.submit}
        </Button>
      </Form>
    </section>
  );
}

/** The transfer on its way or arrived: where it went, when to expect it, and the amount check. */
function AmountCheck({
  transfer,
  onRestart,
  onRefresh,
  refreshing,
  onAuthorized,
}: {
  transfer: BankVerification;
  onRestart: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  onAuthorized: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string }>();
  const [check, checking] = useCheckTransferAuthMutation();
  const arrived = transfer.status === BANK_VERIFICATION_STATUS.paid;

  const submit = async ({ amount }: { amount: string }) => {
    const result = await check({ id: transfer.id, amount: transferAmountText(amount) });
    if ('data' in result) {
      void message.success(text.check.success);
      onAuthorized();
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) form.setFields([{ name: 'amount', errors: [refusal.text] }]);
  };

  return (
    <section aria-labelledby="transfer-check-title">
      <h3 id="transfer-check-title" className={styles.sectionTitle}>
        {arrived ? text.waiting.paidTitle : text.waiting.title}
      </h3>
      <Alert
        type={arrived ? 'success' : 'info'}
        showIcon
        className={styles.alert}
        title={format(arrived ? text.waiting.paidBody : text.waiting.body, {
          bank: transfer.branchName,
          account: maskAccountNo(transfer.accountNo),
          arrival: bankMessages.expectedArrival,
          time: transfer.arrivesAt ? formatDateTime(transfer.arrivesAt) : '',
        })}
        description={
          <>
            <p className={styles.plain}>{text.waiting.remark}</p>
            <p className={styles.plain}>
              {format(bankMessages.enterBefore, { time: formatDateTime(transfer.expiresAt) })}，
              {format(bankMessages.triesLeft, { count: transfer.triesLeft })}
            </p>
          </>
        }
      />
      <Form
        form={form}
        name="transfer-auth-check"
        layout="vertical"
        scrollToFirstError={scrollToFirstError}
        onFinish={(values) => void submit(values)}
        className={styles.checkForm}
      >
        <TransferAmountField />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={checking.isLoading}>
            {text.check.submit}
          </Button>
          <Button onClick={onRefresh} loading={refreshing}>
            {text.waiting.refresh}
          </Button>
          <Button onClick={onRestart}>{text.waiting.restart}</Button>
        </Space>
      </Form>
    </section>
  );
}

function Records() {
  const records = useTransferAuthRecordsQuery();
  const columns = [
    {
      title: text.records.requestedAt,
      key: 'requestedAt',
      render: (_: unknown, r: BankVerification) => formatDateTime(r.requestedAt),
    },
    { title: text.records.bank, key: 'bank', render: (_: unknown, r: BankVerification) => r.branchName },
    {
      title: text.records.accountNo,
      key: 'accountNo',
      render: (_: unknown, r: BankVerification) => maskAccountNo(r.accountNo),
    },
    {
      title: text.records.status,
      key: 'status',
      render: (_: unknown, r: BankVerification) => <VerificationStatusTag status={r.status} />,
    },
    {
      title: text.records.expiresAt,
      key: 'expiresAt',
      render: (_: unknown, r: BankVerification) => formatDateTime(r.expiresAt),
    },
  ];
  return (
    <Card title={<h3 className={styles.sectionTitle}>{text.records.title}</h3>} className={styles.records}>
      <Table<BankVerification>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records.data ?? []}
        loading={records.isFetching}
        pagination={false}
        locale={{ emptyText: text.records.empty }}
      />
    </Card>
  );
}

export interface TransferAuthProps {
  orgName: string;
  /** The newest authentication transfer. */
  transfer: BankVerification | null;
  onRefresh: () => void;
  refreshing: boolean;
  onAuthorized: () => void;
}

/**
 * Authentication by small-amount transfer: the request form, the waiting state and the amount check with the
 * tries left, beside the BANKTRANSFER step panel; the records below.
 */
export function TransferAuth({ orgName, transfer, onRefresh, refreshing, onAuthorized }: TransferAuthProps) {
  const [restarting, setRestarting] = useState<string | null>(null);
  const open = transfer !== null && OPEN.includes(transfer.status) && restarting !== transfer.id;
  const ended = transfer && !OPEN.includes(transfer.status) ? transfer : null;
  return (
    <>
      <div className={styles.flow}>
        <div className={styles.main}>
          {open ? (
            <AmountCheck
              transfer={transfer}
              onRestart={() => setRestarting(transfer.id)}
              onRefresh={onRefresh}
              refreshing={refreshing}
              onAuthorized={onAuthorized}
            />
          ) : (
            <RequestForm orgName={orgName} ended={ended} />
          )}
        </div>
        <aside className={styles.aside}>
          <StepInstructions variant="BANKTRANSFER" />
        </aside>
      </div>
      <Records />
    </>
  );
}
