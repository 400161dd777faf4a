import { CardTitle } from '@/components/card-title/card-title';
import { useState } from 'react';
import { ExclamationCircleFilled, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import {
  BANK_ACCOUNT_STATUS,
  BANK_VERIFICATION_PURPOSE,
  BANK_VERIFICATION_STATUS,
  type BankVerificationStatus,
} from '@contract/bank-account';
import type { BankAccount } from '@contract/bank-account-schemas';
import {
  VerificationStatusTag,
  verificationEndedReason,
} from '@/components/verification-status/verification-status';
import { refusalOf } from '@/lib/refusal';
import { bankMessages } from '@/locales/zh-CN/bank';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import { maskAccountNo } from '@/utils/account-number';
import {
  useBankAccountsQuery,
  useBindSettlementAccountMutation,
  useUpdateBankAccountMutation,
} from '@/features/bank-account/api/bank-account-api';
import { AccountDrawer } from './account-drawer';
import styles from './bank-account.module.css';
import { VerifyAmountModal } from './verify-amount-modal';

const text = bankAccountMessages;

const ENDED_WITHOUT_SUCCESS: readonly BankVerificationStatus[] = [
  BANK_VERIFICATION_STATUS.paymentFailed,
  BANK_VERIFICATION_STATUS.expired,
  BANK_VERIFICATION_STATUS.failed,
];

const STATUS_COLOR = { UNVERIFIED: 'default', VERIFYING: 'processing', VERIFIED: 'success' } as const;

/** The account waits for its amount here (not on the authentication page). */
const awaitsAmount = (account: BankAccount) =>
  account.verification?.status === BANK_VERIFICATION_STATUS.paid &&
  account.verification.purpose === BANK_VERIFICATION_PURPOSE.account;

export interface BankAccountPanelProps {
  /** The organisation's name: every account is in it. */
  orgName: string;
  /** Shown as a page of its own (not a tab of the company centre): its title is the page's h1. */
  asPage?: boolean;
}

/**
 * 银行账户 of the company centre: the organisation's accounts with bank, branch, the number masked and grouped
 * by four, the status tags and the default settlement account; adding, editing, the amount check, a new
 * transfer for an account whose verification ended, and binding the settlement account (SMS verified).
 */
export function BankAccountPanel({ orgName, asPage = false }: BankAccountPanelProps) {
  const { message } = App.useApp();
  const accounts = useBankAccountsQuery();
  const [drawer, setDrawer] = useState<{ account?: BankAccount } | null>(null);
  // The account as the list has it now, so that the dialog's tries left follow each wrong amount.
  const [verifyingId, setVerifyingId] = useState<string | null>(null);
  const verifying = accounts.data?.find((account) => account.id === verifyingId) ?? null;
  const [bind, binding] = useBindSettlementAccountMutation();
  const [retry, retrying] = useUpdateBankAccountMutation();

  const bindAccount = async (account: BankAccount) => {
    const result = await bind(account.id);
    if ('data' in result) {
      void message.success(text.bound);
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) void message.error(refusal.text);
  };

  const retryTransfer = async (account: BankAccount) => {
    const { id, accountName, accountNo, branchNo } = account;
    const result = await retry({ id, accountName, accountNo, branchNo });
    if ('data' in result) {
      void message.success(text.retried);
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) void message.error(refusal.text);
  };

  const columns = [
    {
      title: text.columns.bank,
      key: 'bank',
      render: (_: unknown, account: BankAccount) => (
        <div className={styles.bank}>
          <span className={styles.bankName}>{account.bankName}</span>
          <span>{account.branchName}</span>
          <span className={styles.detail}>{account.branchNo}</span>
        </div>
      ),
    },
    {
      title: text.columns.accountNo,
      key: 'accountNo',
      render: (_: unknown, account: BankAccount) => (
        <span className={styles.accountNo}>{maskAccountNo(account.accountNo)}</span>
      ),
    },
    {
      title: text.columns.status,
      key: 'status',
      render: (_: unknown, account: BankAccount) => {
        const verification = account.verification;
        const showVerification =
          verification &&
          account.status !== BANK_ACCOUNT_STATUS.verified &&
          verification.status !== 'VERIFIED';
        return (
          <Space size={[4, 4]} wrap>
            <Tag color={STATUS_COLOR[account.status]}>{bankMessages.accountStatus[account.status]}</Tag>
            {showVerification && <VerificationStatusTag status={verification.status} />}
            {account.isDefault && <Tag color="blue">{text.defaultTag}</Tag>}
          </Space>
        );
      },
    },
    {
      title: text.columns.actions,
      key: 'actions',
      render: (_: unknown, account: BankAccount) => {
        const status = account.verification?.status;
        const ended =
          !account.verification || (status !== undefined && ENDED_WITHOUT_SUCCESS.includes(status));
        const label = maskAccountNo(account.accountNo);
        return (
          <Space size={0} wrap>
            {awaitsAmount(account) && (
              <Button
                type="link"
                onClick={() => setVerifyingId(account.id)}
                aria-label={`${text.verify}：${label}`}
              >
                {text.verify}
              </Button>
            )}
            {account.status === BANK_ACCOUNT_STATUS.verifying &&
              account.verification?.purpose === BANK_VERIFICATION_PURPOSE.orgAuth && (
                <span className={styles.detail}>{text.orgAuthTransfer}</span>
              )}
            {account.status === BANK_ACCOUNT_STATUS.unverified && ended && (
              <Button
                type="link"
                loading={retrying.isLoading && retrying.originalArgs?.id === account.id}
                onClick={() => void retryTransfer(account)}
                aria-label={`${text.retry}：${label}`}
              >
                {text.retry}
              </Button>
            )}
            <Button type="link" onClick={() => setDrawer({ account })} aria-label={`${text.edit}：${label}`}>
              {text.edit}
            </Button>
            {account.status === BANK_ACCOUNT_STATUS.verified && !account.isDefault && (
              <Popconfirm
                icon={<ExclamationCircleFilled aria-hidden />}
                title={text.bindConfirm}
                okText={text.bind}
                cancelText={text.drawer.cancel}
                onConfirm={() => bindAccount(account)}
              >
                <Button
                  type="link"
                  loading={binding.isLoading && binding.originalArgs === account.id}
                  aria-label={`${text.bind}：${label}`}
                >
                  {text.bind}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const rows = accounts.data ?? [];

  return (
    <Card
      title={<CardTitle level={asPage ? 1 : 2}>{text.title}</CardTitle>}
      extra={
        <Space>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void accounts.refetch()}>
            {text.refresh}
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({})}>
            {text.add}
          </Button>
        </Space>
      }
    >
      <p className={styles.intro}>{text.intro}</p>
      {accounts.isError ? (
        <Alert type="warning" showIcon title={refusalOf(accounts.error)?.text ?? text.loadFailed} />
      ) : (
        <Table<BankAccount>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={accounts.isFetching}
          pagination={false}
          locale={{ emptyText: text.empty }}
        />
      )}
      {rows
        .filter((account) => account.status === BANK_ACCOUNT_STATUS.unverified && account.verification)
        .map((account) => {
          const reason = verificationEndedReason(account.verification?.status);
          return reason ? (
            <Alert
              key={account.id}
              className={styles.notice}
              type="info"
              showIcon
              title={`${maskAccountNo(account.accountNo)}：${reason}`}
            />
          ) : null;
        })}
      <AccountDrawer
        open={drawer !== null}
        account={drawer?.account}
        orgName={orgName}
        onClose={() => setDrawer(null)}
      />
      <VerifyAmountModal account={verifying} onClose={() => setVerifyingId(null)} />
    </Card>
  );
}
