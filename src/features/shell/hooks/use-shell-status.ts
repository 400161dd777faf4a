import { useEffect } from 'react';
import { useAppDispatch } from '@/lib/store';
import {
  useHolidayTodayQuery,
  useOperationTimeQuery,
  useSystemStatusQuery,
} from '@/features/shell/api/shell-status-api';
import { holidayChecked, operationTimeLoaded, systemStatusLoaded } from '@/features/shell/model/global-slice';

/**
 * Keeps the global state's newSysSts (default SS00), shcpeTodayIsHoliday and operationTime ([] if none)
 * in step with the server while the shell is mounted; a failed lookup leaves the default.
 */
export function useShellStatusSync(): void {
  const dispatch = useAppDispatch();
  const status = useSystemStatusQuery();
  const holiday = useHolidayTodayQuery();
  const hours = useOperationTimeQuery();

  useEffect(() => {
    dispatch(systemStatusLoaded(status.data?.status ?? null));
  }, [dispatch, status.data]);
  useEffect(() => {
    dispatch(holidayChecked(holiday.data?.holiday ?? false));
  }, [dispatch, holiday.data]);
  useEffect(() => {
    dispatch(operationTimeLoaded(hours.data ?? null));
  }, [dispatch, hours.data]);
}
