import { Type, type Static } from 'typebox';
import { Mobile } from './auth';

/** Spec section 3: notice item type. 2 = to-do notice (待办通知), 3 = announcement (公告). */
export const NOTICE_TYPE = { todo: 2, announcement: 3 } as const;
export type NoticeType = (typeof NOTICE_TYPE)[keyof typeof NOTICE_TYPE];

/** 0 = unread (or, for a to-do, pending), 1 = read. */
export const NOTICE_STATUS = { unread: 0, read: 1 } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 2000;

const NoticeTypeSchema = Type.Union([Type.Literal(NOTICE_TYPE.todo), Type.Literal(NOTICE_TYPE.announcement)]);
const NoticeStatusSchema = Type.Union([Type.Literal(NOTICE_STATUS.unread), Type.Literal(NOTICE_STATUS.read)]);

/** One platform message as the caller sees it; `status` is the caller's own read state. */
export const NoticeItem = Type.Object({
  id: Type.String(),
  type: NoticeTypeSchema,
  status: NoticeStatusSchema,
  title: Type.String(),
  content: Type.String(),
  /** ISO 8601 (UTC). */
  createdAt: Type.String({ format: 'date-time' }),
});
export type NoticeItem = Static<typeof NoticeItem>;

/** Body of `POST /api/plat-message/page`; page and size are in the query string. */
export const NoticeFilter = Type.Object({
  status: Type.Optional(NoticeStatusSchema),
  type: Type.Optional(NoticeTypeSchema),
});
export type NoticeFilter = Static<typeof NoticeFilter>;

/** Query of `PUT /api/plat-message/{id}`: the only change a user can make is marking read. */
export const NoticeMarkQuery = Type.Object({ status: Type.Literal(NOTICE_STATUS.read) });
export const NoticeIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const NoticeMarkedAll = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export type NoticeMarkedAll = Static<typeof NoticeMarkedAll>;

/** `POST /api/sandbox/notices`: posts a notice to one account (in its default organisation unless orgId). */
export const SandboxNoticeRequest = Type.Object({
  mobile: Mobile,
  type: NoticeTypeSchema,
  title: Type.String({ minLength: 1, maxLength: NOTICE_TITLE_MAX }),
  content: Type.String({ maxLength: NOTICE_CONTENT_MAX }),
  orgId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type SandboxNoticeRequest = Static<typeof SandboxNoticeRequest>;
