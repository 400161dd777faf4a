/**
 * 保证 (docs/domain.md, guarantee): a party liable on a bill asks another organisation to guarantee its
 * obligation; the guarantor signs or refuses. Plain values only: the SPA imports this file at run time; the
 * shapes are declared in guarantee-schemas.ts.
 */

export const GUARANTEE_URL = {
  /**
   * `GET`, `keyword` and `size` in the query: the newest bills the caller is liable on as drawer, acceptor or
   * endorser whose number or party matches, each with its roles (the apply form searches as the user types).
   */
  candidates: '/api/scbill/guarantee/candidates',
  /** `POST`: the liable party applies to a guarantor (a ledger act). */
  apply: '/api/scbill/guarantee/apply',
  /** `POST` (`:id` the guarantee's): the guarantor signs. */
  sign: '/api/scbill/guarantee/:id/sign',
  /** `POST`: the guarantor refuses, with a reason. */
  refuse: '/api/scbill/guarantee/:id/refuse',
  /** `POST`: the applicant withdraws one not yet answered. */
  withdraw: '/api/scbill/guarantee/:id/withdraw',
  /** `GET`, paging, `side`, `status` and `packageNo` in the query: the caller's guarantees, newest first. */
  list: '/api/scbill/guarantee/list',
} as const;

/** The 保证 page of the web app (its hash route, src/config/paths.ts guarantee). */
export const GUARANTEE_HASH_PATH = '/chain-bill/guarantee';
/** Where the guarantor's to-do leads: the page open on what it must answer. */
export const GUARANTEE_TODO_LINK = `${GUARANTEE_HASH_PATH}?side=received`;

/** How many bills the apply form's search answers unless it asks for another number, and the most it may. */
export const GUARANTEE_CANDIDATES_SIZE = 20;
export const GUARANTEE_CANDIDATES_MAX = 50;
/** The longest keyword the search takes: a whole package number, or a part of a company's name. */
export const GUARANTEE_KEYWORD_MAX = 60;

/** Whose obligation is guaranteed: the party's role on the bill (SHCPE's 出票保证, 承兑保证, 背书保证). */
export const GUARANTEED_ROLE = { drawer: 'drawer', acceptor: 'acceptor', endorser: 'endorser' } as const;
export type GuaranteedRole = (typeof GUARANTEED_ROLE)[keyof typeof GUARANTEED_ROLE];
export const GUARANTEED_ROLES: readonly GuaranteedRole[] = Object.values(GUARANTEED_ROLE);
export const GUARANTEED_ROLE_LABEL: Record<GuaranteedRole, string> = {
  drawer: '出票人',
  acceptor: '承兑人',
  endorser: '背书人',
};

/** Which of the caller's guarantees a list shows: those it applied for, or those it is asked to give. */
export const GUARANTEE_SIDE = { applied: 'applied', received: 'received' } as const;
export type GuaranteeSide = (typeof GUARANTEE_SIDE)[keyof typeof GUARANTEE_SIDE];
export const GUARANTEE_SIDES: readonly GuaranteeSide[] = Object.values(GUARANTEE_SIDE);

export const GUARANTEE_REMARK_MAX = 200;
