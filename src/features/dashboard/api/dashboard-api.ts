import { pathOf } from '@contract/paths';
import { SHELL_URL } from '@contract/shell';
import type { Page } from '@contract/envelope-schemas';
import type { OperationItem } from '@contract/shell-schemas';
import { STATISTICS_URL, type StatisticsKind } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { api } from '@/lib/api';

export interface OperationPageArgs {
  page: number;
  size: number;
}

const dashboardApi = api.injectEndpoints({
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
  }),
});

export const { useStatisticsQuery, useOperationsQuery } = dashboardApi;
