import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ExportTask } from '@contract/export-schemas';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { rowsOf, workbookOf } from '../support/export-helpers';
import { authed, bearer, signIn, T0 } from '../support/helpers';
import { seededPostgresDatabase } from '../support/postgres-template';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let dataDir: string;
let nodes: FastifyInstance[];
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-pg-export-'));
  // Two server nodes on one database and one shared export folder, as behind a load balancer.
  const unplaced = testConfig({ logLevel: 'silent' });
  const config = { ...unplaced, dataDir, databaseUrl: await seededPostgresDatabase(serverUrl, unplaced, T0) };
  const first = await buildApp(config, { now: () => T0 });
  nodes = [first, await buildApp(config, { now: () => T0 })];
});
afterEach(async () => {
  await Promise.all(nodes.map((node) => node.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listOf = async (app: FastifyInstance, accessToken: string) =>
  (await authed(app, 'GET', '/api/export-tasks?page=0&size=50', accessToken)).json<{
    data: { content: ExportTask[] };
  }>().data.content;

async function allFinished(app: FastifyInstance, accessToken: string, ids: string[]): Promise<ExportTask[]> {
  for (let i = 0; i < 400; i++) {
    const finished = (await listOf(app, accessToken)).filter(
      (task) => ids.includes(task.id) && (task.status === 'done' || task.status === 'failed'),
    );
    if (finished.length === ids.length) return finished;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('exports did not finish');
}

describe('PostgreSQL: export tasks', () => {
  it('run from pending to done on either node, each exactly once, and download as xlsx from the other', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const accessToken = (await signIn(a, '13800000001')).access_token;
    const ids: string[] = [];
    for (const [index, kind] of [
      'operation-list',
      'org-relation',
      'operation-list',
      'org-relation',
    ].entries()) {
      const created = await authed(index % 2 ? b : a, 'POST', '/api/export-tasks', accessToken, { kind });
      expect(created.statusCode, created.body).toBe(201);
      const task = created.json<{ data: ExportTask }>().data;
      expect(task).toMatchObject({ status: 'pending', progress: 0 });
      ids.push(task.id);
    }

    const finished = await allFinished(b, accessToken, ids);
    expect(finished.map((task) => task.status)).toEqual(['done', 'done', 'done', 'done']);
    const rows = await a.db
      .selectFrom('export_tasks')
      .select(['attempts', 'progress', 'row_count'])
      .execute();
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1, 1]);
    expect(rows.every((row) => row.progress === 100 && typeof row.row_count === 'number')).toBe(true);

    const file = await b.inject({
      method: 'GET',
      url: `/api/export-tasks/${ids[0]}/file`,
      headers: bearer(accessToken),
    });
    expect(file.statusCode).toBe(200);
    expect(rowsOf((await workbookOf(file.rawPayload)).worksheets[0]).length).toBeGreaterThan(1);
  });
});
