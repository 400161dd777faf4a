import type { OperationTime, SystemStatus } from '@contract/shell-schemas';
import { loadHolidayYear, parseHolidayYearFile } from '../../../src/modules/holiday/service';
import { SETTING } from '../../../src/modules/system-status/service';
import { getData, signIn, startApp, type TestApp } from '../../support/helpers';

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

describe('GET /api/scbill/shcpe/system/status', () => {
  it('answers SS00 系统正常 by default, from the settings table', async () => {
    expect(await get<SystemStatus>('/api/scbill/shcpe/system/status')).toEqual({
      status: 'SS00',
      name: '系统正常',
      unpublishedHolidayYears: [],
      dayEnd: null,
    });
    const row = await t.app.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', SETTING.systemStatus)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual({ status: 'SS00', name: '系统正常' });
  });

  it('answers what an operator stored, and the default when the stored value is broken', async () => {
    await t.app.db
      .updateTable('platform_settings')
      .set({ value: JSON.stringify({ status: 'SS02', name: '系统维护中' }) })
      .where('key', '=', SETTING.systemStatus)
      .execute();
    expect(await get<SystemStatus>('/api/scbill/shcpe/system/status')).toEqual({
      status: 'SS02',
      name: '系统维护中',
      unpublishedHolidayYears: [],
      dayEnd: null,
    });
    await t.app.db
      .updateTable('platform_settings')
      .set({ value: '{not json' })
      .where('key', '=', SETTING.systemStatus)
      .execute();
    expect((await get<SystemStatus>('/api/scbill/shcpe/system/status')).status).toBe('SS00');
  });

  it('is changed through PUT /api/sandbox/system-status, which refuses unknown states', async () => {
    const put = (status: string) =>
      t.app.inject({ method: 'PUT', url: '/api/sandbox/system-status', payload: { status } });
    const changed = await put('SS01');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ data: { status: 'SS01', name: '日终处理中' } });
    expect((await get<SystemStatus>('/api/scbill/shcpe/system/status')).status).toBe('SS01');
    expect((await put('SS99')).statusCode).toBe(400);
    await put('SS00');
  });

  it('names a year a bill issued today can reach whose holidays are not published, until it is loaded', async () => {
    const later = await startApp();
    try {
      // 2026-11-26: bills issued today mature in 2027, which the holiday package does not know.
      later.clock.advance(Date.UTC(2026, 10, 26, 1) - later.clock.now());
      const token = (await signIn(later.app, '13800000002')).access_token;
      const status = () => getData<SystemStatus>(later.app, '/api/scbill/shcpe/system/status', token);
      expect((await status()).unpublishedHolidayYears).toEqual([2027]);
      await loadHolidayYear(
        later.app.db,
        parseHolidayYearFile({
          year: 2027,
          source: '测试用安排',
          holidays: [{ name: '元旦', from: '2027-01-01', to: '2027-01-01' }],
          workdays: [],
        }),
        later.clock.now(),
      );
      expect((await status()).unpublishedHolidayYears).toEqual([]);
    } finally {
      await later.app.close();
    }
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/scbill/shcpe/system/status' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/scbill/shcpe/operation-time', () => {
  it('answers the enterprise business hours, 08:00-20:00 with the business day ending at 21:00', async () => {
    expect(await get<OperationTime[]>('/api/scbill/shcpe/operation-time')).toEqual([
      { name: '企业票据业务', start: '08:00', end: '20:00', businessDayEnd: '21:00' },
    ]);
  });

  it('answers the hours the bill ledger is configured to keep, not a copy of its own', async () => {
    const other = await startApp({ billBusinessHours: { open: 9 * 60 + 30, close: 22 * 60 } });
    try {
      const token = (await signIn(other.app, '13800000002')).access_token;
      expect(await getData<OperationTime[]>(other.app, '/api/scbill/shcpe/operation-time', token)).toEqual([
        { name: '企业票据业务', start: '09:30', end: '22:00', businessDayEnd: '22:00' },
      ]);
    } finally {
      await other.app.close();
    }
  });
});
