import { render, screen } from '@testing-library/react';
import type { SystemStatus } from '@contract/shell-schemas';
import { SystemStatusCard, type SystemStatusCardProps } from './system-status-card';

const props = (
  unpublishedHolidayYears: number[],
  dayEnd: SystemStatus['dayEnd'] = null,
): SystemStatusCardProps => ({
  statusCode: 'SS00',
  status: { status: 'SS00', name: '系统正常', unpublishedHolidayYears, dayEnd },
  holiday: { date: '2026-11-26', holiday: false, workday: true },
  todayIsHoliday: false,
  operationTime: [{ name: '企业票据业务', start: '08:00', end: '20:00', businessDayEnd: '21:00' }],
  loading: false,
});

describe('SystemStatusCard', () => {
  it('says which years have no published holidays, so business days there are weekdays alone', () => {
    render(<SystemStatusCard {...props([2027, 2028])} />);
    expect(screen.getByText('节假日安排')).toBeInTheDocument();
    expect(screen.getByText('2027、2028年节假日安排尚未公布，暂仅按周末计算营业日')).toBeInTheDocument();
  });

  it('says nothing of the calendar when every year needed is known', () => {
    render(<SystemStatusCard {...props([])} />);
    expect(screen.getByText('系统正常')).toBeInTheDocument();
    expect(screen.queryByText('节假日安排')).not.toBeInTheDocument();
  });

  it("shows the latest business day's close and how it ended", () => {
    const run = {
      businessDate: '2026-11-25',
      status: 'failed' as const,
      attempts: 1,
      startedAt: '2026-11-25T13:00:00.000Z',
      finishedAt: '2026-11-25T13:00:05.000Z',
      error: 'clear-matured-applications: boom',
      steps: [],
    };
    render(<SystemStatusCard {...props([], run)} />);
    expect(screen.getByText('日终处理')).toBeInTheDocument();
    expect(screen.getByText('2026-11-25 日终处理失败')).toBeInTheDocument();
  });
});
