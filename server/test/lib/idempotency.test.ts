import type { ExportTask } from '@contract/export-schemas';
import { IDEMPOTENCY_RETENTION_MS } from '../../src/lib/idempotency';
import { bearer, signIn, startApp, type TestApp } from '../support/helpers';

const OWNER = '13800000001';

let t: TestApp;
let accessToken: string;
beforeEach(async () => {
  t = await startApp();
  accessToken = (await signIn(t.app, OWNER)).access_token;
});
afterEach(async () => {
  await t.app.close();
});

const createExport = (key: string | undefined, body: object = { kind: 'operation-list' }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/export-tasks',
    headers: { ...bearer(accessToken), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
const taskCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('export_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const exportCounter = async () =>
  (await t.app.db.selectFrom('rate_counters').select('count').where('key', 'like', 'export:%').execute())[0]
    ?.count;

describe('Idempotency-Key on a command', () => {
  it('runs a retried request once and answers the retry with the first answer', async () => {
    const first = await createExport('key-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await createExport('key-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<{ data: ExportTask }>().data.id).toBe(first.json<{ data: ExportTask }>().data.id);
    expect(await taskCount()).toBe(1);
    // A retry costs no rate-limit budget.
    expect(await exportCounter()).toBe(1);
  });

  it('runs concurrent first attempts with one key once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => createExport('key-race')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<{ data: ExportTask }>().data.id)).size).toBe(1);
    expect(await taskCount()).toBe(1);
  });

  it('runs requests without a key, or with different keys, each time', async () => {
    await createExport(undefined);
    await createExport(undefined);
    await createExport('key-a');
    await createExport('key-b');
    expect(await taskCount()).toBe(4);
  });

  it('refuses the same key with another request', async () => {
    expect((await createExport('key-2')).statusCode).toBe(201);
    const other = await createExport('key-2', { kind: 'org-relation' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await taskCount()).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const response = await createExport('x'.repeat(129));
    expect(response.statusCode).toBe(400);
    expect(await taskCount()).toBe(0);
  });

  it('keeps the answer for the retention, then the sweep deletes it', async () => {
    await createExport('key-3');
    t.clock.advance(IDEMPOTENCY_RETENTION_MS + 1);
    expect((await t.app.housekeeper.sweep()).idempotentRequests).toBe(1);
    expect(await t.app.db.selectFrom('idempotent_requests').selectAll().execute()).toEqual([]);
  });
});
