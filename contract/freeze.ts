/**
 * 冻结 (docs/domain.md, freezes): orders of an authority that freeze and lift a range of a bill, arriving from
 * the bill registry; the holder's list of them. Plain values only: the SPA imports this file at run time; the
 * shapes are declared in freeze-schemas.ts.
 */

export const FREEZE_URL = {
  /** `GET`, paging, `status` and `packageNo` in the query: freezes of ranges the organisation held. */
  list: '/api/scbill/freeze/list',
  /** `POST`: the sandbox registry delivers an authority's freeze order (operator and tests only). */
  sandboxFreeze: '/api/sandbox/bill-registry/freezes',
  /** `POST` (`:id` the freeze's): the sandbox registry delivers the order that lifts it. */
  sandboxLift: '/api/sandbox/bill-registry/freezes/:id/lift',
} as const;

/** The 冻结 page of the web app (its hash route, src/config/paths.ts freeze). */
export const FREEZE_HASH_PATH = '/chain-bill/freeze';

/** Why a range is frozen (SHCPE's risk types): a court's 司法冻结, a 挂失止付, a 公示催告. */
export const FREEZE_RISK = {
  judicial: 'judicial',
  lossStop: 'lossStop',
  publicNotice: 'publicNotice',
} as const;
export type FreezeRisk = (typeof FREEZE_RISK)[keyof typeof FREEZE_RISK];
export const FREEZE_RISKS: readonly FreezeRisk[] = Object.values(FREEZE_RISK);
export const FREEZE_RISK_LABEL: Record<FreezeRisk, string> = {
  judicial: '司法冻结',
  lossStop: '挂失止付',
  publicNotice: '公示催告',
};

export const FREEZE_STATUS = { active: 'active', lifted: 'lifted' } as const;
export type FreezeStatus = (typeof FREEZE_STATUS)[keyof typeof FREEZE_STATUS];
export const FREEZE_STATUSES: readonly FreezeStatus[] = Object.values(FREEZE_STATUS);
export const FREEZE_STATUS_LABEL: Record<FreezeStatus, string> = { active: '冻结中', lifted: '已解除' };

export const FREEZE_AUTHORITY_MAX = 100;
export const FREEZE_DOCUMENT_MAX = 100;
