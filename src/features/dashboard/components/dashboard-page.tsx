import type { ReactNode } from 'react';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { shellMessages } from '@/locales/zh-CN/shell';
import { useDashboardStatistics } from '@/features/dashboard/model/use-dashboard-statistics';
import { StatisticsCards } from './statistics-cards';
import styles from './dashboard.module.css';

const text = dashboardMessages;

export interface DashboardPageProps {
  userName: string | undefined;
  orgName: string | undefined;
  /** What the organisation still has to do before it can work (shown only until it is done). */
  onboardingPanel?: ReactNode;
  /** The panels below the figures (dashboard-panels.tsx, composed in src/app/routes/dashboard-route.tsx). */
  children?: ReactNode;
}

/**
 * 工作台, the landing page after sign-in: its first screen (title, the six-month figures of
 * 出票/承兑/贴现/转让) drawn in plain elements, so it paints before antd loads; the panels below it
 * (`children`) bring antd with them.
 */
export function DashboardPage({ userName, orgName, onboardingPanel, children }: DashboardPageProps) {
  const figures = useDashboardStatistics();
  return (
    <section className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.pageTitle}>{text.title}</h1>
        <span className={styles.welcome}>
          {format(text.welcome, { name: userName ?? '' })} ·{' '}
          {format(text.organization, { orgName: orgName || shellMessages.noOrganization })}
        </span>
      </header>

      {onboardingPanel}

      <h2 className={styles.sectionTitle}>{text.statsTitle}</h2>
      <StatisticsCards figures={figures} />

      {children}
    </section>
  );
}
