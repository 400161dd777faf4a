import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import type { Assert, Same } from './common-schemas';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_STATUS,
  NOTICE_TITLE_MAX,
  NOTICE_TYPE,
  type NoticeFilter as NoticeFilterShape,
  type NoticeItem as NoticeItemShape,
  type NoticeMarkedAll as NoticeMarkedAllShape,
  type SandboxNoticeRequest as SandboxNoticeRequestShape,
} from './notice';

/** TypeBox schemas of the shapes in contract/notice.ts, for the server's routes. */

const NoticeTypeSchema = Type.Union([Type.Literal(NOTICE_TYPE.todo), Type.Literal(NOTICE_TYPE.announcement)]);
const NoticeStatusSchema = Type.Union([Type.Literal(NOTICE_STATUS.unread), Type.Literal(NOTICE_STATUS.read)]);

export const NoticeItem = Type.Object({
  id: Type.String(),
  type: NoticeTypeSchema,
  status: NoticeStatusSchema,
  title: Type.String(),
  content: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  link: Type.Optional(Type.String()),
});
export type NoticeItem = NoticeItemShape;
export type _CheckNoticeItem = Assert<Same<Static<typeof NoticeItem>, NoticeItemShape>>;

export const NoticeFilter = Type.Object({
  status: Type.Optional(NoticeStatusSchema),
  type: Type.Optional(NoticeTypeSchema),
});
export type NoticeFilter = NoticeFilterShape;
export type _CheckNoticeFilter = Assert<Same<Static<typeof NoticeFilter>, NoticeFilterShape>>;

/** Query of `PUT /api/plat-message/{id}`: the only change a user can make is marking read. */
export const NoticeMarkQuery = Type.Object({ status: Type.Literal(NOTICE_STATUS.read) });
export const NoticeIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const NoticeMarkedAll = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export type NoticeMarkedAll = NoticeMarkedAllShape;
export type _CheckNoticeMarkedAll = Assert<Same<Static<typeof NoticeMarkedAll>, NoticeMarkedAllShape>>;

export const SandboxNoticeRequest = Type.Object({
  mobile: Mobile,
  type: NoticeTypeSchema,
  title: Type.String({ minLength: 1, maxLength: NOTICE_TITLE_MAX }),
  content: Type.String({ maxLength: NOTICE_CONTENT_MAX }),
  orgId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type SandboxNoticeRequest = SandboxNoticeRequestShape;
export type _CheckSandboxNoticeRequest = Assert<
  Same<Static<typeof SandboxNoticeRequest>, SandboxNoticeRequestShape>
>;
