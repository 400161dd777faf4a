import Alert from 'antd/es/alert';
import type { ColumnsType } from 'antd/es/table';
import { CLEARING } from '@contract/discount';
import { CLAIM_BASIS } from '@contract/recourse';
import {
  DEBTOR_ROLE_LABEL,
  RECOURSE_STATUS,
  RECOURSE_STATUS_COLOR,
  RECOURSE_STATUS_LABEL,
} from '@contract/recourse';
import type { RecourseRecord } from '@contract/recourse-schemas';
import { StatusCell } from '@/components/status-cell/status-cell';
import { recourseMessages } from '@/locales/zh-CN/recourse';
import { formatYuan } from '@/utils/amount';
import styles from './recourse-claim.module.css';

const text = recourseMessages;

/**
 * The columns a list of recourse notices shows alike on the 追索 page and the sandbox: the party pursued, the
 * claim with its make-up, the 同意清偿 and its clearing, and the status (the holder's 驳回 reopens the notice,
 * 待清偿: its reason is shown while the notice is open).
 */
export const recourseNoticeColumns = (): ColumnsType<RecourseRecord> => [
  {
    title: text.debtor,
    key: 'debtor',
    render: (_, r) => `${r.debtor.name}（${DEBTOR_ROLE_LABEL[r.debtorRole]}）`,
  },
  {
    title: text.claim,
    key: 'claim',
    align: 'right',
    render: (_, r) => (
      <>
        <div>{formatYuan(r.claim.total)}</div>
        <div className={styles.makeUp}>
          {(r.claim.basis === CLAIM_BASIS.paid ? text.paidClaimDetail : text.claimDetail)(
            formatYuan(r.claim.face),
            formatYuan(r.claim.interest),
            formatYuan(r.claim.costs),
          )}
        </div>
      </>
    ),
  },
  {
    title: text.agreedAmount,
    key: 'agreedAmount',
    align: 'right',
    render: (_, r) =>
      r.agreedAmount
        ? `${formatYuan(r.agreedAmount)}（${text.clearings[r.clearing ?? CLEARING.online]}）`
        : '--',
  },
  {
    title: text.status,
    key: 'status',
    render: (_, r) => (
      <StatusCell
        color={RECOURSE_STATUS_COLOR[r.status]}
        label={RECOURSE_STATUS_LABEL[r.status]}
        reason={{ label: text.reason, text: r.status === RECOURSE_STATUS.notified ? r.rejectReason : null }}
      />
    ),
  },
];

/** What a range's standing warns of before a notice: refused after its presentation period, an answer pending. */
export function StandingAlerts({
  standing,
  agreementPending,
  className,
}: {
  standing: { overdue: boolean; agreementPending: boolean };
  /** What to do about an answer pending, which differs where it is signed. */
  agreementPending: string;
  className?: string;
}) {
  return (
    <>
      {standing.overdue && (
        <Alert type="warning" showIcon title={text.overdueWarning} className={className} />
      )}
      {standing.agreementPending && (
        <Alert type="info" showIcon title={agreementPending} className={className} />
      )}
    </>
  );
}
