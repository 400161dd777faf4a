import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { DAY_END_RUN_STATUS_LABEL, type DayEndRunStatus } from '@contract/day-end';
import type { HolidayDay, OperationTime, SystemStatus } from '@contract/shell-schemas';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { formatLongDate, shanghaiToday } from '@/utils/date-time';
import styles from './dashboard.module.css';

const text = dashboardMessages;

const DAY_END_BADGE: Record<DayEndRunStatus, 'success' | 'processing' | 'error' | 'default'> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

export interface SystemStatusCardProps {
  /** The global state's newSysSts (SS00 unless the server said otherwise). */
  statusCode: string;
  status: SystemStatus | undefined;
  holiday: HolidayDay | undefined;
  /** The global state's shcpeTodayIsHoliday. */
  todayIsHoliday: boolean;
  operationTime: OperationTime[];
  loading: boolean;
}

function statusName(code: string, status: SystemStatus | undefined): string {
  const known = text.systemStatusName as Record<string, string>;
  return known[code] ?? status?.name ?? format(text.unknownStatus, { code });
}

/**
 * SHCPE system status, whether today is a working day, the years whose holidays are not yet known (their
 * business days are weekdays alone), the latest business day's close, and the business hours.
 */
export function SystemStatusCard({
  statusCode,
  status,
  holiday,
  todayIsHoliday,
  operationTime,
  loading,
}: SystemStatusCardProps) {
  const today = holiday?.date ?? shanghaiToday();
  return (
    <Card size="small" title={text.systemTitle} style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <dl className={styles.statusList}>
          <dt>{text.shcpeStatus}</dt>
          <dd>
            <Badge
              status={statusCode === 'SS00' ? 'success' : 'warning'}
              text={statusName(statusCode, status)}
            />
          </dd>
          <dt>{text.today}</dt>
          <dd>
            {formatLongDate(today)}{' '}
            <Tag color={todayIsHoliday ? 'orange' : 'green'}>
              {todayIsHoliday ? text.holiday : text.workday}
            </Tag>
            {holiday?.name && <Tag>{holiday.name}</Tag>}
          </dd>
          {status && status.unpublishedHolidayYears.length > 0 && (
            <>
              <dt>{text.holidayCalendar}</dt>
              <dd>
                <Badge
                  status="warning"
                  text={format(text.holidayUnpublished, {
                    years: status.unpublishedHolidayYears.join(text.yearSeparator),
                  })}
                />
              </dd>
            </>
          )}
          {status?.dayEnd && (
            <>
              <dt>{text.dayEnd}</dt>
              <dd>
                <Badge
                  status={DAY_END_BADGE[status.dayEnd.status]}
                  text={format(text.dayEndRun, {
                    date: status.dayEnd.businessDate,
                    status: DAY_END_RUN_STATUS_LABEL[status.dayEnd.status],
                  })}
                />
              </dd>
            </>
          )}
          <dt>{text.operationTime}</dt>
          <dd>
            {operationTime.length === 0 ? (
              <span className={styles.muted}>{text.operationTimeEmpty}</span>
            ) : (
              <ul className={styles.hours}>
                {operationTime.map((slot) => (
                  <li key={slot.name}>
                    <span>{slot.name}</span>
                    <span className={styles.mono}>
                      {slot.start}–{slot.end}
                    </span>
                    <span className={styles.muted}>
                      {format(text.businessDayEnd, { time: slot.businessDayEnd })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </Card>
  );
}
