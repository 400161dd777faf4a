import Tag from 'antd/es/tag';
import type { BankVerificationStatus } from '@contract/bank-account';
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
  return status && Object.hasOwn(ended, status) ? ended[status as keyof typeof ended] : null;
}
