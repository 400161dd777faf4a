import Tag from 'antd/es/tag';
import { AMOUNT_ENTRIES, type BankVerificationStatus } from '@contract/bank-account';
import { format } from '@/locales/format';
import { bankMessages } from '@/locales/zh-CN/bank';

const COLOR: Record<BankVerificationStatus, string> = {
  REQUESTED: 'processing',
  PAID: 'warning',
  PAYMENT_FAILED: 'error',
  VERIFIED: 'success',
  EXPIRED: 'default',
  FAILED: 'error',
};

/** Where a small-amount transfer verification stands, as a tag. */
export function VerificationStatusTag({ status }: { status: BankVerificationStatus }) {
  return <Tag color={COLOR[status]}>{bankMessages.verificationStatus[status]}</Tag>;
}

/** Why a verification ended without success, said where a new one can be started; null for any other state. */
export function verificationEndedReason(status: BankVerificationStatus | undefined): string | null {
  const ended = bankMessages.verificationEnded;
  if (!status || !Object.hasOwn(ended, status)) return null;
  return format(ended[status as keyof typeof ended], { count: AMOUNT_ENTRIES });
}
