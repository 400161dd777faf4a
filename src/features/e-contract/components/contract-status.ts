import type { ContractStatus, SignItemStatus, SignRecordStatus } from '@contract/e-contract';

/** Tag colours of the states: what waits is blue, what is done green, what ended without a signature grey or red. */
export const STATUS_COLOR: Record<ContractStatus, string> = {
  draft: 'processing',
  signing: 'processing',
  complete: 'success',
  revoked: 'default',
  expired: 'default',
  refused: 'error',
};

export const RECORD_COLOR: Record<SignRecordStatus, string> = {
  pending: 'processing',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

export const ITEM_COLOR: Record<SignItemStatus, string> = {
  pending: 'processing',
  signing: 'processing',
  signed: 'success',
  failed: 'error',
  cancelled: 'default',
};
