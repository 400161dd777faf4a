import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { TokenResponse } from '@contract/auth-schemas';
import type { ExportTask } from '@contract/export-schemas';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { sha256Hex } from '../../src/lib/hash';
import { HttpClient, sqlitePuzzleAnswers } from '../support/http-client';
import { freePort, ServerProcess } from '../support/server-process';

/**
 * Crash safety: the real server under continuous acknowledged writes is killed with SIGKILL and
 * started again on the same data folder. Nothing it acknowledged may be lost, the file must be intact, no
 * refresh-token family half-rotated, and a client retrying with its Idempotency-Key must not duplicate.
 */

/** tsx compiles on start; a loaded 2-core machine needs a while. */
const STARTUP_TIMEOUT_MS = 40_000;
/** Write until at least this much was acknowledged (or the deadline), then kill mid-write. */
const MIN_ROTATIONS = 30;
const MIN_EXPORTS = 5;
const WRITE_DEADLINE_MS = 10_000;
/** Below the export rate limit (20 a minute per user), retries included. */
const MAX_EXPORTS = 12;
const ROTATING_MOBILES = ['13800000001', '13800000002', '13800000003'];
const EXPORTER_MOBILE = '13800000001';
const EXPORT_BODY = JSON.stringify({ kind: 'operation-list' });

let dataDir: string;
let server: ServerProcess;
let client: HttpClient;
let databaseFile: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-crash-'));
  databaseFile = path.join(dataDir, 'chain-bill.sqlite');
  server = new ServerProcess(dataDir, await freePort());
  client = new HttpClient(server.baseUrl, sqlitePuzzleAnswers(databaseFile));
  await server.start(STARTUP_TIMEOUT_MS);
}, STARTUP_TIMEOUT_MS + 5_000);

afterAll(() => {
  server?.killNow();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Acknowledged {
  /** Every refresh token the server handed out with a 200, per sign-in, in order. */
  refreshTokens: string[][];
  accessTokens: string[];
  /** Idempotency-Key → id of the task the server answered 201 for. */
  exports: Map<string, string>;
  /** Keys sent without an answer (the kill came first): the client retries them. */
  unanswered: Set<string>;
  /** Anything but success or a dropped connection while the server was up. */
  failures: string[];
}

const createExport = (accessToken: string, key: string) =>
  client.json<{ data: ExportTask }>('/api/export-tasks', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      'idempotency-key': key,
    },
    body: EXPORT_BODY,
  });

