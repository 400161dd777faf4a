import { useId, useState } from 'react';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { compactYuan, formatYuan } from '@/utils/amount';
import { niceScale, yuanToNumber } from '@/features/dashboard/model/chart-scale';
import type { ChartSeries } from '@/features/dashboard/model/use-dashboard-statistics';
import styles from './dashboard.module.css';

const text = dashboardMessages;

type Measure = 'amount' | 'count';

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 56, right: 12, top: 16, bottom: 32 } as const;
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const monthName = (month: string) => format(text.monthLabel, { month: String(Number(month.slice(5, 7))) });

export interface TrendChartProps {
  series: ChartSeries[];
  loading: boolean;
}

/**
 * 月度趋势: grouped bars of the last 6 months, one colour per business, by amount or by count. Each bar
 * tells its figure on hover; screen readers get the same figures as a summary.
 */
export function TrendChart({ series, loading }: TrendChartProps) {
  const [measure, setMeasure] = useState<Measure>('amount');
  const titleId = useId();
  const months = series.find((s) => s.monthly.length > 0)?.monthly.map((m) => m.month) ?? [];
  const valueOf = (s: ChartSeries, month: string) => {
    const figure = s.monthly.find((m) => m.month === month);
    if (!figure) return 0;
    return measure === 'amount' ? yuanToNumber(figure.amount) : figure.count;
  };
  const max = Math.max(0, ...series.flatMap((s) => months.map((month) => valueOf(s, month))));
  const { top, ticks } = niceScale(max);
  const groupWidth = months.length > 0 ? PLOT_W / months.length : PLOT_W;
  const barWidth = Math.max(4, (groupWidth * 0.72) / Math.max(1, series.length));
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const tickLabel = (value: number) => (measure === 'amount' ? compactYuan(String(value)) : String(value));
  const figureText = (s: ChartSeries, month: string) => {
    const figure = s.monthly.find((m) => m.month === month);
    return figure
      ? `${s.name} ${format(text.countUnit, { count: figure.count })}，¥${formatYuan(figure.amount)}`
      : s.name;
  };
  const summary = format(text.trendSummary, {
    measure: measure === 'amount' ? text.amount : text.count,
    detail: series
      .map(
        (s) =>
          `${s.name} ${months.map((month) => (measure === 'amount' ? compactYuan(String(valueOf(s, month))) : valueOf(s, month))).join('、')}`,
      )
      .join('；'),
  });

  return (
    <Card
      size="small"
      title={<span id={titleId}>{text.trendTitle}</span>}
      extra={
        <Segmented<Measure>
          size="small"
          value={measure}
          onChange={setMeasure}
          options={[
            { label: text.trendByAmount, value: 'amount' },
            { label: text.trendByCount, value: 'count' },
          ]}
        />
      }
      style={{ height: '100%' }}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : months.length === 0 || max === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.trendEmpty} />
      ) : (
        <>
          <ul className={styles.legend} aria-hidden="true">
            {series.map((s) => (
              <li key={s.kind}>
                <span className={styles.swatch} style={{ background: s.color }} />
                {s.name}
              </li>
            ))}
          </ul>
          <svg
            className={styles.chart}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-labelledby={titleId}
            aria-describedby={`${titleId}-summary`}
          >
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={styles.gridLine}
                />
                <text
                  x={PAD.left - 8}
                  y={y(tick)}
                  className={styles.axisLabel}
                  textAnchor="end"
                  dominantBaseline="middle"
                >
                  {tickLabel(tick)}
                </text>
              </g>
            ))}
            {months.map((month, monthIndex) => {
              const groupX = PAD.left + monthIndex * groupWidth + (groupWidth - barWidth * series.length) / 2;
              return (
                <g key={month}>
                  {series.map((s, seriesIndex) => {
                    const value = valueOf(s, month);
                    const barTop = y(value);
                    return (
                      <rect
                        key={s.kind}
                        x={groupX + seriesIndex * barWidth}
                        y={barTop}
                        width={barWidth - 2}
                        height={Math.max(0, PAD.top + PLOT_H - barTop)}
                        rx={2}
                        fill={s.color}
                        className={styles.bar}
                      >
                        <title>{`${month} ${figureText(s, month)}`}</title>
                      </rect>
                    );
                  })}
                  <text
                    x={PAD.left + monthIndex * groupWidth + groupWidth / 2}
                    y={HEIGHT - PAD.bottom + 18}
                    className={styles.axisLabel}
                    textAnchor="middle"
                  >
                    {monthName(month)}
                  </text>
                </g>
              );
            })}
          </svg>
          <p id={`${titleId}-summary`} className={styles.srOnly}>
            {summary}
          </p>
        </>
      )}
    </Card>
  );
}
