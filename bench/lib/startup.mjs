// Start-up: spawn the built server and time it to the first 200 of /api/health.
import fs from 'node:fs';
import path from 'node:path';
import { median } from './load.mjs';
import { startServer } from './processes.mjs';

/**
 * Median start-up over `runs` starts on an empty DATA_DIR (migrations, demo seed, key generation: each
 * start gets a new folder) and over `runs` starts on one seeded DATA_DIR.
 */
export async function measureStartup(tmp, runs) {
  const empty = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(path.join(tmp, `empty-${i}`));
    empty.push(server.ms);
    await server.stop();
  }
  const seededDir = path.join(tmp, 'empty-0');
  const seeded = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(seededDir);
    seeded.push(server.ms);
    await server.stop();
  }
  for (let i = 1; i < runs; i++) fs.rmSync(path.join(tmp, `empty-${i}`), { recursive: true, force: true });
  return { emptyMs: median(empty), seededMs: median(seeded), empty, seeded };
}
