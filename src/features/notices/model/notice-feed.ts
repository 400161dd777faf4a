import { createSelector } from '@reduxjs/toolkit';
import { NOTICE_THROTTLE } from '@contract/constants';
import { fromCache } from '@/lib/api';
import type { AppDispatch, RootState } from '@/lib/store';
import { noticeApi } from '@/features/notices/api/notices-api';
import { emptyNoticeFeed, splitNotices, type NoticeFeed } from './split-notices';
import { throttle } from './throttle';

const unreadNoticesResult = fromCache(noticeApi.endpoints.unreadNotices.select());

/**
 * The global state's notice (spec sections 3 and 4), split from the header's page of unread notices: empty
 * until it first answers, and a failed reload keeps what was shown (RTK Query keeps the last data).
 */
export const selectNoticeFeed = createSelector(
  [(state: RootState) => unreadNoticesResult(state).data],
  (page): NoticeFeed => (page ? splitNotices(page.content, page.totalElements) : emptyNoticeFeed),
);

/**
 * Reloads the header's notices: at most once per 200 ms however often it is asked; `cancel` drops a wait.
 * RTK Query starts no second request while one runs, so an ask during a load waits for it and then asks
 * again: a change the running load may have missed is not lost.
 */
export function createNoticeReload(
  dispatch: AppDispatch,
  throttleMs: number = NOTICE_THROTTLE,
): { (): void; cancel: () => void } {
  let cancelled = false;
  const load = async () => {
    await dispatch(noticeApi.util.getRunningQueryThunk('unreadNotices', undefined));
    if (cancelled) return;
    await dispatch(
      noticeApi.endpoints.unreadNotices.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
  };
  const reload = throttle(() => void load(), throttleMs);
  return Object.assign(() => reload(), {
    cancel: () => {
      cancelled = true;
      reload.cancel();
    },
  });
}
