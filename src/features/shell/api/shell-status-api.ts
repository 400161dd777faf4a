import { SHELL_URL } from '@contract/shell';
import type { HolidayDay, OperationTime, SystemStatus } from '@contract/shell-schemas';
import { DEFAULT_SYSTEM_STATUS } from '@contract/constants';
import { api, fromCache } from '@/lib/api';
import type { RootState } from '@/lib/store';

export const shellStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemStatus: build.query<SystemStatus, void>({
      query: () => ({ url: SHELL_URL.systemStatus, method: 'GET', silent: true }),
    }),
    holidayToday: build.query<HolidayDay, void>({
      query: () => ({ url: SHELL_URL.holidayToday, method: 'GET', silent: true }),
    }),
    operationTime: build.query<OperationTime[], void>({
      query: () => ({ url: SHELL_URL.operationTime, method: 'GET', silent: true }),
      transformResponse: (answer: OperationTime[] | null) => answer ?? [],
    }),
  }),
});

export const { useSystemStatusQuery, useHolidayTodayQuery, useOperationTimeQuery } = shellStatusApi;

const NO_OPERATION_TIME: OperationTime[] = [];
const systemStatusResult = fromCache(shellStatusApi.endpoints.systemStatus.select());
const holidayTodayResult = fromCache(shellStatusApi.endpoints.holidayToday.select());
const operationTimeResult = fromCache(shellStatusApi.endpoints.operationTime.select());

/*
 * The global state's newSysSts, shcpeTodayIsHoliday and operationTime (spec section 3), read from the
 * cache with the spec's defaults: until the shell's lookups answer, and when they fail.
 */
export const selectSystemStatus = (state: RootState): string =>
  systemStatusResult(state).data?.status ?? DEFAULT_SYSTEM_STATUS;
export const selectTodayIsHoliday = (state: RootState): boolean =>
  holidayTodayResult(state).data?.holiday ?? false;
export const selectOperationTime = (state: RootState): OperationTime[] =>
  operationTimeResult(state).data ?? NO_OPERATION_TIME;
