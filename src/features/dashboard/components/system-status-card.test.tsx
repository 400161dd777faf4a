import { render, screen } from '@testing-library/react';
import { SystemStatusCard, type SystemStatusCardProps } from './system-status-card';

const props = (unpublishedHolidayYears: number[]): SystemStatusCardProps => ({
  statusCode: 'SS00',
  status: { status: 'SS00', name: '系统正常', unpublishedHolidayYears },
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
});
