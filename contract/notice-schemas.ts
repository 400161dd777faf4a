import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import { NOTICE_CONTENT_MAX, NOTICE_STATUS, NOTICE_TITLE_MAX, NOTICE_TYPE } from './notice';

/**
 * The wire shapes of notice.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

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
  /**
   * Where the notice leads, a path of the web app (e.g. `/chain-bill/sign-workbench?bill=…` for an application
   * waiting for the organisation's answer); absent when it only informs. Not in the spec: our addition.
   */
  link: Type.Optional(Type.String()),
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

/** `PUT /api/plat-message/notice/all/read` answer. */
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
