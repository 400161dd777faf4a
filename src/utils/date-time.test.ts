import { formatDate, formatDateTime, formatLongDate, shanghaiToday } from './date-time';

describe('dates and times in Shanghai', () => {
  it('shows an instant as Shanghai wall-clock time, whatever zone it was written in', () => {
    expect(formatDateTime('2026-03-02T01:00:00.000Z')).toBe('2026-03-02 09:00');
    expect(formatDateTime('2026-03-02T09:00:00+08:00')).toBe('2026-03-02 09:00');
    expect(formatDateTime(Date.UTC(2026, 2, 2, 1, 1, 5), { seconds: true })).toBe('2026-03-02 09:01:05');
  });

  it('takes the Shanghai date of an instant late in the UTC day', () => {
    expect(formatDate('2026-03-01T16:30:00.000Z')).toBe('2026-03-02');
    expect(shanghaiToday(Date.UTC(2026, 11, 31, 17, 0, 0))).toBe('2027-01-01');
  });

  it('spells out a calendar date in Chinese with its weekday', () => {
    expect(formatLongDate('2026-03-02')).toBe('2026年3月2日 星期一');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatLongDate('nope')).toBe('');
  });
});
