import type { Page } from '@contract/envelope-schemas';
import type { ChannelFunc, OperationItem, OrgFunction } from '@contract/shell-schemas';
import type { StatisticsKind } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { api } from '@/lib/api';

/** The dashboard's calls (spec section 7, statistics and shell). */
export const DASHBOARD_URL = {
  statistics: (kind: StatisticsKind) => `/api/scbill/statistics/${kind}`,
  operations: '/api/scbill/operate/list',
  orgFunctions: '/api/scbill/org-acct-function-endpoint',
  channelFunctions: '/api/permission/binding/channel/func',
  openFunction: '/api/scbill/org-acct/open-func',
} as const;

export interface OperationPageArgs {
  page: number;
  size: number;
}

const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['OrgFunction'] }).injectEndpoints({
  endpoints: (build) => ({
    statistics: build.query<Statistics, StatisticsKind>({
      query: (kind) => ({ url: DASHBOARD_URL.statistics(kind), method: 'GET', silent: true }),
    }),
    operations: build.query<Page<OperationItem>, OperationPageArgs>({
      query: ({ page, size }) => ({
        url: DASHBOARD_URL.operations,
        method: 'GET',
        params: { page, size, sort: 'createdAt,desc' },
        silent: true,
      }),
    }),
    orgFunctions: build.query<OrgFunction[], void>({
      query: () => ({ url: DASHBOARD_URL.orgFunctions, method: 'GET', params: {}, silent: true }),
      transformResponse: (answer: OrgFunction[] | null) => answer ?? [],
      providesTags: ['OrgFunction'],
    }),
    /** What the organisation's default channel offers (no channelId: the server picks the default). */
    channelFunctions: build.query<ChannelFunc[], void>({
      query: () => ({ url: DASHBOARD_URL.channelFunctions, method: 'GET', params: {}, silent: true }),
      transformResponse: (answer: ChannelFunc[] | null) => answer ?? [],
      providesTags: ['OrgFunction'],
    }),
    openFunction: build.mutation<unknown, string>({
      query: (funcCode) => ({ url: DASHBOARD_URL.openFunction, method: 'POST', data: { funcCode } }),
      invalidatesTags: ['OrgFunction'],
    }),
  }),
});

export const {
  useStatisticsQuery,
  useOperationsQuery,
  useOrgFunctionsQuery,
  useChannelFunctionsQuery,
  useOpenFunctionMutation,
} = dashboardApi;
