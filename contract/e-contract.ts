/**
 * Electronic contracts (spec sections 1, 7 and 9): the organisation's e-sign account and seals, its
 * contracts, and batch signing with its sign records. Plain values only: the SPA imports this file at run
 * time; the shapes are declared in e-contract-schemas.ts.
 */
/** Spec section 9: the client waits this long for batch-sign; the server answers well within it. */
export const BATCH_SIGN_TIMEOUT = 10_000;
/** Contracts one batch signs at most. */
export const BATCH_SIGN_MAX = 20;

/** A sign flow's states, as the e-sign providers name them. */
export const CONTRACT_STATUS = {
  draft: 'draft',
  signing: 'signing',
  complete: 'complete',
  revoked: 'revoked',
  expired: 'expired',
  refused: 'refused',
} as const;
export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];

/** The business record a contract belongs to. */
export const CONTRACT_BIZ_TYPE = {
  orgAgreement: 'org-agreement',
  /** A pledge financing's loan contract (借款合同). */
  pledgeFinancing: 'pledge-financing',
  /** A pledge financing's pledge contract (质押合同) over its bills. */
  pledgeFinancingPledge: 'pledge-financing-pledge',
} as const;
export type ContractBizType = (typeof CONTRACT_BIZ_TYPE)[keyof typeof CONTRACT_BIZ_TYPE];

/** A batch signing's state: queued, running, finished (some may have failed), failed, or cancelled before it ran. */
export const SIGN_RECORD_STATUS = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;
export type SignRecordStatus = (typeof SIGN_RECORD_STATUS)[keyof typeof SIGN_RECORD_STATUS];

export const SIGN_ITEM_STATUS = {
  pending: 'pending',
  signing: 'signing',
  signed: 'signed',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;
export type SignItemStatus = (typeof SIGN_ITEM_STATUS)[keyof typeof SIGN_ITEM_STATUS];

export const SEAL_TEMPLATE = {
  official40: 'official40',
  official42: 'official42',
  contract38: 'contract38',
} as const;
export type SealTemplateName = (typeof SEAL_TEMPLATE)[keyof typeof SEAL_TEMPLATE];

/** The contract calls' paths (spec section 7), for the web app's requests. */
export const ECONTRACT_URL = {
  isOpen: '/api/edoc/acct/is-open',
  open: '/api/edoc/acct/open',
  seals: '/api/edoc/acct/seal/list',
  contracts: '/api/edoc/contract/v2/page',
  preview: '/api/edoc/contract/v2/:id/preview',
  batchSign: '/api/edoc/contract/v2/batch-sign',
  status: '/api/scbill/contract/sign/status',
  signInfo: '/api/scbill/open/contract/sign-info',
  records: '/api/sign/record/page',
  recordResult: '/api/sign/record/result',
  cancelRecord: '/api/sign/record/auth/cancel',
  /** The e-sign provider's call back to the platform. */
  callback: '/api/edoc/callback',
  sandboxAgreement: '/api/sandbox/e-contract/agreement',
} as const;
