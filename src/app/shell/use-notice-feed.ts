import { useCallback, useEffect, useMemo } from 'react';
import { REALTIME_EVENT } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';
import { invalidateNoticeLists, useUnreadNoticesQuery } from '@/features/notices/api/notices-api';
import { createNoticeReload } from '@/features/notices/model/notice-feed';

/**
 * The header's notices (the global state's notice, read with `selectNoticeFeed`), kept fresh: loaded while
 * the shell is mounted (and for each organisation, as a switch resets the cache), again on NOTICE_CHANGED
 * from the socket, on REALTIME_RESYNC (events may have been missed) and whenever a screen asks; at most one
 * reload per 200 ms. Returns the screens' ask.
 */
export function useNoticeFeed(): () => void {
  const dispatch = useAppDispatch();
  useUnreadNoticesQuery();
  const reload = useMemo(() => createNoticeReload(dispatch), [dispatch]);
  const refresh = useCallback(() => {
    reload();
    dispatch(invalidateNoticeLists());
  }, [dispatch, reload]);

  useEffect(() => () => reload.cancel(), [reload]);
  useEffect(() => subscribeRealtime(REALTIME_EVENT.notice, refresh), [refresh]);
  useEffect(() => subscribeRealtime(REALTIME_EVENT.resync, refresh), [refresh]);
  return refresh;
}
