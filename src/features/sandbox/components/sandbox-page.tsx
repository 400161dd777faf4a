import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Result from 'antd/es/result';
import type { SandboxQr, SandboxSms } from '@contract/verification';
import { sandboxQrPath } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { HttpError } from '@/lib/http-error';
import { showErrorNotice, catalogueMessage } from '@/lib/error-messages';
import { messages } from '@/locales/zh-CN';
import { securityMessages } from '@/locales/zh-CN-security';
import { formatDateTime } from '@/utils/date-time';
import { mobileRules, normalizeMobile } from '@/utils/validators';
import { fetchPendingQrs, fetchSandboxSms, HTTP_NOT_FOUND } from '@/features/sandbox/api/sandbox-requests';
import styles from './sandbox.module.css';

const text = securityMessages.sandbox;

type Load<T> = { state: 'idle' | 'loading' } | { state: 'ready'; value: T } | { state: 'off' };

/** A failure of a sandbox call: 404 means the sandbox is off; anything else is shown as the catalogue says. */
function sandboxOff(error: unknown): boolean {
  if (error instanceof HttpError && error.status === HTTP_NOT_FOUND) return true;
  showErrorNotice(error instanceof HttpError ? catalogueMessage(error) : messages.network.fallback);
  return false;
}

export function SandboxDisabled() {
  return <Result status="warning" title={text.disabled} />;
}

function Outbox({ onOff }: { onOff: () => void }) {
  const [form] = Form.useForm<{ mobile: string }>();
  const [mobile, setMobile] = useState<string | null>(null);
  const [outbox, setOutbox] = useState<Load<SandboxSms[]>>({ state: 'idle' });

  const load = useCallback(
    async (target: string) => {
      setOutbox({ state: 'loading' });
      try {
        setOutbox({ state: 'ready', value: await fetchSandboxSms(target) });
      } catch (error) {
        if (sandboxOff(error)) onOff();
        else setOutbox({ state: 'idle' });
      }
    },
    [onOff],
  );

  const query = ({ mobile: typed }: { mobile: string }) => {
    const normalized = normalizeMobile(typed);
    setMobile(normalized);
    void load(normalized);
  };

  return (
    <Card
      title={text.outboxTitle}
      extra={
        mobile && (
          <Button size="small" onClick={() => void load(mobile)}>
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
          <Input
            aria-label={messages.login.mobileLabel}
            placeholder={text.mobilePlaceholder}
            inputMode="tel"
            allowClear
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={outbox.state === 'loading'}>
          {text.query}
        </Button>
      </Form>
      {outbox.state === 'ready' &&
        (outbox.value.length === 0 ? (
          <Empty description={text.noMessages} />
        ) : (
          <ul className={styles.messages} aria-label={text.outboxTitle}>
            {outbox.value.map((sms) => (
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

function PendingQrs({ onOff }: { onOff: () => void }) {
  const [pending, setPending] = useState<Load<SandboxQr[]>>({ state: 'loading' });

  const load = useCallback(async () => {
    setPending({ state: 'loading' });
    try {
      setPending({ state: 'ready', value: await fetchPendingQrs() });
    } catch (error) {
      if (sandboxOff(error)) onOff();
      else setPending({ state: 'idle' });
    }
  }, [onOff]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card
      title={text.pendingTitle}
      loading={pending.state === 'loading'}
      extra={
        <Button size="small" onClick={() => void load()}>
          {text.refresh}
        </Button>
      }
    >
      {pending.state === 'ready' &&
        (pending.value.length === 0 ? (
          <Empty description={text.noPending} />
        ) : (
          <ul className={styles.messages}>
            {pending.value.map((qr) => (
              <li key={qr.qrId} className={styles.message}>
                <span className={styles.messageTime}>
                  {text.expiresAt}：{formatDateTime(qr.expiresAt, { seconds: true })}
                </span>
                <p className={styles.messageText}>
                  {qr.operationName} · {qr.userName}（{qr.userMobile}） · {qr.orgName}{' '}
                  <Link to={sandboxQrPath(qr.qrId)}>{text.open}</Link>
                </p>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/**
 * The sandbox of the outside world (issue 3): the SMS gateway's outbox per mobile and the QR codes
 * waiting for the e-licence app. Only meaningful while the server's sandbox is on.
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
            <PendingQrs onOff={turnOff} />
          </>
        )}
      </div>
    </main>
  );
}
