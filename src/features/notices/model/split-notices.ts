import { NOTICE_STATUS, NOTICE_TYPE } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';

/** The global state's notice: {notice, todo, announcement, total} (spec section 3). */
export interface NoticeFeed {
  notice: NoticeItem[];
  todo: NoticeItem[];
  announcement: NoticeItem[];
  total: number;
}

export const emptyNoticeFeed: NoticeFeed = { notice: [], todo: [], announcement: [], total: 0 };

/**
 * Spec section 4: type 2 with status 0 goes into the pending list (`notice`), type 3 into announcements,
 * and the to-do list stays empty. `total` is the server's count of what the page was filtered by.
 */
export function splitNotices(
  content: readonly NoticeItem[] | null | undefined,
  totalElements: number,
): NoticeFeed {
  const items = content ?? [];
  return {
    notice: items.filter((item) => item.type === NOTICE_TYPE.todo && item.status === NOTICE_STATUS.unread),
    todo: [],
    announcement: items.filter((item) => item.type === NOTICE_TYPE.announcement),
    total: Number.isFinite(totalElements) ? totalElements : items.length,
  };
}
