import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import { QR_STATUS, type SandboxQr } from '@contract/verification';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http-error';
import { withNotifier } from '@/lib/notify';
import { messages } from '@/locales/zh-CN';
import { securityMessages } from '@/locales/zh-CN-security';
import { formatDateTime } from '@/utils/date-time';
import {
  decideSandboxQr,
  fetchPendingQrs,
  fetchSandboxQr,
  HTTP_NOT_FOUND,
} from '@/features/sandbox/api/sandbox-requests';
import { SandboxDisabled } from './sandbox-page';
import styles from './sandbox.module.css';

const text = securityMessages.sandbox;

type View =
  | { state: 'loading' }
  | { state: 'ready'; qr: SandboxQr }
  | { state: 'missing' }
  | { state: 'off' }
  | { state: 'failed' };

function statusTag(status: number) {
  if (status === QR_STATUS.initial) return <Tag color="processing">{text.statusWaiting}</Tag>;
  if (status === QR_STATUS.success) return <Tag color="success">{text.statusConfirmed}</Tag>;
  return <Tag>{text.statusEnded}</Tag>;
}

/** Tells a QR code that does not exist from a sandbox that is off (both answer 404). */
async function whyMissing(): Promise<'missing' | 'off'> {
  try {
    await fetchPendingQrs();
    return 'missing';
  } catch (error) {
    return error instanceof HttpError && error.status === HTTP_NOT_FOUND ? 'off' : 'missing';
  }
}

/**
 * Where a sandbox QR code points (`/#/sandbox/qr/:qrId`): the e-licence app's confirmation screen, with
 * the operation to authorise and 确认授权 / 拒绝.
 */
export function SandboxQrPage({ qrId }: { qrId: string }) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [deciding, setDeciding] = useState<'confirm' | 'refuse' | null>(null);

  const load = useCallback(async () => {
    setView({ state: 'loading' });
    try {
      setView({ state: 'ready', qr: await fetchSandboxQr(qrId) });
    } catch (error) {
      if (error instanceof HttpError && error.status === HTTP_NOT_FOUND)
        setView({ state: await whyMissing() });
      else setView({ state: 'failed' });
    }
  }, [qrId]);

  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (decision: 'confirm' | 'refuse') => {
    setDeciding(decision);
    try {
      const qr = await decideSandboxQr(qrId, decision);
      setView({ state: 'ready', qr });
      withNotifier(
        ({ message }) => void message.success(decision === 'confirm' ? text.confirmed : text.refused),
      );
    } catch {
      // The catalogue showed why (closed, expired, rate limited); the page shows the current state.
      void load();
    } finally {
      setDeciding(null);
    }
  };

  let body;
  switch (view.state) {
    case 'loading':
      body = <Card loading />;
      break;
    case 'off':
      body = <SandboxDisabled />;
      break;
    case 'missing':
      body = <Result status="404" title={text.notFound} />;
      break;
    case 'failed':
      body = <Result status="error" title={messages.network.fallback} />;
      break;
    case 'ready': {
      const { qr } = view;
      const waiting = qr.status === QR_STATUS.initial;
      body = (
        <Card title={text.qrTitle}>
          <Descriptions column={1}>
            <Descriptions.Item label={text.operation}>{qr.operationName}</Descriptions.Item>
            <Descriptions.Item label={text.user}>
              {qr.userName}（{qr.userMobile}）
            </Descriptions.Item>
            <Descriptions.Item label={text.organization}>{qr.orgName}</Descriptions.Item>
            <Descriptions.Item label={text.status}>{statusTag(qr.status)}</Descriptions.Item>
            <Descriptions.Item label={text.expiresAt}>
              {formatDateTime(qr.expiresAt, { seconds: true })}
            </Descriptions.Item>
          </Descriptions>
          <div className={styles.decision}>
            <Button
              type="primary"
              disabled={!waiting}
              loading={deciding === 'confirm'}
              onClick={() => void decide('confirm')}
            >
              {text.confirm}
            </Button>
            <Button
              danger
              disabled={!waiting}
              loading={deciding === 'refuse'}
              onClick={() => void decide('refuse')}
            >
              {text.refuse}
            </Button>
          </div>
        </Card>
      );
      break;
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <h1 className={styles.title}>{text.title}</h1>
        {body}
        <Link to={paths.sandbox}>{text.back}</Link>
      </div>
    </main>
  );
}
