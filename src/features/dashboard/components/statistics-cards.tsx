import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tooltip from 'antd/es/tooltip';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { amountInWords, formatYuan } from '@/utils/amount';
import type { StatisticsFigure } from '@/features/dashboard/model/use-dashboard-statistics';
import styles from './dashboard.module.css';

const text = dashboardMessages;

/** 出票 / 承兑 / 贴现 / 转让 over the last 6 months: count and amount (in capitals on hover or focus). */
export function StatisticsCards({ figures }: { figures: StatisticsFigure[] }) {
  return (
    <div className={styles.statGrid}>
      {figures.map((figure) => {
        const words = figure.data ? amountInWords(figure.data.amount) : '';
        return (
          <Card
            key={figure.kind}
            size="small"
            className={styles.statCard}
            style={{ borderTop: `3px solid ${figure.color}` }}
          >
            <h3 className={styles.statName}>{figure.name}</h3>
            {figure.isLoading ? (
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            ) : figure.isError || !figure.data ? (
              <p className={styles.muted}>{text.statsFailed}</p>
            ) : (
              <>
                <p className={styles.statCount}>{format(text.countUnit, { count: figure.data.count })}</p>
                <Tooltip title={words ? format(text.amountInWords, { words }) : undefined}>
                  <p className={styles.statAmount} tabIndex={0}>
                    <span className={styles.currency}>¥</span>
                    {formatYuan(figure.data.amount)}
                    {words && <span className={styles.srOnly}>{format(text.amountInWords, { words })}</span>}
                  </p>
                </Tooltip>
              </>
            )}
          </Card>
        );
      })}
    </div>
  );
}
