// CPU time of the processes that serve a route, read from Linux's /proc: a figure per request that moves
// less with the machine's other load than throughput does.
import fs from 'node:fs';

/** Linux counts a process's CPU time in clock ticks of 1/USER_HZ s; USER_HZ is 100 on every Linux Node runs on. */
const TICK_US = 1e6 / 100;

/** User and system CPU time of process `pid` so far, in µs (0 once it is gone). */
export function processCpuUs(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** CPU time so far of each PostgreSQL process of this machine (its backends, writer and the rest), in µs, by pid. */
export function postgresCpuUs() {
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres'))
        byPid.set(entry, processCpuUs(entry));
    } catch {
      // the process ended while being read
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU time between two readings of postgresCpuUs: what each process alive at the second spent
 * since the first (all of it, for one started since). A process that ended between them is left out, so a
 * pool closing idle connections cannot make the figure fall below zero.
 */
export function postgresCpuSince(before, after = postgresCpuUs()) {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}
