/** Spec section 3: type 2 is a to-do notice, 3 an announcement; status 0 is unread (pending). */
export const NOTICE_TYPE_TODO = 2;
export const NOTICE_TYPE_ANNOUNCEMENT = 3;
export const NOTICE_STATUS_UNREAD = 0;
export const NOTICE_STATUS_READ = 1;

/** A notice as the header shows it. */
export interface NoticeEntry {
  id: string;
  type: number;
  status: number;
  title?: string;
  content?: string;
  /** ISO 8601. */
  createdAt?: string;
}

/** The global state's notice: {notice, todo, announcement, total} (spec section 3). */
export interface NoticeFeed {
  notice: NoticeEntry[];
  todo: NoticeEntry[];
  announcement: NoticeEntry[];
  total: number;
}

export const emptyNoticeFeed: NoticeFeed = { notice: [], todo: [], announcement: [], total: 0 };

/**
 * Spec section 4: type 2 with status 0 goes into the pending list (`notice`), type 3 into announcements,
 * and the to-do list stays empty. `total` is the server's count of what the page was filtered by.
 */
export function splitNotices(
  content: readonly NoticeEntry[] | null | undefined,
  totalElements: number,
): NoticeFeed {
  const items = content ?? [];
  return {
    notice: items.filter((item) => item.type === NOTICE_TYPE_TODO && item.status === NOTICE_STATUS_UNREAD),
    todo: [],
    announcement: items.filter((item) => item.type === NOTICE_TYPE_ANNOUNCEMENT),
    total: Number.isFinite(totalElements) ? totalElements : items.length,
  };
}
