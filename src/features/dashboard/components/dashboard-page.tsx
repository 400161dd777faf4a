import type { ReactNode } from 'react';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { shellMessages } from '@/locales/zh-CN/shell';
import { useDashboardStatistics } from '@/features/dashboard/model/use-dashboard-statistics';
import { OperationsTable } from './operations-table';
import { OrgFunctionsPanel } from './org-functions-panel';
import { StatisticsCards } from './statistics-cards';
import { TrendChart } from './trend-chart';
import styles from './dashboard.module.css';

const text = dashboardMessages;

export interface DashboardPageProps {
  userName: string | undefined;
  orgName: string | undefined;
  owner: boolean;
  /** Panels other features provide (composed in src/app/routes/dashboard-route.tsx). */
  systemStatus?: ReactNode;
  todoPanel?: ReactNode;
  announcementPanel?: ReactNode;
  channelsPanel?: ReactNode;
  /** What the organisation still has to do before it can work (shown only until it is done). */
  onboardingPanel?: ReactNode;
}

/**
 * 工作台, the landing page after sign-in: the six-month figures of 出票/承兑/贴现/转让 with their trend,
 * the SHCPE status and business hours, to-dos and announcements, the operation log, the organisation's
 * functions and channels.
 */
export function DashboardPage({
  userName,
  orgName,
  owner,
  systemStatus,
  todoPanel,
  announcementPanel,
  channelsPanel,
  onboardingPanel,
}: DashboardPageProps) {
  const figures = useDashboardStatistics();
  const loading = figures.some((figure) => figure.isLoading);
  const series = figures.map((figure) => ({
    kind: figure.kind,
    name: figure.name,
    color: figure.color,
    monthly: figure.data?.monthly ?? [],
  }));

  return (
    <section className={styles.page}>
      <header className={styles.pageHead}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {text.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {format(text.welcome, { name: userName ?? '' })} ·{' '}
          {format(text.organization, { orgName: orgName || shellMessages.noOrganization })}
        </Typography.Text>
      </header>

      {onboardingPanel}

      <h2 className={styles.sectionTitle}>{text.statsTitle}</h2>
      <StatisticsCards figures={figures} />

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
    </section>
  );
}
