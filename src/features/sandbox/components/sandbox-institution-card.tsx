import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import {
  INSTITUTION_REFUSAL_REASONS,
  SANDBOX_APPLICATION_STATE,
  type InstitutionRefusalReason,
} from '@contract/institution';
import type { SandboxInstitutionApplication } from '@contract/institution-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { callFailureOf } from '@/lib/http-error';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  HTTP_NOT_FOUND,
  useAnswerInstitutionApplicationMutation,
  useSandboxInstitutionApplicationsQuery,
} from '@/features/sandbox/api/sandbox-api';
import { say } from './sandbox-say';
import styles from './sandbox.module.css';

const text = sandboxMessages;
const REASON_OPTIONS = INSTITUTION_REFUSAL_REASONS.map((value) => ({
  value,
  label: text.refuseReasons[value],
}));

function Answer({ application }: { application: SandboxInstitutionApplication }) {
  const [reason, setReason] = useState<InstitutionRefusalReason>(application.policy.reason ?? 'other');
  const [answer, answering] = useAnswerInstitutionApplicationMutation();
  const send = async (decision: 'sign' | 'refuse') => {
    const result = await answer(
      decision === 'sign' ? { id: application.id, decision } : { id: application.id, decision, reason },
    );
    if ('data' in result) say.success(text.answeredByHand);
  };
  return (
    <Space wrap>
      <Button type="primary" size="small" loading={answering.isLoading} onClick={() => void send('sign')}>
        {text.signApplication}
      </Button>
      <Select
        size="small"
        aria-label={text.refuseReasonLabel}
        value={reason}
        options={REASON_OPTIONS}
        onChange={setReason}
        className={styles.reasonSelect}
      />
      <Button danger size="small" loading={answering.isLoading} onClick={() => void send('refuse')}>
        {text.refuseApplication}
      </Button>
    </Space>
  );
}

/**
 * The sandbox institutions' inbox: the discount and pledge applications made to them, what their written
 * policy would answer and when, and a developer's answer in their place before that.
 */
export function SandboxInstitutionCard({ onOff }: { onOff: () => void }) {
  const list = useSandboxInstitutionApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const off = callFailureOf(list.error)?.status === HTTP_NOT_FOUND;
  useEffect(() => {
    if (off) onOff();
  }, [off, onOff]);
  const applications = list.isError ? undefined : list.currentData;

  return (
    <Card
      title={<CardTitle>{text.institutionTitle}</CardTitle>}
      loading={list.isLoading}
      extra={
        <Button size="small" onClick={() => void list.refetch()}>
          {text.refresh}
        </Button>
      }
    >
      <p className={styles.cardIntro}>{text.institutionIntro}</p>
      {applications &&
        (applications.length === 0 ? (
          <Empty description={text.noApplications} />
        ) : (
          <ul className={styles.messages} aria-label={text.applicationsLabel}>
            {applications.map((application) => {
              const waiting = application.state === SANDBOX_APPLICATION_STATE.waiting;
              return (
                <li key={application.id} className={styles.message}>
                  <span className={styles.messageTime}>
                    {formatDateTime(application.createdAt, { seconds: true })}{' '}
                    <Tag>{text.states[application.state]}</Tag>
                  </span>
                  <p className={styles.messageText}>
                    {application.institutionName} · {text.actNames[application.act] ?? application.act} ·{' '}
                    {text.clearingNames[application.clearing] ?? application.clearing}
                  </p>
                  <p className={styles.messageText}>
                    {text.applicant}：{application.applicantName} · {text.acceptor}：
                    {application.acceptorName}
                  </p>
                  <p className={styles.messageText}>
                    {text.billNo}：{application.billNo} · {text.partAmount}：
                    <strong className={styles.amount}>{formatYuan(application.amount)}</strong> ·{' '}
                    {text.maturity}：{application.maturityDate}
                    {application.annualRate && ` · ${text.rate}：${application.annualRate}%`}
                  </p>
                  {application.remark && <p className={styles.messageText}>{application.remark}</p>}
                  {waiting && (
                    <>
                      <p className={styles.messageText}>
                        {text.policySays}：
                        {application.policy.decision === 'sign'
                          ? text.policySign(application.policy.annualRate)
                          : text.policyRefuse(application.policy.remark)}{' '}
                        · {text.dueAt}：
                        {application.dueAt
                          ? formatDateTime(application.dueAt, { seconds: true })
                          : text.byHandOnly}
                      </p>
                      <Answer application={application} />
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
    </Card>
  );
}
