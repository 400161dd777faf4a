import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import { FREEZE_AUTHORITY_MAX, FREEZE_DOCUMENT_MAX, FREEZE_RISKS, FREEZE_STATUSES } from './freeze';

/**
 * The wire shapes of freeze.ts's domain, each declared once: a TypeBox schema the server validates with,
 * and its type that the SPA imports with `import type`.
 */

/** One freeze as the holder's list shows it. */
export const FreezeRecord = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Type.String(),
  dueDate: Type.String(),
  holder: Type.Object({ orgId: Type.String(), name: Type.String() }),
  risk: literalUnion(FREEZE_RISKS),
  authority: Type.String(),
  documentNo: Type.String(),
  status: literalUnion(FREEZE_STATUSES),
  frozenAt: Type.String(),
  liftedAt: Type.Union([Type.String(), Type.Null()]),
  liftAuthority: Type.Union([Type.String(), Type.Null()]),
  liftDocumentNo: Type.Union([Type.String(), Type.Null()]),
});
export type FreezeRecord = Static<typeof FreezeRecord>;

/** `GET /api/scbill/freeze/list` */
export const FreezeListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  status: Type.Optional(literalUnion(FREEZE_STATUSES)),
  packageNo: Type.Optional(Type.String({ maxLength: 30 })),
});
export type FreezeListQuery = Static<typeof FreezeListQuery>;

const Authority = Type.String({ minLength: 1, maxLength: FREEZE_AUTHORITY_MAX });
const DocumentNo = Type.String({ minLength: 1, maxLength: FREEZE_DOCUMENT_MAX });

/** `POST /api/sandbox/bill-registry/freezes`: an authority's order as the registry delivers it. */
export const SandboxFreezeOrder = Type.Object({
  /** The registry's own reference: the same order delivered twice freezes once. */
  reference: Type.String({ minLength: 1, maxLength: 64 }),
  packageNo: Type.String({ minLength: 1, maxLength: 30 }),
  /** Sub-ticket numbers, both inclusive; the whole holding that contains `subStart` when both are absent. */
  subStart: Type.Optional(Type.Integer({ minimum: 1 })),
  subEnd: Type.Optional(Type.Integer({ minimum: 1 })),
  risk: literalUnion(FREEZE_RISKS),
  authority: Authority,
  documentNo: DocumentNo,
});
export type SandboxFreezeOrder = Static<typeof SandboxFreezeOrder>;

/** `POST /api/sandbox/bill-registry/freezes/:id/lift` */
export const SandboxLiftOrder = Type.Object({
  reference: Type.String({ minLength: 1, maxLength: 64 }),
  authority: Authority,
  documentNo: DocumentNo,
});
export type SandboxLiftOrder = Static<typeof SandboxLiftOrder>;

/** What the sandbox registry answers: the freeze as registered or lifted. */
export const SandboxFreezeResult = Type.Object({
  id: Type.String(),
  status: literalUnion(FREEZE_STATUSES),
  range: Type.String(),
  amount: Type.String(),
});
export type SandboxFreezeResult = Static<typeof SandboxFreezeResult>;
