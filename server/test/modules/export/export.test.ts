import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { ExportTask } from '@contract/export-schemas';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { createDatabase } from '../../../src/db/database';
import { DEMO_ORGS } from '../../../src/db/seed';
import { newId } from '../../../src/lib/hash';
import { safeCell } from '../../../src/modules/export/cells';
import { rowsOf, workbookOf } from '../../support/export-helpers';
import { authed, bearer, listenAs, signIn, startApp, T0, type TestApp } from '../../support/helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

let dataDir: string;
let t: TestApp;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-export-'));
  t = await startApp({ dataDir });
});
afterEach(async () => {
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const token = async (mobile: string) => (await signIn(t.app, mobile)).access_token;
const userId = async (mobile: string) =>
  (await t.app.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

const create = async (accessToken: string, body: object = { kind: 'operation-list' }) => {
  const response = await authed(t.app, 'POST', '/api/export-tasks', accessToken, body);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json<{ code: number; data: ExportTask }>();
  expect(answer.code).toBe(201);
  return answer.data;
};

const tasks = async (app: TestApp['app'], accessToken: string) =>
  (await authed(app, 'GET', '/api/export-tasks?page=0&size=50', accessToken)).json<{
    data: { content: ExportTask[]; totalElements: number };
  }>().data;

/** Polls the task list (the worker runs on real time) until the task has finished. */
async function finished(app: TestApp['app'], accessToken: string, id: string): Promise<ExportTask> {
  for (let i = 0; i < 200; i++) {
    const task = (await tasks(app, accessToken)).content.find((x) => x.id === id);
    if (task && (task.status === 'done' || task.status === 'failed')) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

const download = (app: TestApp['app'], accessToken: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/export-tasks/${id}/file`, headers: bearer(accessToken) });

/** Filename from `filename*=UTF-8''…` (RFC 5987), as a browser would decode it. */
const extFileName = (header: string) => {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
};

const shanghaiTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

describe('the operation-list export', () => {
  it('runs asynchronously to done, tells the user’s tab, and serves an xlsx whose rows match the database', async () => {
    const zhang = await token('13800000001');
    const tab = listenAs(t.app, await userId('13800000001'), DEMO_ORGS.shanghai.id);
    const task = await create(zhang);
    expect(task).toMatchObject({
      kind: 'operation-list',
      name: '业务操作记录',
      status: 'pending',
      progress: 0,
      fileName: '业务操作记录_20260302090000.xlsx',
      finishedAt: null,
    });
    const done = await finished(t.app, zhang, task.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, finishedAt: new Date(T0).toISOString() });
    expect(await tab.first(1)).toEqual([
      { type: 'EXPORT_TASK_FINISHED', payload: { taskId: task.id, status: 'done', fileName: task.fileName } },
    ]);
    tab.remove();

    const response = await download(t.app, zhang, task.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="operation-list_20260302090000\.xlsx"; filename\*=UTF-8''/,
    );
    expect(extFileName(disposition)).toBe('业务操作记录_20260302090000.xlsx');

    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('业务操作记录');
    const [header, ...rows] = rowsOf(sheet);
    expect(header).toEqual([
      '业务类型',
      '操作',
      '票据包号',
      '子票区间',
      '金额（元）',
      '交易对手',
      '状态',
      '操作人',
      '操作时间',
      '业务编号',
    ]);
    const db = await t.app.db
      .selectFrom('bill_operations')
      .selectAll()
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(rows).toHaveLength(db.length);
    rows.forEach((row, i) => {
      const op = db[i];
      if (!op) throw new Error('missing row');
      const fen = BigInt(op.amount_fen);
      expect(row[2]).toBe(op.bill_no);
      expect(row[3]).toBe(`${'1'.padStart(12, '0')}-${String(op.sub_end).padStart(12, '0')}`);
      expect(row[4]).toBe(`${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`);
      expect(row[5]).toBe(op.counterparty);
      expect(row[7]).toBe(op.operator_name);
      expect(row[8]).toBe(shanghaiTime(Number(op.created_at)));
      expect(row[9]).toBe(op.biz_id);
    });
    // In the local file store under DATA_DIR, as its first attempt wrote it, with nothing half-written left.
    const file = path.join(dataDir, 'files', 'exports', `${task.id}.1.xlsx`);
    expect(fs.statSync(file).size).toBe(response.rawPayload.length);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(fs.readdirSync(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
  });

  it('filters by business type', async () => {
    const zhang = await token('13800000001');
    const task = await create(zhang, { kind: 'operation-list', params: { bizType: 'pledge' } });
    await finished(t.app, zhang, task.id);
    const rows = rowsOf((await workbookOf((await download(t.app, zhang, task.id)).rawPayload)).worksheets[0]);
    expect(rows.slice(1).every((row) => row[0] === '质押')).toBe(true);
    const pledges = await t.app.db
      .selectFrom('bill_operations')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .where('biz_type', '=', 'pledge')
      .execute();
    expect(rows.length - 1).toBe(pledges.length);
  });

  it('prefixes cells that a spreadsheet would run as formulas with a quote', async () => {
    const zhang = await token('13800000001');
    const payloads = [
      '=HYPERLINK("http://evil.example","点我")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
    ];
    for (const [i, counterparty] of payloads.entries()) {
      await t.app.db
        .insertInto('bill_operations')
        .values({
          id: newId(),
          org_id: DEMO_ORGS.shanghai.id,
          biz_id: `inject-${i}`,
          biz_type: 'trans',
          op_type: 'apply',
          bill_no: '700000000000020260302000000010',
          sub_start: 1,
          sub_end: 100,
          amount_fen: 100,
          counterparty,
          status: 'success',
          operator_user_id: null,
          operator_name: '=1+2',
          created_at: T0 + 1000 + i,
        })
        .execute();
    }
    const task = await create(zhang);
    await finished(t.app, zhang, task.id);
    const rows = rowsOf((await workbookOf((await download(t.app, zhang, task.id)).rawPayload)).worksheets[0]);
    const injected = rows.filter((row) => row[9]?.startsWith('inject-'));
    // XML turns a stored CR into LF on reading; the quote in front is what matters.
    expect(injected.map((row) => row[5]).sort()).toEqual(
      payloads.map((p) => `'${p}`.replace(/\r/g, '\n')).sort(),
    );
    expect(injected.every((row) => row[7] === "'=1+2")).toBe(true);
    for (const row of rows) for (const cell of row) expect(FORMULA_START).not.toContain(cell[0]);
  });
});

describe('safeCell', () => {
  it('never leaves a formula start, and changes nothing else but unprintable characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (value) => {
        const cell = safeCell(value);
        expect(FORMULA_START).not.toContain(cell[0]);
        const body = cell.startsWith("'") && FORMULA_START.includes(cell[1] ?? '') ? cell.slice(1) : cell;
        // eslint-disable-next-line no-control-regex
        const printable = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
        if (!/[\uD800-\uDFFF]/.test(printable)) expect(body).toBe(printable);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips any string through a real workbook', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.string({ maxLength: 10 }).map((s) => `=${s}`),
          ),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (values) => {
          const workbook = new ExcelJS.Workbook();
          workbook.addWorksheet('s').addRow(values.map(safeCell));
          const back = await workbookOf(Buffer.from(await workbook.xlsx.writeBuffer()));
          const row = rowsOf(back.worksheets[0])[0] ?? [];
          values.forEach((value, i) => {
            const expected = safeCell(value);
            expect(row[i] ?? '').toBe(expected.replace(/\r\n?/g, '\n'));
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the organisation-relation export', () => {
  it('lists the members with their roles and the counterparties with their business', async () => {
    const zhang = await token('13800000001');
    const task = await create(zhang, { kind: 'org-relation' });
    expect(task.name).toBe('企业关系信息');
    await finished(t.app, zhang, task.id);
    const response = await download(t.app, zhang, task.id);
    expect(extFileName(String(response.headers['content-disposition']))).toBe(
      '企业关系信息_20260302090000.xlsx',
    );
    const workbook = await workbookOf(response.rawPayload);
    const [memberHeader, ...members] = rowsOf(workbook.getWorksheet('企业成员'));
    expect(memberHeader).toEqual(['姓名', '手机号', '角色', '加入时间']);
    expect(members.map((m) => [m[0], m[1], m[2]])).toEqual([
      ['张明', '138****0001', '管理员'],
      ['李华', '138****0002', '成员'],
      ['赵强', '138****0004', '成员'],
    ]);

    const [, ...counterparties] = rowsOf(workbook.getWorksheet('交易对手'));
    const ops = await t.app.db
      .selectFrom('bill_operations')
      .select(['counterparty', 'amount_fen'])
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    const expected = new Map<string, { n: number; fen: bigint }>();
    for (const op of ops) {
      const entry = expected.get(op.counterparty) ?? { n: 0, fen: 0n };
      expected.set(op.counterparty, { n: entry.n + 1, fen: entry.fen + BigInt(op.amount_fen) });
    }
    expect(counterparties).toHaveLength(expected.size);
    for (const [name, count, amount] of counterparties) {
      const entry = expected.get(name ?? '');
      expect(entry, name).toBeDefined();
      expect(Number(count)).toBe(entry?.n);
      expect(amount).toBe(
        `${(entry?.fen ?? 0n) / 100n}.${String((entry?.fen ?? 0n) % 100n).padStart(2, '0')}`,
      );
    }
    expect(counterparties.some((c) => c[0]?.includes('杭州'))).toBe(false);
  });
});

describe('isolation', () => {
  it('answers 404 for another user’s or another organisation’s task, and lists only the caller’s own', async () => {
    const zhang = await token('13800000001');
    const task = await create(zhang);
    await finished(t.app, zhang, task.id);
    for (const mobile of ['13800000002', '13800000003']) {
      const other = await token(mobile);
      const response = await download(t.app, other, task.id);
      expect(response.statusCode, mobile).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', msg: '导出任务不存在' });
      expect((await tasks(t.app, other)).content.map((x) => x.id)).not.toContain(task.id);
    }
    expect((await download(t.app, zhang, 'no-such-task')).statusCode).toBe(404);
  });

  it('keeps a task with the organisation it was made in, even for its own user', async () => {
    const zhao = await token('13800000004');
    const task = await create(zhao);
    await finished(t.app, zhao, task.id);
    expect((await download(t.app, zhao, task.id)).statusCode).toBe(200);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, zhao);
    expect((await download(t.app, zhao, task.id)).statusCode).toBe(404);
    expect((await tasks(t.app, zhao)).totalElements).toBe(0);
  });
});

describe('limits and refusals', () => {
  it('answers 409 EXPORT_NOT_READY while the task is still running', async () => {
    const zhang = await token('13800000001');
    const id = newId();
    await t.app.db
      .insertInto('export_tasks')
      .values({
        id,
        org_id: DEMO_ORGS.shanghai.id,
        user_id: await userId('13800000001'),
        kind: 'operation-list',
        name: '业务操作记录',
        params: '{}',
        status: 'running',
        progress: 40,
        file_name: 'x.xlsx',
        ascii_file_name: 'x.xlsx',
        row_count: null,
        error: null,
        attempts: 1,
        // Held by another node whose lease is still good.
        lease_expires_at: T0 + 3600_000,
        created_at: T0,
        started_at: T0,
        finished_at: null,
      })
      .execute();
    const response = await download(t.app, zhang, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EXPORT_NOT_READY' });
  });

  it('allows 20 exports per minute per user, then answers 429 with Retry-After', async () => {
    const li = await token('13800000002');
    for (let i = 0; i < 20; i++) await create(li, { kind: 'operation-list' });
    const refused = await authed(t.app, 'POST', '/api/export-tasks', li, { kind: 'operation-list' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not limited by it.
    await create(await token('13800000001'), { kind: 'operation-list' });
    t.clock.advance(60_000);
    await create(await token('13800000002'), { kind: 'operation-list' });
  });

  it('lets only a member who may open the export centre create an export', async () => {
    const li = await token('13800000002');
    await create(li, { kind: 'operation-list' });
    const { id: liId } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '13800000002')
      .executeTakeFirstOrThrow();
    const memberships = t.app.db.selectFrom('memberships').select('id').where('user_id', '=', liId);
    await t.app.db
      .deleteFrom('membership_permissions')
      .where('membership_id', 'in', memberships)
      .where('permission_path', 'like', '%/chain-bill/export-center')
      .execute();
    const refused = await authed(t.app, 'POST', '/api/export-tasks', li, { kind: 'operation-list' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an export over the row cap with 400 EXPORT_TOO_LARGE', async () => {
    const wang = await token('13800000003');
    const rows = Array.from({ length: 50_001 }, (_, i) => ({
      id: `bulk-${i}`,
      org_id: DEMO_ORGS.hangzhou.id,
      biz_id: `bulk-${i}`,
      biz_type: 'trans',
      op_type: 'apply',
      bill_no: '700000000000020260302000000010',
      sub_start: 1,
      sub_end: 100,
      amount_fen: 100,
      counterparty: '批量对手',
      status: 'success',
      operator_user_id: null,
      operator_name: '王芳',
      created_at: T0 - i,
    }));
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('bill_operations')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    const response = await authed(t.app, 'POST', '/api/export-tasks', wang, { kind: 'operation-list' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'EXPORT_TOO_LARGE' });
    // A filter that brings it under the cap is accepted.
    await create(wang, { kind: 'operation-list', params: { bizType: 'issue' } });
  });

  it('answers 400 to an unknown kind or filter', async () => {
    const zhang = await token('13800000001');
    for (const body of [{ kind: 'all-bills' }, { kind: 'operation-list', params: { bizType: 'x' } }, {}]) {
      const response = await authed(t.app, 'POST', '/api/export-tasks', zhang, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('marks a task that cannot be written failed, says so, and goes on with the next', async () => {
    const zhang = await token('13800000001');
    const owner = await userId('13800000001');
    const tab = listenAs(t.app, owner, DEMO_ORGS.shanghai.id);
    await t.app.db
      .insertInto('export_tasks')
      .values({
        id: 'broken',
        org_id: DEMO_ORGS.shanghai.id,
        user_id: owner,
        kind: 'operation-list',
        name: '业务操作记录',
        params: '{broken',
        status: 'pending',
        progress: 0,
        file_name: 'broken.xlsx',
        ascii_file_name: 'broken.xlsx',
        row_count: null,
        error: null,
        attempts: 0,
        lease_expires_at: null,
        created_at: T0 - 1000,
        started_at: null,
        finished_at: null,
      })
      .execute();
    const next = await create(zhang, { kind: 'org-relation' });
    expect((await finished(t.app, zhang, 'broken')).status).toBe('failed');
    expect((await finished(t.app, zhang, next.id)).status).toBe('done');
    expect((await tab.first(2)).map((m) => m.payload)).toEqual([
      { taskId: 'broken', status: 'failed', fileName: 'broken.xlsx' },
      { taskId: next.id, status: 'done', fileName: next.fileName },
    ]);
    tab.remove();
    expect((await download(t.app, zhang, 'broken')).json()).toEqual({
      code: 'EXPORT_NOT_READY',
      msg: '导出失败，请重新导出',
    });
  });
});

describe('shutting down', () => {
  it('never leaves a task running or a partial file behind: a task cut short is pending again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-stop-'));
    try {
      const app = (await startApp({ dataDir: dir, inMemoryDb: false })).app;
      const rows = Array.from({ length: 3000 }, (_, i) => ({
        id: `many-${i}`,
        org_id: DEMO_ORGS.hangzhou.id,
        biz_id: `many-${i}`,
        biz_type: 'trans',
        op_type: 'apply',
        bill_no: '700000000000020260302000000010',
        sub_start: 1,
        sub_end: 100,
        amount_fen: 100,
        counterparty: '对手',
        status: 'success',
        operator_user_id: null,
        operator_name: '王芳',
        created_at: T0 - i,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await app.db
          .insertInto('bill_operations')
          .values(rows.slice(i, i + 500))
          .execute();
      const accessToken = (await signIn(app, '13800000003')).access_token;
      const created = await authed(app, 'POST', '/api/export-tasks', accessToken, { kind: 'operation-list' });
      const id = created.json<{ data: ExportTask }>().data.id;
      await app.close();

      const db = await createDatabase({ dataDir: dir });
      const task = await db
        .selectFrom('export_tasks')
        .select(['status', 'lease_expires_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await db.destroy();
      expect(['pending', 'done']).toContain(task.status);
      if (task.status === 'pending') expect(task.lease_expires_at).toBeNull();
      expect(fs.readdirSync(path.join(dir, 'files', '.incoming'))).toEqual([]);

      const restarted = (await startApp({ dataDir: dir, inMemoryDb: false })).app;
      try {
        const again = (await signIn(restarted, '13800000003')).access_token;
        expect((await finished(restarted, again, id)).status).toBe('done');
        const sheet = (await workbookOf((await download(restarted, again, id)).rawPayload)).worksheets[0];
        const all = await restarted.db
          .selectFrom('bill_operations')
          .select('id')
          .where('org_id', '=', DEMO_ORGS.hangzhou.id)
          .execute();
        expect(rowsOf(sheet).length - 1).toBe(all.length);
      } finally {
        await restarted.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('after a restart', () => {
  it('finishes the tasks a previous process left pending or running with an expired lease', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-restart-'));
    try {
      const config = testConfig({ dataDir: dir, inMemoryDb: false });
      const first = await buildApp(config, { now: () => T0 });
      const owner = await first.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', '13800000001')
        .executeTakeFirstOrThrow();
      await first.close();

      const db = await createDatabase({ dataDir: dir });
      const task = (id: string, status: string, lease: number | null) => ({
        id,
        org_id: DEMO_ORGS.shanghai.id,
        user_id: owner.id,
        kind: 'operation-list',
        name: '业务操作记录',
        params: '{}',
        status,
        progress: status === 'running' ? 30 : 0,
        file_name: `业务操作记录_${id}.xlsx`,
        ascii_file_name: `operation-list_${id}.xlsx`,
        row_count: null,
        error: null,
        attempts: status === 'running' ? 1 : 0,
        lease_expires_at: lease,
        created_at: T0 - 1000,
        started_at: null,
        finished_at: null,
      });
      await db
        .insertInto('export_tasks')
        .values([
          task('left-pending', 'pending', null),
          task('crashed-running', 'running', T0 - 1),
          task('other-node', 'running', T0 + 3600_000),
        ])
        .execute();
      await db.destroy();

      const second = await buildApp(config, { now: () => T0 });
      try {
        const accessToken = (await signIn(second, '13800000001')).access_token;
        expect((await finished(second, accessToken, 'left-pending')).status).toBe('done');
        expect((await finished(second, accessToken, 'crashed-running')).status).toBe('done');
        const other = (await tasks(second, accessToken)).content.find((x) => x.id === 'other-node');
        expect(other?.status).toBe('running');
        const file = await download(second, accessToken, 'crashed-running');
        expect(file.statusCode).toBe(200);
        const logged = await second.db
          .selectFrom('bill_operations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('org_id', '=', DEMO_ORGS.shanghai.id)
          .executeTakeFirstOrThrow();
        // The header, then every line of the log.
        expect(rowsOf((await workbookOf(file.rawPayload)).worksheets[0]).length).toBe(Number(logged.n) + 1);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
