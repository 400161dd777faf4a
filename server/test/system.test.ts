import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { RealtimeMessage } from '@contract/realtime';
import type { HolidayDay, OperationTime, SystemStatus } from '@contract/shell';
import { SPEC_ENDPOINTS, type SpecEndpoint } from '@contract/spec-endpoints';
import { SETTING } from '../src/modules/system-status/service';
import { authed, signIn, startApp, T0, type TestApp } from './helpers';

/** The spec's calls of the signed-in shell: notices, statistics, operations, status, functions, channels, invitations. */
const SHELL_CALLS: SpecEndpoint[] = [
  'POST /api/plat-message/page',
  'PUT /api/plat-message/{id}',
  'PUT /api/plat-message/notice/all/read',
  'POST /api/plat-message/todo/page',
  'GET /api/scbill/statistics/issue',
  'GET /api/scbill/statistics/accept',
  'GET /api/scbill/statistics/discount',
  'GET /api/scbill/statistics/trans',
  'GET /api/scbill/operate/list',
  'GET /api/scbill/shcpe/system/status',
  'GET /api/quote/holidays/day',
  'GET /api/scbill/org-acct-function-endpoint',
  'GET /api/permission/binding/channel/func',
  'POST /api/scbill/org-acct/open-func',
  'GET /api/scbill/org/channel/list',
  'PUT /api/scbill/org/channel/default',
  'GET /api/scbill/org/channel/checked/default',
  'POST /api/invitation',
  'GET /api/invitation/detail/{a}/{b}',
  'POST /api/account/invitation/{a}/{b}',
];

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await startApp();
  accessToken = (await signIn(t.app, '13800000002')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const get = async <T>(url: string) => {
  const response = await authed(t.app, 'GET', url, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: number; data: T }>().data;
};

describe('the shell’s routes', () => {
  it('registers the spec calls of the signed-in shell', () => {
    for (const call of SHELL_CALLS) {
      expect(SPEC_ENDPOINTS, call).toContain(call);
      const [method, url] = call.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const pattern = url.replace('{a}/{b}', ':orgId/:code').replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method, url: pattern }), call).toBe(true);
    }
  });
});

describe('GET /api/scbill/shcpe/system/status', () => {
  it('answers SS00 系统正常 by default, from the settings table', async () => {
    expect(await get<SystemStatus>('/api/scbill/shcpe/system/status')).toEqual({
      status: 'SS00',
      name: '系统正常',
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
});

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

describe('POST /api/sandbox/non-payment', () => {
  it('pushes NON_PAYMENT {show} to the account’s open tabs', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '13800000001')
      .executeTakeFirstOrThrow();
    const received: RealtimeMessage[] = [];
    const remove = t.app.realtime.add(user.id, null, { send: (d) => void received.push(JSON.parse(d)) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/non-payment',
      payload: { mobile: '13800000001', show: true },
    });
    remove();
    expect(response.json()).toMatchObject({ code: 200, data: { sent: 1 } });
    expect(received).toEqual([{ type: 'NON_PAYMENT', payload: { show: true } }]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/non-payment',
      payload: { mobile: '13900000000', show: false },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('fuzzing the shell’s routes', () => {
  it('never answers 5xx to arbitrary bodies, queries, paths and content types', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-fuzz-'));
    const fuzzed = await startApp({ dataDir });
    try {
      const tokens = await signIn(fuzzed.app, '13800000001');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            ['POST', '/api/plat-message/page'],
            ['POST', '/api/plat-message/todo/page'],
            ['PUT', '/api/plat-message/'],
            ['PUT', '/api/plat-message/notice/all/read'],
            ['GET', '/api/scbill/operate/list'],
            ['GET', '/api/scbill/statistics/trans'],
            ['GET', '/api/quote/holidays/day'],
            ['GET', '/api/scbill/org-acct-function-endpoint'],
            ['GET', '/api/permission/binding/channel/func'],
            ['POST', '/api/scbill/org-acct/open-func'],
            ['PUT', '/api/scbill/org/channel/default'],
            ['POST', '/api/export-tasks'],
            ['GET', '/api/export-tasks'],
            ['GET', '/api/export-tasks/'],
            ['POST', '/api/invitation'],
            ['GET', '/api/invitation/detail/'],
            ['POST', '/api/account/invitation/'],
            ['POST', '/api/sandbox/notices'],
            ['POST', '/api/sandbox/entry-links'],
            ['POST', '/api/sandbox/non-payment'],
            ['PUT', '/api/sandbox/system-status'],
          ),
          fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 200 }),
            fc.constantFrom(
              '{"kind":"org-relation"}',
              '{"kind":"operation-list","params":{"bizType":"trans"}}',
              '{"mobile":"13800000002","type":2,"title":"t","content":"c"}',
              '{"funcCode":"E_SIGN"}',
              '{"status":0,"type":3}',
            ),
          ),
          fc.dictionary(
            fc.constantFrom(
              'page',
              'size',
              'sort',
              'orgId',
              'status',
              'date',
              'channelId',
              'bizType',
              'funcType',
            ),
            fc.string({ maxLength: 12 }),
          ),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          fc.array(fc.string({ maxLength: 40 }), { minLength: 0, maxLength: 3 }),
          async ([method, url], body, query, contentType, segments) => {
            const tail = url.endsWith('/') ? segments.map(encodeURIComponent).join('/') : '';
            const search = new URLSearchParams(query).toString();
            const response = await fuzzed.app.inject({
              method: method as 'GET' | 'POST' | 'PUT',
              url: `${url}${tail}${search ? `?${search}` : ''}`,
              headers: { 'content-type': contentType, authorization: `Bearer ${tokens.access_token}` },
              ...(method === 'GET' ? {} : { payload: body }),
            });
            expect(response.statusCode, `${method} ${url}${tail} ${response.body}`).toBeLessThan(500);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      await fuzzed.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
