import { CloseCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import { QR_STATUS } from '@contract/verification';
import { exceptionPicture } from '@/components/exception-picture/exception-picture';
import { paths } from '@/config/paths';
import { callFailureOf } from '@/lib/http-error';
import { withNotifier } from '@/lib/notify';
import { errorMessages } from '@/locales/zh-CN/errors';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatDateTime } from '@/utils/date-time';
import {
  HTTP_NOT_FOUND,
  useDecideSandboxQrMutation,
  usePendingQrsQuery,
  useSandboxQrQuery,
  type SandboxDecision,
} from '@/features/sandbox/api/sandbox-api';
import { SandboxDisabled } from './sandbox-page';
import styles from './sandbox.module.css';

const text = sandboxMessages;

function statusTag(status: number) {
  if (status === QR_STATUS.initial) return <Tag color="processing">{text.statusWaiting}</Tag>;
  if (status === QR_STATUS.success) return <Tag color="success">{text.statusConfirmed}</Tag>;
  return <Tag>{text.statusEnded}</Tag>;
}

const isNotFound = (error: unknown) => callFailureOf(error)?.status === HTTP_NOT_FOUND;

interface Lookup {
  isUninitialized: boolean;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

function viewOf(
  qr: Lookup,
  probe: Lookup,
  hasQr: boolean,
): 'loading' | 'ready' | 'missing' | 'off' | 'failed' {
  if (qr.isLoading) return 'loading';
  if (hasQr && !qr.isError) return 'ready';
  if (!isNotFound(qr.error)) return 'failed';
  if (probe.isUninitialized || probe.isLoading) return 'loading';
  return isNotFound(probe.error) ? 'off' : 'missing';
}

/**
 * Where a sandbox QR code points (`/#/sandbox/qr/:qrId`): the e-licence app's confirmation screen, with
 * the operation to authorise and 确认授权 / 拒绝.
 */
export function SandboxQrPage({ qrId }: { qrId: string }) {
  const qr = useSandboxQrQuery(qrId, { refetchOnMountOrArgChange: true });
  // A code that does not exist and a sandbox that is off both answer 404: the pending list tells them apart.
  const probe = usePendingQrsQuery(isNotFound(qr.error) ? undefined : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [decideQr, decided] = useDecideSandboxQrMutation();
  const deciding = decided.isLoading ? decided.originalArgs?.decision : undefined;
  const shown = decided.data ?? qr.data;

  const decide = async (decision: SandboxDecision['decision']) => {
    try {
      await decideQr({ qrId, decision }).unwrap();
    } catch {
      // The catalogue showed why (closed, expired, rate limited); the page shows the current state.
      void qr.refetch();
      return;
    }
    withNotifier(
      ({ message }) => void message.success(decision === 'confirm' ? text.confirmed : text.refused),
    );
  };

  const view = viewOf(qr, probe, shown !== undefined);

  let body;
  switch (view) {
    case 'loading':
      body = <Card loading />;
      break;
    case 'off':
      body = <SandboxDisabled />;
      break;
    case 'missing':
      body = <Result {...exceptionPicture('404')} title={text.notFound} />;
      break;
    case 'failed':
      body = (
        <Result
          status="error"
          icon={<CloseCircleFilled aria-hidden />}
          title={errorMessages.network.fallback}
        />
      );
      break;
    case 'ready': {
      if (!shown) break;
      const waiting = shown.status === QR_STATUS.initial;
      body = (
        <Card title={text.qrTitle}>
          <Descriptions column={1}>
            <Descriptions.Item label={text.operation}>{shown.operationName}</Descriptions.Item>
            <Descriptions.Item label={text.user}>
              {shown.userName}（{shown.userMobile}）
            </Descriptions.Item>
            <Descriptions.Item label={text.organization}>{shown.orgName}</Descriptions.Item>
            {shown.authItem && <Descriptions.Item label={text.authItem}>{shown.authItem}</Descriptions.Item>}
            <Descriptions.Item label={text.status}>{statusTag(shown.status)}</Descriptions.Item>
            <Descriptions.Item label={text.expiresAt}>
              {formatDateTime(shown.expiresAt, { seconds: true })}
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
