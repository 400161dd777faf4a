/**
 * Financial institutions on the platform (docs/domain.md, financial institutions): the licensed banks bills
 * are discounted with and pledged to. An institution is an organisation of its own kind; its side of every
 * act runs through the institution adapter, never through signed-in staff.
 */

/** What an organisation is: an enterprise with staff on the platform, or a financial institution. */
export const ORG_KIND = { enterprise: 'enterprise', institution: 'institution' } as const;
export type OrgKind = (typeof ORG_KIND)[keyof typeof ORG_KIND];

export const INSTITUTION_URL = {
  /** `GET`: the institutions, for the discount, pledge and financing forms. */
  list: '/api/scbill/basic-data/institutions',
  /** `GET`: applications the sandbox institutions are to answer, then the latest answered. */
  sandboxApplications: '/api/sandbox/institution/applications',
  /** `POST` (`:id` the application's): a developer answers for the institution. */
  sandboxAnswer: '/api/sandbox/institution/applications/:id/answer',
} as const;

/** Why an institution declines or refuses (the institution adapter's reasons). */
export const INSTITUTION_REFUSAL_REASONS = [
  'acceptor_not_approved',
  'over_limit',
  'term_out_of_range',
  'rate_too_low',
  'other',
] as const;
export type InstitutionRefusalReason = (typeof INSTITUTION_REFUSAL_REASONS)[number];

/** Where an application to a sandbox institution stands. */
export const SANDBOX_APPLICATION_STATE = {
  waiting: 'waiting',
  /** Answered (by hand or by the policy) and being delivered. */
  answering: 'answering',
  signed: 'sign',
  refused: 'refuse',
  withdrawn: 'withdrawn',
  /** The platform did not take the answer after every retry. */
  failed: 'failed',
} as const;
export type SandboxApplicationState =
  (typeof SANDBOX_APPLICATION_STATE)[keyof typeof SANDBOX_APPLICATION_STATE];

/** What a remark a developer writes for a refusal may hold. */
export const SANDBOX_REMARK_MAX = 100;
