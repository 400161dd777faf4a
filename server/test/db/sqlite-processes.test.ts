import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrate } from '../../src/db/database';

const WRITER = fileURLToPath(new URL('../support/sqlite-writer.ts', import.meta.url));
const PROCESSES = 3;
const ROUNDS = 60;

function runWriter(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, String(ROUNDS)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('several server processes on one SQLite file', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-sqlite-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('run their read-then-write transactions one after another: no SQLITE_BUSY, no lost update', async () => {
    const db = await createDatabase({ dataDir });
    await migrate(db);
    await db.insertInto('rate_counters').values({ key: 'shared', window_start: 0, count: 0 }).execute();
    await db.destroy();

    const results = await Promise.all(Array.from({ length: PROCESSES }, () => runWriter(dataDir)));

    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    const check = await createDatabase({ dataDir });
    const row = await check
      .selectFrom('rate_counters')
      .select('count')
      .where('key', '=', 'shared')
      .executeTakeFirstOrThrow();
    await check.destroy();
    expect(Number(row.count)).toBe(PROCESSES * ROUNDS);
  }, 60_000);
});
