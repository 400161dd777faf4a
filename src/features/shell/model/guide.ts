import { isStringList, localKey, readJson, writeJson } from '@/lib/storage';

/** noRemindersList (spec section 3): what the user asked not to be reminded of again. */
const NO_REMINDERS_KEY = localKey('noRemindersList');

const noReminders = (): string[] => readJson(localStorage, NO_REMINDERS_KEY, isStringList) ?? [];

/** The first-visit guide's entry in noRemindersList (spec section 3) once the user dismissed it. */
export const SHELL_GUIDE_ID = 'shell-guide';

export function isGuideDismissed(): boolean {
  return noReminders().includes(SHELL_GUIDE_ID);
}

export function rememberGuideDismissed(): void {
  const list = noReminders();
  if (!list.includes(SHELL_GUIDE_ID)) writeJson(localStorage, NO_REMINDERS_KEY, [...list, SHELL_GUIDE_ID]);
}
