import type { SystemStatus } from '@contract/shell-schemas';
import type { DayEndStep } from '../../../src/modules/day-end/service';
import { getData, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let accessToken: string;
/** What the dashboard was told while the step below ran. */
const seen: SystemStatus[] = [];

const watching: DayEndStep = {
  name: 'watch-the-status',
  async run() {
    seen.push(await status());
  },
};

beforeEach(async () => {
  seen.length = 0;
  t = await startApp({}, { dayEndSteps: [watching] });
  accessToken = (await signIn(t.app, '13800000002')).access_token;
});
afterEach(async () => {
  await t.app.close();
});

const status = () => getData<SystemStatus>(t.app, '/api/scbill/shcpe/system/status', accessToken);
const setStatus = (code: string) =>
  t.app.inject({ method: 'PUT', url: '/api/sandbox/system-status', payload: { status: code } });

describe('the system status while a day-end runs', () => {
  it('says 日终处理中 (SS01) while the close runs, and 系统正常 again once it is done', async () => {
    expect((await status()).status).toBe('SS00');
    await t.app.dayEnd.runNow('2026-02-27');
    // The worker may run the latest closed day too: whatever ran, it ran under SS01.
    expect(seen.length).toBeGreaterThan(0);
    for (const during of seen) expect(during).toMatchObject({ status: 'SS01', name: '日终处理中' });
    const after = await status();
    expect(after).toMatchObject({ status: 'SS00', name: '系统正常' });
    expect(after.dayEnd).toMatchObject({ status: 'done' });
  });

  it('keeps a state an operator set (系统维护中) through the close', async () => {
    expect((await setStatus('SS02')).statusCode).toBe(200);
    await t.app.dayEnd.runNow('2026-02-27');
    expect(seen.length).toBeGreaterThan(0);
    for (const during of seen) expect(during).toMatchObject({ status: 'SS02', name: '系统维护中' });
  });
});
