import { NOTICE_THROTTLE } from '@contract/constants';
import type { Page } from '@contract/envelope';
import type { NoticeItem } from '@contract/notice';
import { fetchUnreadNotices } from '@/features/notices/api/notices-api';
import { splitNotices, type NoticeFeed } from './split-notices';
import { throttle } from './throttle';

export interface NoticeFeedOptions {
  /** Where the split result goes: the global state's notice. */
  publish: (feed: NoticeFeed) => void;
  fetchPage?: () => Promise<Page<NoticeItem>>;
  throttleMs?: number;
}

export interface NoticeFeedHandle {
  /** Asks for a reload; runs at most once per 200 ms however often it is asked. */
  refresh: () => void;
  dispose: () => void;
}

/**
 * The header's notice counts (spec sections 4 and 7): fetch page 0 of 5 unread notices, split them,
 * publish. A failed fetch keeps what was shown; an answer that arrives after a newer one is dropped.
 */
export function createNoticeFeed({
  publish,
  fetchPage = fetchUnreadNotices,
  throttleMs = NOTICE_THROTTLE,
}: NoticeFeedOptions): NoticeFeedHandle {
  let latest = 0;
  let disposed = false;

  const load = () => {
    const ticket = ++latest;
    fetchPage().then(
      (page) => {
        if (disposed || ticket !== latest) return;
        publish(splitNotices(page?.content, page?.totalElements ?? 0));
      },
      () => undefined,
    );
  };

  const refresh = throttle(load, throttleMs);
  return {
    refresh,
    dispose: () => {
      disposed = true;
      refresh.cancel();
    },
  };
}
