import { redDotSet } from '@/lib/app-actions';
import { isBoolean, localKey, readJson, writeJson } from '@/lib/storage';
import type { AppThunk } from '@/lib/store';

/** Whose red dot: it is kept per mobile and channel id (spec section 3, FILE_PROCESS_EXPORT_TASK_REDDOT). */
export interface RedDotOwner {
  mobile: string | undefined;
  cId: string | undefined;
}

/** FILE_PROCESS_EXPORT_TASK_REDDOT_<mobile>_<cId> in local storage: a new finished export to look at. */
const redDotKey = (mobile: string, cId: string) =>
  localKey(`FILE_PROCESS_EXPORT_TASK_REDDOT_${mobile}_${cId}`);

/** Whether this user and channel left the red dot lit (in another tab, before a reload or a sign-out). */
export function storedRedDot({ mobile, cId }: RedDotOwner): boolean {
  return mobile && cId ? (readJson(localStorage, redDotKey(mobile, cId), isBoolean) ?? false) : false;
}

/** Lights or clears the export centre's red dot, in storage (for this user and channel) and in the store. */
export const exportRedDotChanged =
  ({ mobile, cId }: RedDotOwner, shown: boolean): AppThunk =>
  (dispatch) => {
    if (mobile && cId) writeJson(localStorage, redDotKey(mobile, cId), shown);
    dispatch(redDotSet({ exportTask: shown }));
  };
