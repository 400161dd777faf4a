import { useEffect, useRef } from 'react';
import { REALTIME_EVENT, type ExportTaskEventPayload } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { useAppDispatch } from '@/lib/store';
import { invalidateExportTasks } from '@/features/export-center/api/export-api';
import { exportRedDotChanged, type RedDotOwner } from './red-dot';

/**
 * EXPORT_TASK_FINISHED (pushed over the socket) lights the red dot and refreshes the task list; while the
 * centre is open the user sees the task finish, so the dot stays off.
 */
export function useExportTaskEvents(owner: RedDotOwner, centreOpen: boolean): void {
  const dispatch = useAppDispatch();
  const openRef = useRef(centreOpen);
  useEffect(() => {
    openRef.current = centreOpen;
  }, [centreOpen]);

  const { mobile, cId } = owner;
  useEffect(
    () =>
      subscribeRealtime<ExportTaskEventPayload>(REALTIME_EVENT.exportTask, () => {
        dispatch(invalidateExportTasks());
        if (!openRef.current) dispatch(exportRedDotChanged({ mobile, cId }, true));
      }),
    [dispatch, mobile, cId],
  );
}
