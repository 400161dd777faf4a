/**
 * Platform messages: to-do notices and announcements (spec sections 3, 4 and 7). Plain values and types
 * only: the SPA imports this file at run time; the TypeBox schemas are in notice-schemas.ts.
 */

/** Spec section 3: notice item type. 2 = to-do notice (待办通知), 3 = announcement (公告). */
export const NOTICE_TYPE = { todo: 2, announcement: 3 } as const;
export type NoticeType = (typeof NOTICE_TYPE)[keyof typeof NOTICE_TYPE];

/** 0 = unread (or, for a to-do, pending), 1 = read. */
export const NOTICE_STATUS = { unread: 0, read: 1 } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 2000;

/** One platform message as the caller sees it; `status` is the caller's own read state. */
export interface NoticeItem {
  id: string;
  type: NoticeType;
  status: NoticeStatus;
  title: string;
  content: string;
  /** ISO 8601 (UTC). */
  createdAt: string;
  /**
   * Where the notice leads, a path of the web app (e.g. `/chain-bill/sign-workbench?bill=…` for an application
   * waiting for the organisation's answer); absent when it only informs. Not in the spec: our addition.
   */
  link?: string;
}

/** Body of `POST /api/plat-message/page`; page and size are in the query string. */
export interface NoticeFilter {
  status?: NoticeStatus;
  type?: NoticeType;
}

/** `PUT /api/plat-message/notice/all/read` answer. */
export interface NoticeMarkedAll {
  updated: number;
}

/** `POST /api/sandbox/notices`: posts a notice to one account (in its default organisation unless orgId). */
export interface SandboxNoticeRequest {
  mobile: string;
  type: NoticeType;
  title: string;
  content: string;
  orgId?: string;
}
