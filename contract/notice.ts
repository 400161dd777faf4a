/**
 * Platform messages: to-do notices and announcements (spec sections 3, 4 and 7). Plain values only:
 * the SPA imports this file at run time; the shapes are declared in notice-schemas.ts.
 */

/** The notice calls of spec section 7, and the sandbox's notice post (patterns: contract/paths.ts). */
export const NOTICE_URL = {
  page: '/api/plat-message/page',
  todoPage: '/api/plat-message/todo/page',
  markRead: '/api/plat-message/:id',
  markAllRead: '/api/plat-message/notice/all/read',
  sandboxNotices: '/api/sandbox/notices',
} as const;

/** Spec section 3: notice item type. 2 = to-do notice (待办通知), 3 = announcement (公告). */
export const NOTICE_TYPE = { todo: 2, announcement: 3 } as const;
export type NoticeType = (typeof NOTICE_TYPE)[keyof typeof NOTICE_TYPE];

/** 0 = unread (or, for a to-do, pending), 1 = read. */
export const NOTICE_STATUS = { unread: 0, read: 1 } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 2000;
