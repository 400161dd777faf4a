import { useEffect, useRef } from 'react';
import { REALTIME_EVENT, type ExportTaskEventPayload } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { redDotSet } from '@/lib/app-actions';
import { useAppDispatch } from '@/lib/store';
import { invalidateExportTasks } from '@/features/export-center/api/export-api';
import { exportRedDotChanged, storedRedDot, type RedDotOwner } from './red-dot';

/**
 * The export centre's red dot while signed in: as the shell opens for a user and channel, the dot they left
 * lit shows again; EXPORT_TASK_FINISHED (pushed over the socket) lights it and refreshes the task list;
 * while the centre is open the user sees the task finish, so the dot stays off.
 */
export function useExportTaskEvents(owner: RedDotOwner, centreOpen: boolean): void {
  const dispatch = useAppDispatch();
  const openRef = useRef(centreOpen);
  useEffect(() => {
    openRef.current = centreOpen;
  }, [centreOpen]);

  const { mobile, cId } = owner;
  useEffect(() => {
    dispatch(redDotSet({ exportTask: storedRedDot({ mobile, cId }) }));
  }, [dispatch, mobile, cId]);

  useEffect(
    () =>
      subscribeRealtime<ExportTaskEventPayload>(REALTIME_EVENT.exportTask, () => {
        dispatch(invalidateExportTasks());
        if (!openRef.current) dispatch(exportRedDotChanged({ mobile, cId }, true));
      }),
    [dispatch, mobile, cId],
  );

  // Events may have been missed (REALTIME_RESYNC): the task list shown reloads.
  useEffect(
    () => subscribeRealtime(REALTIME_EVENT.resync, () => dispatch(invalidateExportTasks())),
    [dispatch],
  );
}
