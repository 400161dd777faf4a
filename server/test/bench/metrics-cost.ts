// What metrics cost a request: GET /api/user through app.inject, in one process, on two apps built alike but
// for METRICS, rounds alternating between them; the CPU time this process spends per request (not the wall
// time, which other processes on the machine move), median of the rounds. Run: node --import tsx server/test/bench/metrics-cost.ts
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { passwordGrant } from '../support/helpers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);

async function appWith(metrics: boolean) {
  const app = await buildApp(testConfig({ metrics, logLevel: 'silent' }));
  const token = (await passwordGrant(app, { mobile: '13800000001', password: 'Demo@1234' })).json<{
    access_token: string;
  }>().access_token;
  return { app, headers: { authorization: `Bearer ${token}` } };
}

/** Microseconds of this process's CPU per request over one round. */
async function round(target: Awaited<ReturnType<typeof appWith>>): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await target.app.inject({ method: 'GET', url: '/api/user', headers: target.headers });
    if (response.statusCode !== 200) throw new Error(`GET /api/user: ${response.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const off = await appWith(false);
const on = await appWith(true);
await round(off);
await round(on);
const offTimes: number[] = [];
const onTimes: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  offTimes.push(await round(off));
  onTimes.push(await round(on));
}
const [a, b] = [median(offTimes), median(onTimes)];
console.log(`GET /api/user through inject, CPU per request, median of ${ROUNDS} rounds of ${REQUESTS}:`);
console.log(
  `  metrics off ${a.toFixed(1)} us, on ${b.toFixed(1)} us: +${(b - a).toFixed(1)} us (${((b / a - 1) * 100).toFixed(1)}%)`,
);
await off.app.close();
await on.app.close();
