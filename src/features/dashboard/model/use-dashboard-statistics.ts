import type { StatisticsKind } from '@contract/statistics';
import type { MonthlyFigure, Statistics } from '@contract/statistics-schemas';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { useStatisticsQuery } from '@/features/dashboard/api/dashboard-api';

/** The five figures of the dashboard, in display order, each with its colour in the chart. */
export const STATISTICS_SERIES: ReadonlyArray<{ kind: StatisticsKind; name: string; color: string }> = [
  { kind: 'issue', name: dashboardMessages.kinds.issue, color: '#1456c8' },
  { kind: 'accept', name: dashboardMessages.kinds.accept, color: '#13a8a8' },
  { kind: 'discount', name: dashboardMessages.kinds.discount, color: '#fa8c16' },
  { kind: 'trans', name: dashboardMessages.kinds.trans, color: '#722ed1' },
  { kind: 'recourse', name: dashboardMessages.kinds.recourse, color: '#cf1322' },
];

export interface StatisticsFigure {
  kind: StatisticsKind;
  name: string;
  color: string;
  data: Statistics | undefined;
  isLoading: boolean;
  isError: boolean;
}

export type ChartSeries = { kind: StatisticsKind; name: string; color: string; monthly: MonthlyFigure[] };

/** `GET /api/scbill/statistics/{issue|accept|discount|trans|recourse}`, one query each. */
export function useDashboardStatistics(): StatisticsFigure[] {
  const issue = useStatisticsQuery('issue');
  const accept = useStatisticsQuery('accept');
  const discount = useStatisticsQuery('discount');
  const trans = useStatisticsQuery('trans');
  const recourse = useStatisticsQuery('recourse');
  const results = { issue, accept, discount, trans, recourse };
  return STATISTICS_SERIES.map((series) => {
    const result = results[series.kind];
    return { ...series, data: result.data, isLoading: result.isLoading, isError: result.isError };
  });
}
