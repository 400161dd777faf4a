import { Type, type Static } from 'typebox';
import { PACKAGE_NO_LENGTH } from './bills';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import { OVERDUE_REASON_MAX } from './payment';
import { PLEDGE_REMARK_MAX, PLEDGE_STATUSES } from './pledge';

/**
 * The wire shapes of pledge.ts's domain, each declared once: a TypeBox schema the server validates with,
 * and its type that the SPA imports with `import type`.
 */

/** Yuan with two decimals, e.g. "1000000.00". */
const Yuan = Type.String();
const Party = Type.Object({ orgId: Type.String(), name: Type.String() });

/** `POST /api/scbill/pledge/apply` */
export const PledgeApplyRequest = Type.Object({
  /** The holding whose front part is pledged. */
  holdingId: Type.String({ maxLength: 64 }),
  institutionOrgId: Type.String({ maxLength: 64 }),
  /** Yuan: the front part, all of it when the bill may not be split. Checked by the server itself. */
  amount: Type.String({ maxLength: 32 }),
  remark: Type.Optional(Type.String({ maxLength: PLEDGE_REMARK_MAX })),
});
export type PledgeApplyRequest = Static<typeof PledgeApplyRequest>;

/** One pledge as the pledgor's list shows it. */
export const PledgeRecord = Type.Object({
  /** The pledge application's id, which names the pledge from then on. */
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  acceptorName: Type.String(),
  maturityDate: Type.String(),
  /** The pledgee. */
  institution: Party,
  status: literalUnion(PLEDGE_STATUSES),
  /** The institution's refusal, or the pledgor's refusal of the last release asked. */
  reason: Type.Union([Type.String(), Type.Null()]),
  remark: Type.String(),
  appliedAt: Type.String(),
  pledgedAt: Type.Union([Type.String(), Type.Null()]),
  /** When the pledgee asked the release now waiting (status releasing). */
  releaseAppliedAt: Type.Union([Type.String(), Type.Null()]),
  releasedAt: Type.Union([Type.String(), Type.Null()]),
  /** What the pledgor may do now: withdraw its application, sign or refuse a release. */
  actions: Type.Array(literalUnion(['withdraw', 'releaseSign', 'releaseRefuse'] as const)),
});
export type PledgeRecord = Static<typeof PledgeRecord>;
export type PledgeAction = PledgeRecord['actions'][number];

/** `GET /api/scbill/pledge/list` */
export const PledgeListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  status: Type.Optional(literalUnion(PLEDGE_STATUSES)),
  /** The pledgee. */
  institutionOrgId: Type.Optional(Type.String({ maxLength: 64 })),
  /** A package number, a fragment. */
  packageNo: Type.Optional(Type.String({ maxLength: PACKAGE_NO_LENGTH })),
});
export type PledgeListQuery = Static<typeof PledgeListQuery>;
/** The list's filters, as the page keeps them. */
export type PledgeListFilter = Omit<PledgeListQuery, 'page' | 'size'>;

/** A sandbox institution's pledge, for the sandbox page (a developer asks its release). */
export const SandboxPledge = Type.Object({
  id: Type.String(),
  institutionName: Type.String(),
  pledgorName: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  maturityDate: Type.String(),
  status: literalUnion(PLEDGE_STATUSES),
  pledgedAt: Type.Union([Type.String(), Type.Null()]),
  /**
   * The range is under recourse after the pledgee's presentation at maturity was refused: the pledgee may
   * pursue its earlier parties (and may no longer ask the release).
   */
  underRecourse: Type.Boolean(),
});
export type SandboxPledge = Static<typeof SandboxPledge>;

/** `POST /api/sandbox/institution/pledges/:id/present`: 逾期提示付款 after the presentation period needs its reason. */
export const SandboxPledgePresentRequest = Type.Object({
  overdueReason: Type.Optional(Type.String({ maxLength: OVERDUE_REASON_MAX })),
});
export type SandboxPledgePresentRequest = Static<typeof SandboxPledgePresentRequest>;
