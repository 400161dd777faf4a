import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { EXPORT_KIND, EXPORT_STATUS } from './export';
import { BillListQuery } from './bills-schemas';
import { DiscountListFilter } from './discount-schemas';
import { BIZ_TYPES } from './statistics';
import { GUARANTEE_SIDES } from './guarantee';
import { RECOURSE_SIDES } from './recourse';
import { PAYMENT_SIDES } from './payment';

/**
 * The wire shapes of export.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const ExportKindSchema = literalUnion(Object.values(EXPORT_KIND));

/**
 * Filters of an export: the operation list's business type, a bill list's filters and sort as its list
 * call takes them (billStatus, counterparty, amount and maturity ranges), or 我的贴现's (package number,
 * status, institution, discount dates); the org-relation export takes none.
 */
export const ExportParams = Type.Object({
  bizType: Type.Optional(literalUnion(BIZ_TYPES)),
  billStatus: BillListQuery.properties.billStatus,
  counterparty: BillListQuery.properties.counterparty,
  minAmount: BillListQuery.properties.minAmount,
  maxAmount: BillListQuery.properties.maxAmount,
  dueFrom: BillListQuery.properties.dueFrom,
  dueTo: BillListQuery.properties.dueTo,
  packageId: BillListQuery.properties.packageId,
  sort: BillListQuery.properties.sort,
  /** The guarantees' list: which side, and a fragment of the package number (billStatus is its status). */
  /**
   * Which side of a two-sided list, as that list takes it: the guarantees' (applied, received) or the
   * presentations' (presenter, acceptor; billStatus is the state, dueFrom and dueTo the maturity).
   */
  side: Type.Optional(literalUnion([...GUARANTEE_SIDES, ...PAYMENT_SIDES])),
  /** The 追索 list's side: the notices sent, or those to pay. */
  recourseSide: Type.Optional(literalUnion(RECOURSE_SIDES)),
  /** 我的贴现's filters; its package number, typed with spaces, may run longer than the guarantees' 30. */
  ...DiscountListFilter.properties,
});
export type ExportParams = Static<typeof ExportParams>;

/** `POST /api/export-tasks` */
export const ExportTaskRequest = Type.Object({
  kind: ExportKindSchema,
  params: Type.Optional(ExportParams),
});
export type ExportTaskRequest = Static<typeof ExportTaskRequest>;

export const ExportTask = Type.Object({
  id: Type.String(),
  kind: ExportKindSchema,
  name: Type.String(),
  status: literalUnion(Object.values(EXPORT_STATUS)),
  /** 0-100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The download's (Chinese) file name, e.g. 业务操作记录_20260302090000.xlsx. */
  fileName: Type.String(),
  /** ISO 8601 (UTC). */
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ExportTask = Static<typeof ExportTask>;

export const ExportTaskParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
