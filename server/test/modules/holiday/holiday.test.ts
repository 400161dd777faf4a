import type { HolidayDay } from '@contract/shell-schemas';
import { authed, getData, signIn, startApp, T0, type TestApp } from '../../support/helpers';

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await startApp();
  accessToken = (await signIn(t.app, '13800000002')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const get = <T>(url: string) => getData<T>(t.app, url, accessToken);

describe('GET /api/quote/holidays/day', () => {
  it.each([
    ['2026-10-01', { holiday: true, workday: false, name: '国庆节' }],
    ['2026-10-10', { holiday: false, workday: true, name: '国庆节调休' }],
    ['2026-02-14', { holiday: false, workday: true, name: '春节调休' }],
    ['2026-03-03', { holiday: false, workday: true }],
    ['2026-03-07', { holiday: true, workday: false, name: '周末' }],
  ])('answers %s from the holiday calendar', async (date, expected) => {
    expect(await get<HolidayDay>(`/api/quote/holidays/day?date=${date}`)).toEqual({ date, ...expected });
  });

  it('answers today in Asia/Shanghai when no date is given', async () => {
    // T0 is 09:00 in Shanghai on 2026-03-02; 16 hours later it is already the 3rd there, still the 2nd in UTC.
    expect((await get<HolidayDay>('/api/quote/holidays/day')).date).toBe('2026-03-02');
    t.clock.advance(T0 + 16 * 3600_000 - t.clock.now());
    accessToken = (await signIn(t.app, '13800000002')).access_token;
    expect((await get<HolidayDay>('/api/quote/holidays/day')).date).toBe('2026-03-03');
  });

  it('answers 400 to a date that is not a calendar date', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '20261001', 'today']) {
      const response = await authed(t.app, 'GET', `/api/quote/holidays/day?date=${date}`, accessToken);
      expect(response.statusCode, date).toBe(400);
    }
  });
});
