import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TokenResponse } from '@contract/auth-schemas';
import type { ExportTask } from '@contract/export-schemas';
import { REALTIME_EVENT, type RealtimeMessage } from '@contract/realtime';
import { createDatabase, type Db } from '../../src/db/database';
import { DEMO_ORGS, DEMO_PASSWORD } from '../../src/db/seed';
import { rowsOf, workbookOf } from '../support/export-helpers';
import { HttpClient } from '../support/http-client';
import { migratedPostgresDatabase } from '../support/postgres-template';
import { freePort, ServerProcess } from '../support/server-process';
import { openTabSocket } from '../support/tab-socket';

/**
 * Two real server processes on one PostgreSQL database, as an operator runs them behind a load balancer: the
 * same verification secret and password key, the file store in the database, a short task lease.
 */

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

/** tsx compiles on start; a loaded 2-core machine needs a while. */
const STARTUP_TIMEOUT_MS = 60_000;
const LEASE_SECONDS = 2;
/** Enough rows that the export takes a while: a node can be killed while it writes. */
const MANY_OPERATIONS = 40_000;
const OWNER = '13800000001';

let db: Db;
let dataDirs: string[] = [];
let nodes: [ServerProcess, ServerProcess];
let clients: [HttpClient, HttpClient];
let owner: TokenResponse;

beforeAll(async () => {
  // Migrated already (support/postgres-template.ts): the first node seeds the demo with its own clock.
  const databaseUrl = await migratedPostgresDatabase(serverUrl);
  db = await createDatabase({ dataDir: '', databaseUrl });
  const shared = {
    DATABASE_URL: databaseUrl,
    VERIFICATION_SECRET: crypto.randomBytes(32).toString('hex'),
    RSA_PRIVATE_KEY: crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    FILE_STORE: 'database',
    TASK_LEASE_SECONDS: String(LEASE_SECONDS),
    TASK_POLL_SECONDS: '1',
  };
  dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-node-')));
  nodes = [
    new ServerProcess(dataDirs[0]!, await freePort(), shared),
    new ServerProcess(dataDirs[1]!, await freePort(), shared),
  ];
  // One after the other, as a rolling start: the first seeds the demo, the second finds it done.
  for (const node of nodes) await node.start(STARTUP_TIMEOUT_MS);
  const puzzleAnswers = async (token: string) =>
    Number(
      (
        await db
          .selectFrom('captcha_challenges')
          .select('answer_x')
          .where('token', '=', token)
          .executeTakeFirstOrThrow()
      ).answer_x,
    );
  clients = [
    new HttpClient(nodes[0].baseUrl, puzzleAnswers),
    new HttpClient(nodes[1].baseUrl, puzzleAnswers),
  ];
  owner = await clients[0].signIn(OWNER, DEMO_PASSWORD);
}, 3 * STARTUP_TIMEOUT_MS);

afterAll(async () => {
  for (const node of nodes ?? []) node.killNow();
  await db?.destroy();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const signedIn = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${owner.access_token}`,
  ...extra,
});

const tasksOn = async (client: HttpClient) =>
  (
    await client.json<{ data: { content: ExportTask[] } }>('/api/export-tasks?page=0&size=50', {
      headers: signedIn(),
    })
  ).body.data.content;

async function createExport(client: HttpClient, kind: string): Promise<ExportTask> {
  const created = await client.json<{ data: ExportTask }>('/api/export-tasks', {
    method: 'POST',
    headers: signedIn({ 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    body: JSON.stringify({ kind }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

async function finishedOn(client: HttpClient, id: string, timeoutMs: number): Promise<ExportTask> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const task = (await tasksOn(client)).find((t) => t.id === id);
    if (task && (task.status === 'done' || task.status === 'failed')) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${id} did not finish through ${client.baseUrl}`);
}

async function download(client: HttpClient, id: string) {
  const response = await fetch(`${client.baseUrl}/api/export-tasks/${id}/file`, { headers: signedIn() });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, length: response.headers.get('content-length'), body };
}

const sheetRows = async (body: Buffer) => rowsOf((await workbookOf(body)).worksheets[0]).length;

const isNotice = (m: RealtimeMessage) => m.type === REALTIME_EVENT.notice;