async function rotateUntilKilled(session: number, first: TokenResponse, ack: Acknowledged): Promise<void> {
  let refreshToken = first.refresh_token;
  for (;;) {
    let answer: Awaited<ReturnType<HttpClient['refresh']>>;
    try {
      answer = await client.refresh(refreshToken);
    } catch {
      return; // the connection died with the server
    }
    if (answer.status !== 200) {
      ack.failures.push(`refresh ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
    refreshToken = answer.body.refresh_token;
    ack.refreshTokens[session]!.push(refreshToken);
    ack.accessTokens.push(answer.body.access_token);
  }
}

async function exportUntilKilled(accessToken: string, ack: Acknowledged): Promise<void> {
  for (let n = 0; n < MAX_EXPORTS; n++) {
    const key = crypto.randomUUID();
    ack.unanswered.add(key);
    let answer: Awaited<ReturnType<typeof createExport>>;
    try {
      answer = await createExport(accessToken, key);
    } catch {
      return;
    }
    ack.unanswered.delete(key);
    if (answer.status !== 201) {
      ack.failures.push(`export ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
    ack.exports.set(key, answer.body.data.id);
  }
}

async function untilEnoughWritten(ack: Acknowledged): Promise<void> {
  const deadline = Date.now() + WRITE_DEADLINE_MS;
  const rotations = () => ack.refreshTokens.reduce((sum, tokens) => sum + tokens.length, 0);
  while (Date.now() < deadline && (rotations() < MIN_ROTATIONS || ack.exports.size < MIN_EXPORTS))
    await new Promise((resolve) => setTimeout(resolve, 50));
}

interface TokenRow {
  token_hash: string;
  session_id: string;
  parent_hash: string | null;
  used_at: number | null;
}

/** What the file holds right after the crash, read the way the next start will find it. */
function inspectAfterCrash() {
  const database = new SQLite(databaseFile, { fileMustExist: true });
  try {
    const integrity = database.pragma('integrity_check', { simple: true });
    const foreignKeyViolations = database.pragma('foreign_key_check') as unknown[];
    const tokens = database
      .prepare('SELECT token_hash, session_id, parent_hash, used_at FROM refresh_tokens')
      .all() as TokenRow[];
    const accessHashes = new Set(
      (database.prepare('SELECT token_hash FROM access_tokens').all() as Array<{ token_hash: string }>).map(
        (row) => row.token_hash,
      ),
    );
    const taskIds = new Set(
      (database.prepare('SELECT id FROM export_tasks').all() as Array<{ id: string }>).map((row) => row.id),
    );
    return { integrity, foreignKeyViolations, tokens, accessHashes, taskIds };
  } finally {
    database.close();
  }
}

const sessionOf = (tokens: TokenRow[], refreshToken: string) =>
  tokens.find((row) => row.token_hash === sha256Hex(refreshToken))?.session_id;

describe('kill -9 under continuous writes', () => {
  it('loses nothing acknowledged, leaves an intact file, whole token families, and no duplicate on retry', async () => {
    const rotating: TokenResponse[] = [];
    for (const mobile of ROTATING_MOBILES) rotating.push(await client.signIn(mobile, DEMO_PASSWORD));
    const exporter = await client.signIn(EXPORTER_MOBILE, DEMO_PASSWORD);
    const ack: Acknowledged = {
      refreshTokens: rotating.map((session) => [session.refresh_token]),
      accessTokens: rotating.map((session) => session.access_token),
      exports: new Map(),
      unanswered: new Set(),
      failures: [],
    };

    const writers = [
      ...rotating.map((session, i) => rotateUntilKilled(i, session, ack)),
      exportUntilKilled(exporter.access_token, ack),
    ];
    await untilEnoughWritten(ack);
    await server.crash();
    await Promise.all(writers);
    expect(ack.failures).toEqual([]);
    expect(ack.refreshTokens.flat().length).toBeGreaterThan(ROTATING_MOBILES.length);
    expect(ack.exports.size).toBeGreaterThan(0);

    // The file as the crash left it.
    const { integrity, foreignKeyViolations, tokens, accessHashes, taskIds } = inspectAfterCrash();
    expect(integrity).toBe('ok');
    expect(foreignKeyViolations).toEqual([]);
    const storedRefresh = new Set(tokens.map((row) => row.token_hash));
    expect(ack.refreshTokens.flat().filter((token) => !storedRefresh.has(sha256Hex(token)))).toEqual([]);
    expect(ack.accessTokens.filter((token) => !accessHashes.has(sha256Hex(token)))).toEqual([]);
    expect([...ack.exports.values()].filter((id) => !taskIds.has(id))).toEqual([]);

    // Every rotated sign-in is one whole chain: one live token, and every used token has exactly one successor.
    for (const chain of ack.refreshTokens) {
      const sessionId = sessionOf(tokens, chain[0]!);
      const family = tokens.filter((row) => row.session_id === sessionId);
      expect(family.filter((row) => row.used_at === null)).toHaveLength(1);
      for (const used of family.filter((row) => row.used_at !== null))
        expect(family.filter((row) => row.parent_hash === used.token_hash)).toHaveLength(1);
      // The client's newest token is the live one, or its successor was committed just before the kill.
      const newest = family.find((row) => row.token_hash === sha256Hex(chain.at(-1)!))!;
      if (newest.used_at !== null)
        expect(family.some((row) => row.parent_hash === newest.token_hash)).toBe(true);
    }

    await server.start(STARTUP_TIMEOUT_MS);

    // The client retries every export with its key: answered ones replay, unanswered ones run at most once.
    const keys = [...ack.exports.keys(), ...ack.unanswered];
    for (const key of keys) {
      const retry = await createExport(exporter.access_token, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      const acknowledgedId = ack.exports.get(key);
      if (acknowledgedId !== undefined) {
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(retry.body.data.id).toBe(acknowledgedId);
      }
    }
    const list = await client.json<{ data: { content: ExportTask[]; totalElements: number } }>(
      '/api/export-tasks?page=0&size=50',
      { headers: { authorization: `Bearer ${exporter.access_token}` } },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.totalElements).toBe(keys.length);
    const listed = new Set(list.body.data.content.map((task) => task.id));
    expect([...ack.exports.values()].every((id) => listed.has(id))).toBe(true);

    // A sign-in whose newest acknowledged token is still live goes on refreshing after the restart.
    for (const chain of ack.refreshTokens) {
      const newest = tokens.find((row) => row.token_hash === sha256Hex(chain.at(-1)!))!;
      if (newest.used_at === null) expect((await client.refresh(chain.at(-1)!)).status).toBe(200);
    }
  }, 120_000);
});
