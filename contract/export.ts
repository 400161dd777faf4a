import { Type, type Static } from 'typebox';
import { BIZ_TYPES, literalUnion } from './statistics';

/** What the export centre can produce (spec section 7: organization relation; and the operation list). */
export const EXPORT_KIND = { operationList: 'operation-list', orgRelation: 'org-relation' } as const;
export type ExportKind = (typeof EXPORT_KIND)[keyof typeof EXPORT_KIND];

/** The Chinese name of each export, shown in the task list and used for the file name. */
export const EXPORT_KIND_NAME: Record<ExportKind, string> = {
  'operation-list': '业务操作记录',
  'org-relation': '企业关系信息',
};

export const EXPORT_STATUS = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
} as const;
export type ExportStatus = (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS];

/** Exports per user per minute (SECURITY-CHECKLIST H35). */
export const EXPORT_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;
/** Rows one export may hold; a larger one is refused up front. */
export const EXPORT_ROW_CAP = 50_000;

export const ExportKindSchema = Type.Union([
  Type.Literal(EXPORT_KIND.operationList),
  Type.Literal(EXPORT_KIND.orgRelation),
]);

/** Filters of the operation-list export; the org-relation export takes none. */
export const ExportParams = Type.Object({
  bizType: Type.Optional(literalUnion(BIZ_TYPES)),
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
  status: Type.Union([
    Type.Literal(EXPORT_STATUS.pending),
    Type.Literal(EXPORT_STATUS.running),
    Type.Literal(EXPORT_STATUS.done),
    Type.Literal(EXPORT_STATUS.failed),
  ]),
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

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
