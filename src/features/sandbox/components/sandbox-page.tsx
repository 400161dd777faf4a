import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import Result from 'antd/es/result';
import { sandboxQrPath } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { callFailureOf } from '@/lib/http-error';
import { loginMessages } from '@/locales/zh-CN/login';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatDateTime } from '@/utils/date-time';
import { accountNoRules, groupByFour } from '@/utils/account-number';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import {
  HTTP_NOT_FOUND,
  usePendingQrsQuery,
  useSandboxSmsQuery,
  useSandboxStatementQuery,
} from '@/features/sandbox/api/sandbox-api';
import styles from './sandbox.module.css';

const text = sandboxMessages;

/** Tells the page when a sandbox call answered 404: the server's sandbox is off. */
function useOffWhenNotFound(error: unknown, onOff: () => void): void {
  const off = callFailureOf(error)?.status === HTTP_NOT_FOUND;
  useEffect(() => {
    if (off) onOff();
  }, [off, onOff]);
}

export function SandboxDisabled() {
  return <Result status="warning" title={text.disabled} />;
}

function Outbox({ onOff }: { onOff: () => void }) {
  const [form] = Form.useForm<{ mobile: string }>();
  const [mobile, setMobile] = useState<string | null>(null);
  const outbox = useSandboxSmsQuery(mobile ?? skipToken, { refetchOnMountOrArgChange: true });
  useOffWhenNotFound(outbox.error, onOff);

  const query = ({ mobile: typed }: { mobile: string }) => {
    const normalized = normalizeMobile(typed);
    if (normalized === mobile) void outbox.refetch();
    else setMobile(normalized);
  };
  // A failed query shows no list (the catalogue's notice said why).
  const messagesSent = outbox.isError || outbox.isFetching ? undefined : outbox.currentData;

  return (
    <Card
      title={text.outboxTitle}
      extra={
        mobile && (
          <Button size="small" onClick={() => void outbox.refetch()}>
            {text.refresh}
          </Button>
        )
      }
    >
      <Form
        form={form}
        name="sandbox-outbox"
        layout="inline"
        className={styles.query}
        scrollToFirstError={scrollToFirstError}
        onFinish={query}
      >
        <Form.Item name="mobile" rules={mobileRules} className={styles.queryInput}>
          <ClearableInput
            aria-label={loginMessages.mobileLabel}
            placeholder={text.mobilePlaceholder}
            inputMode="tel"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={outbox.isFetching}>
          {text.query}
        </Button>
      </Form>
      {messagesSent &&
        (messagesSent.length === 0 ? (
          <Empty description={text.noMessages} />
        ) : (
          <ul className={styles.messages} aria-label={text.outboxTitle}>
            {messagesSent.map((sms) => (
              <li key={sms.id} className={styles.message}>
                <span className={styles.messageTime}>{formatDateTime(sms.createdAt, { seconds: true })}</span>
                <p className={styles.messageText}>{sms.text}</p>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/** The sandbox bank's statement of one account: what the verification transfers paid into it. */
function BankStatement({ onOff }: { onOff: () => void }) {
  const [form] = Form.useForm<{ accountNo: string }>();
  const [accountNo, setAccountNo] = useState<string | null>(null);
  const statement = useSandboxStatementQuery(accountNo ?? skipToken, { refetchOnMountOrArgChange: true });
  useOffWhenNotFound(statement.error, onOff);

  const query = ({ accountNo: typed }: { accountNo: string }) => {
    const digits = typed.replace(/\s+/g, '');
    if (digits === accountNo) void statement.refetch();
    else setAccountNo(digits);
  };
  const transfers = statement.isError || statement.isFetching ? undefined : statement.currentData;

  return (
    <Card
      title={<h2 className={styles.cardTitle}>{text.statementTitle}</h2>}
      extra={
        accountNo && (
          <Button size="small" onClick={() => void statement.refetch()}>
            {text.refresh}
          </Button>
        )
      }
    >
      <p className={styles.cardIntro}>{text.statementIntro}</p>
      <Form
        form={form}
        name="sandbox-statement"
        layout="inline"
        className={styles.query}
        scrollToFirstError={scrollToFirstError}
        onFinish={query}
      >
        <Form.Item name="accountNo" rules={accountNoRules} className={styles.queryInput}>
          <ClearableInput
            aria-label={text.accountNoLabel}
            placeholder={text.accountNoPlaceholder}
            inputMode="numeric"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={statement.isFetching}>
          {text.query}
        </Button>
      </Form>
      {transfers &&
        (transfers.length === 0 ? (
          <Empty description={text.noTransfers} />
        ) : (
          <ul className={styles.messages} aria-label={text.statementTitle}>
            {transfers.map((transfer) => (
              <li key={transfer.id} className={styles.message}>
                <span className={styles.messageTime}>
                  {text.arrivedAt}：{formatDateTime(transfer.arrivedAt, { seconds: true })}
                </span>
                <p className={styles.messageText}>
                  {text.amount}：<strong className={styles.amount}>{transfer.amount}</strong>
                </p>
                <p className={styles.messageText}>
                  {text.remark}：{transfer.remark}
                </p>
                <p className={styles.messageText}>
                  {text.payer}：{transfer.payerName}
                </p>
                <p className={styles.messageText}>
                  {text.account}：{transfer.accountName} {groupByFour(transfer.accountNo)}（
                  {transfer.branchName}）
                </p>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

function PendingQrs({ onOff }: { onOff: () => void }) {
  const pending = usePendingQrsQuery(undefined, { refetchOnMountOrArgChange: true });
  useOffWhenNotFound(pending.error, onOff);
  const waiting = pending.isError || pending.isFetching ? undefined : pending.currentData;

  return (
    <Card
      title={text.pendingTitle}
      loading={pending.isFetching}
      extra={
        <Button size="small" onClick={() => void pending.refetch()}>
          {text.refresh}
        </Button>
      }
    >
      {waiting &&
        (waiting.length === 0 ? (
          <Empty description={text.noPending} />
        ) : (
          <ul className={styles.messages}>
            {waiting.map((qr) => (
              <li key={qr.qrId} className={styles.message}>
                <span className={styles.messageTime}>
                  {text.expiresAt}：{formatDateTime(qr.expiresAt, { seconds: true })}
                </span>
                <p className={styles.messageText}>
                  {qr.operationName} · {qr.userName}（{qr.userMobile}） · {qr.orgName}{' '}
                  <Link to={sandboxQrPath(qr.qrId)} className={styles.inlineLink}>
                    {text.open}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/**
 * The sandbox of the outside world: the SMS gateway's outbox per mobile, the bank's statement per account and
 * the QR codes waiting for the e-licence app. Only meaningful while the server's sandbox is on.
 */
export function SandboxPage() {
  const [off, setOff] = useState(false);
  const turnOff = useCallback(() => setOff(true), []);
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.intro}>{text.intro}</p>
        {off ? (
          <SandboxDisabled />
        ) : (
          <>
            <Outbox onOff={turnOff} />
            <BankStatement onOff={turnOff} />
            <PendingQrs onOff={turnOff} />
          </>
        )}
      </div>
    </main>
  );
}
