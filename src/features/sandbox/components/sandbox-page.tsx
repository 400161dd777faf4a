import { WarningFilled } from '@ant-design/icons';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import { CardTitle } from '@/components/card-title/card-title';
import { ClearableInput } from '@/components/clearable-input/clearable-input';
import Result from 'antd/es/result';
import { sandboxQrPath } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { callFailureOf } from '@/lib/http-error';
import { loginMessages } from '@/locales/zh-CN/login';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import type { SandboxBankTransfer } from '@contract/bank-account-schemas';
import type { SandboxSms } from '@contract/verification-schemas';
import { formatDateTime } from '@/utils/date-time';
import { accountNoRules, groupByFour } from '@/utils/account-number';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import {
  HTTP_NOT_FOUND,
  usePendingQrsQuery,
  useSandboxSmsQuery,
  useSandboxStatementQuery,
} from '@/features/sandbox/api/sandbox-api';
import { SandboxInstitutionCard } from './sandbox-institution-card';
import { SandboxPledgeCard } from './sandbox-pledge-card';
import { SandboxRecourseCard } from './sandbox-recourse-card';
import { SandboxSettlementCard } from './sandbox-settlement-card';
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
  return <Result status="warning" icon={<WarningFilled aria-hidden />} title={text.disabled} />;
}

interface LookupResult<T> {
  currentData?: T[] | undefined;
  isError: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface LookupCardProps<T> {
  title: ReactNode;
  intro?: ReactNode;
  /** The form's name: its fields' ids and the submit button's scope. */
  formName: string;
  rules: Rule[];
  inputLabel: string;
  placeholder: string;
  inputMode: 'tel' | 'numeric';
  /** The typed value as the lookup takes it. */
  normalize: (typed: string) => string;
  /** An RTK Query hook, called with the value or skipToken. */
  useLookup: (
    arg: string | typeof skipToken,
    options: { refetchOnMountOrArgChange: true },
  ) => LookupResult<T>;
  emptyText: string;
  /** The found list's accessible name. */
  listLabel: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  onOff: () => void;
}

/** One sandbox card that looks something up by a typed value, with refresh, and lists what it found. */
function LookupCard<T>(props: LookupCardProps<T>) {
  const [form] = Form.useForm<{ value: string }>();
  const [value, setValue] = useState<string | null>(null);
  const lookup = props.useLookup(value ?? skipToken, { refetchOnMountOrArgChange: true });
  useOffWhenNotFound(lookup.error, props.onOff);

  const query = ({ value: typed }: { value: string }) => {
    const normalized = props.normalize(typed);
    if (normalized === value) void lookup.refetch();
    else setValue(normalized);
  };
  // A failed query shows no list (the catalogue's notice said why).
  const found = lookup.isError || lookup.isFetching ? undefined : lookup.currentData;

  return (
    <Card
      title={props.title}
      extra={
        value && (
          <Button size="small" onClick={() => void lookup.refetch()}>
            {text.refresh}
          </Button>
        )
      }
    >
      {props.intro}
      <Form
        form={form}
        name={props.formName}
        layout="inline"
        className={styles.query}
        scrollToFirstError={scrollToFirstError}
        onFinish={query}
      >
        <Form.Item name="value" rules={props.rules} className={styles.queryInput}>
          <ClearableInput
            aria-label={props.inputLabel}
            placeholder={props.placeholder}
            inputMode={props.inputMode}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={lookup.isFetching}>
          {text.query}
        </Button>
      </Form>
      {found &&
        (found.length === 0 ? (
          <Empty description={props.emptyText} />
        ) : (
          <ul className={styles.messages} aria-label={props.listLabel}>
            {found.map((item) => (
              <li key={props.itemKey(item)} className={styles.message}>
                {props.renderItem(item)}
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

function Outbox({ onOff }: { onOff: () => void }) {
  return (
    <LookupCard<SandboxSms>
      title={text.outboxTitle}
      formName="sandbox-outbox"
      rules={mobileRules}
      inputLabel={loginMessages.mobileLabel}
      placeholder={text.mobilePlaceholder}
      inputMode="tel"
      normalize={normalizeMobile}
      useLookup={useSandboxSmsQuery}
      emptyText={text.noMessages}
      listLabel={text.outboxTitle}
      itemKey={(sms) => sms.id}
      renderItem={(sms) => (
        <>
          <span className={styles.messageTime}>{formatDateTime(sms.createdAt, { seconds: true })}</span>
          <p className={styles.messageText}>{sms.text}</p>
        </>
      )}
      onOff={onOff}
    />
  );
}

/** The sandbox bank's statement of one account: what the verification transfers paid into it. */
function BankStatement({ onOff }: { onOff: () => void }) {
  return (
    <LookupCard<SandboxBankTransfer>
      title={<CardTitle>{text.statementTitle}</CardTitle>}
      intro={<p className={styles.cardIntro}>{text.statementIntro}</p>}
      formName="sandbox-statement"
      rules={accountNoRules}
      inputLabel={text.accountNoLabel}
      placeholder={text.accountNoPlaceholder}
      inputMode="numeric"
      normalize={(typed) => typed.replace(/\s+/g, '')}
      useLookup={useSandboxStatementQuery}
      emptyText={text.noTransfers}
      listLabel={text.statementTitle}
      itemKey={(transfer) => transfer.id}
      renderItem={(transfer) => (
        <>
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
            {text.account}：{transfer.accountName} {groupByFour(transfer.accountNo)}（{transfer.branchName}）
          </p>
        </>
      )}
      onOff={onOff}
    />
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
 * The sandbox of the outside world: the SMS gateway's outbox per mobile, the verification transfers per
 * account, the settlement bank's balances and lines, the applications the institutions are to answer, their pledges and recourse notices, and the QR codes waiting for the e-licence app. Only meaningful while the server's sandbox is on.
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
            <SandboxSettlementCard onOff={turnOff} />
            <SandboxInstitutionCard onOff={turnOff} />
            <SandboxPledgeCard />
            <SandboxRecourseCard />
            <PendingQrs onOff={turnOff} />
          </>
        )}
      </div>
    </main>
  );
}
