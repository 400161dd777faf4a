import { useCallback, useEffect, useRef } from 'react';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';
import { invalidateNoticeLists } from '@/features/notices/api/notices-api';
import { createNoticeFeed, type NoticeFeedHandle } from '@/features/notices/model/notice-feed';
import { noticesLoaded } from '@/features/shell/model/global-slice';

/**
 * The global state's notice, kept fresh: loaded when the shell opens (and for each organisation), again on
 * NOTICE_CHANGED from the socket, and whenever a screen asks; at most one fetch per 200 ms.
 */
export function useNoticeFeed(orgId: string | undefined): () => void {
  const dispatch = useAppDispatch();
  const feed = useRef<NoticeFeedHandle | null>(null);

  useEffect(() => {
    const current = createNoticeFeed({ publish: (notices) => dispatch(noticesLoaded(notices)) });
    feed.current = current;
    current.refresh();
    const unsubscribe = subscribeRealtime(REALTIME_EVENT.notice, () => {
      current.refresh();
      dispatch(invalidateNoticeLists());
    });
    return () => {
      unsubscribe();
      current.dispose();
      if (feed.current === current) feed.current = null;
    };
  }, [dispatch, orgId]);

  return useCallback(() => {
    feed.current?.refresh();
    dispatch(invalidateNoticeLists());
  }, [dispatch]);
}
