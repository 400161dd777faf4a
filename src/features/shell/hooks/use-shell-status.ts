import {
  useHolidayTodayQuery,
  useOperationTimeQuery,
  useSystemStatusQuery,
} from '@/features/shell/api/shell-status-api';

/**
 * Keeps the SHCPE status, today's calendar and the business hours loaded while the shell is mounted (and
 * loads them again for another organisation); screens read them with the selectors of shell-status-api.ts.
 */
export function useShellStatus(): void {
  useSystemStatusQuery();
  useHolidayTodayQuery();
  useOperationTimeQuery();
}
