import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('holds no line back: a server killed just after a request has written its line', async () => {
    await fetch(`${server.baseUrl}/api/health`, { headers: { 'request-id': 'stdout-line-1' } });
    // The line is written as the answer finishes, a moment after the client has it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.crash();
    // What the process wrote before it died may still be in the pipe.
    const deadline = Date.now() + 2000;
    while (!server.recentOutput.includes('stdout-line-1') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = linesOf(server.recentOutput).find((entry) => entry.reqId === 'stdout-line-1');
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });
});
