import { useId } from 'react';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { amountInWords, formatYuan } from '@/utils/amount';
import type { StatisticsFigure } from '@/features/dashboard/model/use-dashboard-statistics';
import styles from './dashboard.module.css';

const text = dashboardMessages;

function StatisticsCard({ figure }: { figure: StatisticsFigure }) {
  const tipId = useId();
  const words = figure.data ? amountInWords(figure.data.amount) : '';
  return (
    <div className={styles.statCard} style={{ borderTopColor: figure.color }}>
      <h3 className={styles.statName}>{figure.name}</h3>
      {figure.isLoading ? (
        <div className={styles.statLoading} aria-busy="true">
          <span />
          <span />
        </div>
      ) : figure.isError || !figure.data ? (
        <p className={styles.muted}>{text.statsFailed}</p>
      ) : (
        <>
          <p className={styles.statCount}>{format(text.countUnit, { count: figure.data.count })}</p>
          <div className={styles.amountHost}>
            <p className={styles.statAmount} tabIndex={0} aria-describedby={words ? tipId : undefined}>
              <span className={styles.currency}>¥</span>
              {formatYuan(figure.data.amount)}
            </p>
            {words && (
              <span id={tipId} role="tooltip" className={styles.amountTip}>
                {format(text.amountInWords, { words })}
              </span>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * 出票 / 承兑 / 贴现 / 转让 / 追索 over the last 6 months: count and amount (in capitals on hover or focus). Drawn
 * in plain elements as antd's small Card and Tooltip draw them: the figures are the dashboard's first paint.
 */
export function StatisticsCards({ figures }: { figures: StatisticsFigure[] }) {
  return (
    <div className={styles.statGrid}>
      {figures.map((figure) => (
        <StatisticsCard key={figure.kind} figure={figure} />
      ))}
    </div>
  );
}