describe('two server nodes on one PostgreSQL database', () => {
  it('accept a sign-in made on one node on the other', async () => {
    const user = await clients[1].json<{ data: { mobile: string } }>('/api/user', { headers: signedIn() });
    expect(user.status).toBe(200);
    expect(user.body.data.mobile).toBe(OWNER);
  });

  it('carry an event caused on one node to the sockets open on both', async () => {
    const onOther = await openTabSocket(nodes[1].baseUrl, owner.access_token);
    const onSame = await openTabSocket(nodes[0].baseUrl, owner.access_token);
    const posted = await clients[0].json('/api/sandbox/notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: OWNER, type: 2, title: '请签收一笔背书', content: '背书待签收' }),
    });
    expect(posted.status).toBe(201);
    await onOther.received(isNotice);

    const marked = await clients[0].json<{ data: { updated: number } }>('/api/plat-message/notice/all/read', {
      method: 'PUT',
      headers: signedIn(),
    });
    expect(marked.body.data.updated).toBeGreaterThan(0);
    for (const tab of [onOther, onSame]) {
      await vi.waitFor(() => expect(tab.messages.filter(isNotice)).toHaveLength(2), { timeout: 10_000 });
      tab.close();
    }
  });

  it('serve an export made through one node as a download through the other', async () => {
    const tab = await openTabSocket(nodes[1].baseUrl, owner.access_token);
    const task = await createExport(clients[0], 'org-relation');
    expect((await finishedOn(clients[1], task.id, 30_000)).status).toBe('done');
    const event = await tab.received((m) => m.type === REALTIME_EVENT.exportTask);
    expect(event.payload).toMatchObject({ taskId: task.id, status: 'done' });
    tab.close();

    const file = await download(clients[1], task.id);
    expect(file.status).toBe(200);
    expect(file.length).toBe(String(file.body.length));
    expect(await sheetRows(file.body)).toBeGreaterThan(1);
    expect((await download(clients[0], task.id)).body.equals(file.body)).toBe(true);
  });

  it('finish on one node an export whose node was killed while writing it', async () => {
    const rows = Array.from({ length: MANY_OPERATIONS }, (_, i) => ({
      id: `bulk-${i}`,
      org_id: DEMO_ORGS.shanghai.id,
      biz_id: `bulk-${i}`,
      biz_type: 'trans',
      op_type: 'apply',
      bill_no: '700000000000020260302000000010',
      sub_start: 1,
      sub_end: 100,
      amount_fen: 100,
      counterparty: '南京金陵汽车零部件有限公司',
      status: 'success',
      operator_user_id: null,
      operator_name: '张伟',
      created_at: Date.UTC(2026, 0, 1) + i,
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await db
        .insertInto('bill_operations')
        .values(rows.slice(i, i + 2000))
        .execute();
    // Only the first node may claim the task: the second is stopped, as for an upgrade.
    await nodes[1].stop();
    const task = await createExport(clients[0], 'operation-list');

    const writing = async () =>
      db
        .selectFrom('export_tasks')
        .select(['status', 'progress', 'attempts'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => {
        const row = await writing();
        expect(row.status).toBe('running');
        expect(Number(row.progress)).toBeGreaterThanOrEqual(5);
      },
      { timeout: 60_000, interval: 10 },
    );
    await nodes[0].crash();

    // Killed mid-write: the task is still its, and nothing of its file is visible.
    expect(await writing()).toMatchObject({ status: 'running', attempts: 1 });
    const keysOf = async () =>
      (
        await db
          .selectFrom('file_objects')
          .select('key')
          .where('key', 'like', `exports/${task.id}.%`)
          .execute()
      ).map((row) => row.key);
    expect(await keysOf()).toEqual([]);
    expect(await db.selectFrom('file_uploads').select('key').execute()).toEqual([
      { key: `exports/${task.id}.1.xlsx` },
    ]);

    await nodes[1].start(STARTUP_TIMEOUT_MS);
    expect((await finishedOn(clients[1], task.id, 120_000)).status).toBe('done');
    expect(await writing()).toMatchObject({ status: 'done', progress: 100, attempts: 2 });
    expect(await keysOf()).toEqual([`exports/${task.id}.2.xlsx`]);

    const file = await download(clients[1], task.id);
    expect(file.status).toBe(200);
    const operations = await db
      .selectFrom('bill_operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .executeTakeFirstOrThrow();
    expect(await sheetRows(file.body)).toBe(Number(operations.n) + 1);
  }, 240_000);
});
