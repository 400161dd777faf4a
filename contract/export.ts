/**
 * The export centre: tasks the server runs in the background, and their downloads. Plain values only:
 * the SPA imports this file at run time; the shapes are declared in export-schemas.ts.
 */

/** What the export centre can produce (spec section 7: organization relation; and the operation list). */
export const EXPORT_KIND = {
  operationList: 'operation-list',
  orgRelation: 'org-relation',
  billsHeld: 'bills-held',
  billsIssued: 'bills-issued',
  billsPending: 'bills-pending',
  billApplications: 'bill-applications',
  /** One side of the 保证 page's list (ExportParams.side). */
  guarantees: 'guarantees',
  discounts: 'discounts',
  /** 我的质押 (its status in ExportParams.billStatus). */
  pledges: 'pledges',
  /** The 冻结 page's records (billStatus: active or lifted). */
  freezes: 'freezes',
  /** One side of the 追索 page's list (ExportParams.recourseSide; billStatus is its status). */
  recourse: 'recourse',
  /** One side of the 提示付款 page's presentations (ExportParams.side). */
  payments: 'payments',
} as const;
export type ExportKind = (typeof EXPORT_KIND)[keyof typeof EXPORT_KIND];

/** The Chinese name of each export, shown in the task list and used for the file name. */
export const EXPORT_KIND_NAME: Record<ExportKind, string> = {
  'operation-list': '业务操作记录',
  'org-relation': '企业关系信息',
  'bills-held': '持有票据',
  'bills-issued': '已出票据',
  'bills-pending': '待签收申请',
  'bill-applications': '我发起的申请',
  guarantees: '票据保证',
  discounts: '我的贴现',
  pledges: '我的质押',
  freezes: '冻结记录',
  recourse: '票据追索',
  payments: '提示付款',
};

export const EXPORT_STATUS = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
} as const;
export type ExportStatus = (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS];

/** Exports per user per minute: each one reads a whole log and writes a file. */
export const EXPORT_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;
/** Rows one export may hold; a larger one is refused up front. */
export const EXPORT_ROW_CAP = 50_000;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `POST` creates a task (ExportTaskRequest), `GET` pages the caller's tasks. */
export const EXPORT_URL = {
  tasks: '/api/export-tasks',
  file: '/api/export-tasks/:id/file',
} as const;
