import { getNoRemindersList, setNoRemindersList } from '@/lib/storage';

/** The first-visit guide's entry in noRemindersList (spec section 3) once the user dismissed it. */
export const SHELL_GUIDE_ID = 'shell-guide';

export function isGuideDismissed(): boolean {
  return getNoRemindersList().includes(SHELL_GUIDE_ID);
}

export function rememberGuideDismissed(): void {
  const list = getNoRemindersList();
  if (!list.includes(SHELL_GUIDE_ID)) setNoRemindersList([...list, SHELL_GUIDE_ID]);
}
