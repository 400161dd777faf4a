import { redDotSet } from '@/lib/app-actions';
import { setExportTaskRedDot } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';

/** Whose red dot: it is kept per mobile and channel id (spec section 3, FILE_PROCESS_EXPORT_TASK_REDDOT). */
export interface RedDotOwner {
  mobile: string | undefined;
  cId: string | undefined;
}

/** Lights or clears the export centre's red dot, in storage (for this user and channel) and in the store. */
export const exportRedDotChanged =
  ({ mobile, cId }: RedDotOwner, shown: boolean): AppThunk =>
  (dispatch) => {
    if (mobile && cId) setExportTaskRedDot(mobile, cId, shown);
    dispatch(redDotSet({ exportTask: shown }));
  };
