import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from '../../src/lib/log-output';
import { freePort, ServerProcess } from '../support/server-process';

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-log-'));
  server = new ServerProcess(dataDir, await freePort(), { LOG_LEVEL: 'info', SEED_DEMO: 'off' });
  await server.start(60_000);
});

afterAll(() => {
  server.killNow();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const linesOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log on stdout', () => {
  it('shows a quiet server’s request line within the flush interval, whole', async () => {
    await fetch(`${server.baseUrl}/api/health`, { headers: { 'request-id': 'stdout-line-1' } });
    const deadline = Date.now() + LOG_FLUSH_MS * 4;
    while (!server.recentOutput.includes('stdout-line-1') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = linesOf(server.recentOutput).find((entry) => entry.reqId === 'stdout-line-1');
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('writes the lines still gathered when the server stops', async () => {
    await fetch(`${server.baseUrl}/api/health`, { headers: { 'request-id': 'stdout-line-2' } });
    await server.stop();
    const entries = linesOf(server.recentOutput);
    expect(entries.find((entry) => entry.reqId === 'stdout-line-2')).toBeDefined();
    expect(entries.some((entry) => entry.msg === 'shutting down')).toBe(true);
  });
});
