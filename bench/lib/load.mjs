// Load generation (autocannon) and the comparison of our routes with the bare yardstick route.
import autocannon from 'autocannon';
import { postgresCpuSince, postgresCpuUs, processCpuUs } from './cpu.mjs';

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One autocannon run of a measured route (see bench/routes.mjs) against the server at `base`; a route with a
 * `url` of its own (a yardstick) is asked there.
 */
function runRoute(route, base, context, { connections, duration }) {
  return cannon({
    url: route.url ?? `${base}${route.path}`,
    method: route.method ?? 'GET',
    headers: route.headers?.(context) ?? {},
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
    connections,
    duration,
  });
}

/**
 * Each round measures the bare route, then our route, for every route in turn, so both see the same
 * machine load; a route's figure is the median over rounds of its req/s divided by the bare route's. Given
 * `pidOf` (the process that answers a route) and `postgres`, each run also counts the CPU time per request
 * of that process and of PostgreSQL, in µs.
 */
export async function compareWithBare(
  routes,
  { base, bareUrl, context, rounds, duration, connections, pidOf = null, postgres = false },
) {
  const bareRun = () => cannon({ url: bareUrl, connections, duration });
  const samples = new Map(routes.map((route) => [route.name, []]));
  // Warm both processes (JIT, prepared statements) before the first measured round.
  await cannon({ url: bareUrl, connections, duration: 1 });
  for (const route of routes) await runRoute(route, base, context, { connections, duration: 1 });

  for (let round = 0; round < rounds; round++) {
    for (const route of routes) {
      const bare = await bareRun();
      const pid = pidOf?.(route);
      const before = { app: pid ? processCpuUs(pid) : 0, db: postgres ? postgresCpuUs() : null };
      const ours = await runRoute(route, base, context, { connections, duration });
      const served = Math.max(1, ours.requests.total);
      const cpu = {
        app: pid ? (processCpuUs(pid) - before.app) / served : null,
        db: postgres ? postgresCpuSince(before.db) / served : null,
      };
      samples.get(route.name).push({ bare, ours, cpu });
    }
  }
  return routes.map((route) => {
    const runs = samples.get(route.name);
    return {
      name: route.name,
      reqPerSec: median(runs.map((r) => r.ours.requests.average)),
      bareReqPerSec: median(runs.map((r) => r.bare.requests.average)),
      ratio: median(runs.map((r) => r.ours.requests.average / r.bare.requests.average)),
      p99: median(runs.map((r) => r.ours.latency.p99)),
      bareP99: median(runs.map((r) => r.bare.latency.p99)),
      non2xx: runs.reduce((sum, r) => sum + r.ours.non2xx + r.ours.errors, 0),
      appCpuUs: runs[0].cpu.app === null ? null : median(runs.map((r) => r.cpu.app)),
      dbCpuUs: runs[0].cpu.db === null ? null : median(runs.map((r) => r.cpu.db)),
    };
  });
}
