// Signed-in reads sent at a steady pace, in a process of their own (forked by bench/day-end.ts), so the
// latency of each is the server's and not that of a load generator sharing its event loop. The routes are
// taken in turn, one request every 1000 / BENCH_READS_RATE ms over them all, each sent on its time whether
// the ones before have answered or not (a server that stops answering for 200 ms leaves every request of
// those 200 ms waiting, and each is counted with its wait).
//
// Environment: BENCH_READS_BASE (the server), BENCH_READS_TOKEN (an access token), BENCH_READS_RATE
// (requests per second), BENCH_READS_ROUTES (JSON: [{ name, method, path, body? }]); BENCH_READS_DEBUG=1
// prints each failed answer.
// Messages from the parent: { phase } tags the requests sent from then on; { stop: true } waits for the
// requests under way and answers { figures } (each phase's routes: count, p50, p99, max in ms, failures).
import { performance } from 'node:perf_hooks';

const base = process.env.BENCH_READS_BASE;
const rate = Number(process.env.BENCH_READS_RATE);
const routes = JSON.parse(process.env.BENCH_READS_ROUTES);
const headers = {
  authorization: `Bearer ${process.env.BENCH_READS_TOKEN}`,
  'x-sys-role': '2',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

let phase = 'warm-up';
/** phase → route name → latencies (ms), and failures. */
const samples = new Map();
const underWay = new Set();

function record(at, name, ms, ok) {
  if (!samples.has(at)) samples.set(at, new Map());
  const byRoute = samples.get(at);
  if (!byRoute.has(name)) byRoute.set(name, { ms: [], failures: 0 });
  const entry = byRoute.get(name);
  entry.ms.push(ms);
  if (!ok) entry.failures += 1;
}

async function send(route) {
  const at = phase;
  const started = performance.now();
  let ok = false;
  try {
    const res = await fetch(`${base}${route.path}`, {
      method: route.method ?? 'GET',
      headers: route.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: route.body === undefined ? undefined : JSON.stringify(route.body),
    });
    const body = await res.text();
    ok = res.ok;
    if (!ok && process.env.BENCH_READS_DEBUG) console.error(route.name, res.status, body.slice(0, 200));
  } catch (error) {
    if (process.env.BENCH_READS_DEBUG) console.error(route.name, String(error));
    ok = false;
  }
  record(at, route.name, performance.now() - started, ok);
}

const interval = 1000 / rate;
let next = performance.now();
let sent = 0;
let stopped = false;
let timer = null;

function tick() {
  if (stopped) return;
  const now = performance.now();
  // Every request whose time has come, late ones included, so a slow tick does not lower the rate.
  while (next <= now) {
    const request = send(routes[sent % routes.length]);
    underWay.add(request);
    void request.finally(() => underWay.delete(request));
    sent += 1;
    next += interval;
  }
  timer = setTimeout(tick, Math.max(0, Math.floor(next - performance.now())));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const figuresOf = ({ ms, failures }) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (value) => Number(value.toFixed(1));
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
    failures,
  };
};

process.on('message', async (message) => {
  if (message.phase) phase = message.phase;
  if (message.stop) {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(underWay);
    const figures = {};
    for (const [at, byRoute] of samples) {
      const all = { ms: [], failures: 0 };
      figures[at] = {};
      for (const [name, entry] of byRoute) {
        figures[at][name] = figuresOf(entry);
        all.ms.push(...entry.ms);
        all.failures += entry.failures;
      }
      figures[at].all = figuresOf(all);
    }
    process.send({ figures }, () => process.exit(0));
  }
});

tick();
