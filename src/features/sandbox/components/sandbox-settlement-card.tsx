import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import { SANDBOX_DEPOSIT_MAX_FEN } from '@contract/settlement';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules, amountText } from '@/components/amount-input/amount';
import { CardTitle } from '@/components/card-title/card-title';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import { scrollToFirstError } from '@/lib/form';
import { callFailureOf } from '@/lib/http-error';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { accountNoRules, groupByFour } from '@/utils/account-number';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  HTTP_NOT_FOUND,
  useSandboxDepositMutation,
  useSandboxSettlementQuery,
} from '@/features/sandbox/api/sandbox-api';
import { say } from './sandbox-say';
import styles from './sandbox.module.css';

const text = sandboxMessages;

/**
 * The sandbox bank's settlement accounts: a developer reads any account's balance and lines, and deposits
 * money into an account the platform knows, to try a payment that needs it.
 */
export function SandboxSettlementCard({ onOff }: { onOff: () => void }) {
  const [form] = Form.useForm<{ accountNo: string }>();
  const [depositForm] = Form.useForm<{ amount: string }>();
  const [accountNo, setAccountNo] = useState<string | null>(null);
  const statement = useSandboxSettlementQuery(accountNo ?? skipToken, { refetchOnMountOrArgChange: true });
  const [deposit, depositing] = useSandboxDepositMutation();
  // A 404 means the server's sandbox is off, which the page says instead.
  const off = callFailureOf(statement.error)?.status === HTTP_NOT_FOUND;
  useEffect(() => {
    if (off) onOff();
  }, [off, onOff]);
  const found = statement.isError ? undefined : statement.currentData;

  const query = ({ accountNo: typed }: { accountNo: string }) => {
    const normalized = typed.replace(/\s+/g, '');
    if (normalized === accountNo) void statement.refetch();
    else setAccountNo(normalized);
  };
  const depositInto = async ({ amount }: { amount: string }) => {
    if (!accountNo) return;
    const result = await deposit({ accountNo, amount: amountText(amount) });
    if ('data' in result) {
      say.success(text.deposited);
      depositForm.resetFields();
    }
  };

  return (
    <Card
      title={<CardTitle>{text.settlementTitle}</CardTitle>}
      extra={
        accountNo && (
          <Button size="small" onClick={() => void statement.refetch()}>
            {text.refresh}
          </Button>
        )
      }
    >
      <p className={styles.cardIntro}>{text.settlementIntro}</p>
      <Form
        form={form}
        name="sandbox-settlement"
        layout="inline"
        className={styles.query}
        scrollToFirstError={scrollToFirstError}
        onFinish={query}
      >
        <Form.Item name="accountNo" rules={accountNoRules} className={styles.queryInput}>
          <ClearableInput
            aria-label={text.settlementAccountLabel}
            placeholder={text.settlementAccountPlaceholder}
            inputMode="numeric"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={statement.isFetching}>
          {text.query}
        </Button>
      </Form>
      {found && (
        <>
          <p className={styles.messageText}>
            {text.settlementHolder}：{found.account?.accountName ?? text.settlementUnknown}
            {found.account && `（${found.account.bankName}）`}
          </p>
          <p className={styles.messageText}>
            {text.settlementBalance}：<strong className={styles.amount}>{formatYuan(found.balance)}</strong>
          </p>
          {found.account && (
            <Form
              form={depositForm}
              name="sandbox-deposit"
              layout="inline"
              className={styles.deposit}
              scrollToFirstError={scrollToFirstError}
              onFinish={(values) => void depositInto(values)}
            >
              <Form.Item
                name="amount"
                rules={amountRules({ requiredLabel: text.depositLabel, maxFen: SANDBOX_DEPOSIT_MAX_FEN })}
                className={styles.queryInput}
              >
                <AmountInput aria-label={text.depositLabel} placeholder={text.depositPlaceholder} withUnit />
              </Form.Item>
              <Button htmlType="submit" loading={depositing.isLoading}>
                {text.deposit}
              </Button>
            </Form>
          )}
          {found.lines.content.length === 0 ? (
            <Empty description={text.noLines} />
          ) : (
            <ul className={styles.messages} aria-label={text.linesLabel}>
              {found.lines.content.map((line) => (
                <li key={line.id} className={styles.message}>
                  <span className={styles.messageTime}>{formatDateTime(line.at, { seconds: true })}</span>
                  <p className={styles.messageText}>
                    {line.direction === 'in' ? text.lineIn : text.lineOut}{' '}
                    <strong className={styles.amount}>{formatYuan(line.amount)}</strong> · {text.balanceAfter}{' '}
                    {formatYuan(line.balanceAfter)} · {line.remark}
                  </p>
                  <p className={styles.messageText}>
                    {text.counterparty}：{line.counterpartyName}
                    {line.counterpartyAccountNo && ` ${groupByFour(line.counterpartyAccountNo)}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
