import type { HolidayDay, OperationTime, SystemStatus } from '@contract/shell';
import { api } from '@/lib/api';

/** The shell's view of the outside world: SHCPE status, today's calendar and business hours (spec section 3). */
export const SHELL_STATUS_URL = {
  systemStatus: '/api/scbill/shcpe/system/status',
  holidayToday: '/api/quote/holidays/day',
  operationTime: '/api/scbill/shcpe/operation-time',
} as const;

export const shellStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemStatus: build.query<SystemStatus, void>({
      query: () => ({ url: SHELL_STATUS_URL.systemStatus, method: 'GET', silent: true }),
    }),
    holidayToday: build.query<HolidayDay, void>({
      query: () => ({ url: SHELL_STATUS_URL.holidayToday, method: 'GET', silent: true }),
    }),
    operationTime: build.query<OperationTime[], void>({
      query: () => ({ url: SHELL_STATUS_URL.operationTime, method: 'GET', silent: true }),
      transformResponse: (answer: OperationTime[] | null) => answer ?? [],
    }),
  }),
});

export const { useSystemStatusQuery, useHolidayTodayQuery, useOperationTimeQuery } = shellStatusApi;
