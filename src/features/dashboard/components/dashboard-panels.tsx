import type { ReactNode } from 'react';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { useDashboardStatistics } from '@/features/dashboard/model/use-dashboard-statistics';
import { OperationsTable } from './operations-table';
import { OrgFunctionsPanel } from './org-functions-panel';
import { TrendChart } from './trend-chart';
import styles from './dashboard.module.css';

export interface DashboardPanelsProps {
  owner: boolean;
  /** Panels other features provide (composed in src/app/routes/dashboard-panels-route.tsx). */
  systemStatus?: ReactNode;
  todoPanel?: ReactNode;
  announcementPanel?: ReactNode;
  channelsPanel?: ReactNode;
}

/**
 * The dashboard below its figures, drawn with antd: the trend, the SHCPE status and business hours,
 * to-dos and announcements, the operation log, the organisation's functions and channels.
 */
export function DashboardPanels({
  owner,
  systemStatus,
  todoPanel,
  announcementPanel,
  channelsPanel,
}: DashboardPanelsProps) {
  const figures = useDashboardStatistics();
  const loading = figures.some((figure) => figure.isLoading);
  const series = figures.map((figure) => ({
    kind: figure.kind,
    name: figure.name,
    color: figure.color,
    monthly: figure.data?.monthly ?? [],
  }));

  return (
    <>
      <Row gutter={[16, 16]} className={styles.row}>
        <Col xs={24} xl={16}>
          <TrendChart series={series} loading={loading} />
        </Col>
        <Col xs={24} xl={8}>
          {systemStatus}
        </Col>
      </Row>

      <Row gutter={[16, 16]} className={styles.row}>
        <Col xs={24} lg={12}>
          {todoPanel}
        </Col>
        <Col xs={24} lg={12}>
          {announcementPanel}
        </Col>
      </Row>

      <div className={styles.row}>
        <OperationsTable />
      </div>

      <Row gutter={[16, 16]} className={styles.row}>
        <Col xs={24} lg={14}>
          <OrgFunctionsPanel owner={owner} />
        </Col>
        <Col xs={24} lg={10}>
          {channelsPanel}
        </Col>
      </Row>
    </>
  );
}
