import { pathOf } from '@contract/paths';
import { SHELL_URL } from '@contract/shell';
import { ORG_URL } from '@contract/organization';
import type { Page } from '@contract/envelope-schemas';
import type { ChannelFunc, OperationItem, OrgFunction } from '@contract/shell-schemas';
import { STATISTICS_URL, type StatisticsKind } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { api } from '@/lib/api';

export interface OperationPageArgs {
  page: number;
  size: number;
}

const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['OrgFunction'] }).injectEndpoints({
  endpoints: (build) => ({
    statistics: build.query<Statistics, StatisticsKind>({
      query: (kind) => ({ url: pathOf(STATISTICS_URL.figures, { kind }), method: 'GET', silent: true }),
    }),
    operations: build.query<Page<OperationItem>, OperationPageArgs>({
      query: ({ page, size }) => ({
        url: SHELL_URL.operations,
        method: 'GET',
        params: { page, size, sort: 'createdAt,desc' },
        silent: true,
      }),
    }),
    orgFunctions: build.query<OrgFunction[], void>({
      query: () => ({ url: SHELL_URL.orgFunctions, method: 'GET', params: {}, silent: true }),
      transformResponse: (answer: OrgFunction[] | null) => answer ?? [],
      providesTags: ['OrgFunction'],
    }),
    /** What the organisation's default channel offers (no channelId: the server picks the default). */
    channelFunctions: build.query<ChannelFunc[], void>({
      query: () => ({ url: SHELL_URL.channelFunctions, method: 'GET', params: {}, silent: true }),
      transformResponse: (answer: ChannelFunc[] | null) => answer ?? [],
      providesTags: ['OrgFunction'],
    }),
    openFunction: build.mutation<unknown, string>({
      query: (funcCode) => ({ url: ORG_URL.openFunc, method: 'POST', data: { funcCode } }),
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
