import { MAX_PAGE_NUMBER } from '@contract/envelope';
import type { OperationItem } from '@contract/shell-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { sha256Hex } from '../../../src/lib/hash';
import { authed, bearer, signIn, startApp, type TestApp } from '../../support/helpers';

interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
}

let t: TestApp;
let shanghai: string;
let hangzhou: string;
let suzhou: string;
beforeAll(async () => {
  t = await startApp();
  shanghai = (await signIn(t.app, '13800000001')).access_token;
  hangzhou = (await signIn(t.app, '13800000003')).access_token;
  suzhou = (await signIn(t.app, '13800000005')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const list = async (accessToken: string, query = '') => {
  const response = await authed(t.app, 'GET', `/api/scbill/operate/list${query}`, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: number; data: Page<OperationItem> }>().data;
};

const rowsOf = (orgId: string) =>
  t.app.db.selectFrom('bill_operations').selectAll().where('org_id', '=', orgId).execute();

describe('GET /api/scbill/operate/list', () => {
  it('pages through every operation of the current organisation, newest first, without overlap', async () => {
    const rows = await rowsOf(DEMO_ORGS.shanghai.id);
    expect(rows.length).toBeGreaterThan(20);
    const first = await list(shanghai);
    expect(first).toMatchObject({ size: 10, number: 0, totalElements: rows.length });
    expect(first.totalPages).toBe(Math.ceil(rows.length / 10));

    const seen: OperationItem[] = [];
    for (let page = 0; page < first.totalPages; page++)
      seen.push(...(await list(shanghai, `?page=${page}&size=10`)).content);
    expect(seen).toHaveLength(rows.length);
    expect(new Set(seen.map((o) => o.id)).size).toBe(rows.length);
    const times = seen.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list(shanghai, `?page=${first.totalPages}`)).content).toEqual([]);
  });

  it('answers each operation as the database holds it, in the wire formats of sub-ticket ranges and yuan', async () => {
    const rows = new Map((await rowsOf(DEMO_ORGS.shanghai.id)).map((r) => [r.id, r]));
    for (const item of (await list(shanghai, '?size=100')).content) {
      const row = rows.get(item.id);
      expect(row).toBeDefined();
      if (!row) continue;
      expect(item.billNo).toMatch(/^[78]\d{29}$/);
      expect(item.subRange).toMatch(/^\d{12}-\d{12}$/);
      const [start, end] = item.subRange.split('-').map(Number) as [number, number];
      expect(end - start + 1).toBe(Number(row.amount_fen));
      expect(item.amount).toMatch(/^\d+\.\d{2}$/);
      expect(Math.round(Number(item.amount) * 100)).toBe(Number(row.amount_fen));
      expect(item).toMatchObject({
        bizId: row.biz_id,
        bizType: row.biz_type,
        opType: row.op_type,
        billNo: row.bill_no,
        counterparty: row.counterparty,
        status: row.status,
        operatorName: row.operator_name,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      });
      expect(item.bizTypeName).toMatch(/^[\u4e00-\u9fa5]+$/);
      expect(item.opName).toMatch(/^[\u4e00-\u9fa5]+$/);
      expect(['处理中', '成功', '失败']).toContain(item.statusName);
    }
  });

  it('filters by business type', async () => {
    const rows = (await rowsOf(DEMO_ORGS.shanghai.id)).filter((r) => r.biz_type === 'trans');
    const page = await list(shanghai, '?bizType=trans&size=100');
    expect(page.totalElements).toBe(rows.length);
    expect(page.content.every((o) => o.bizType === 'trans' && o.bizTypeName === '背书转让')).toBe(true);
    expect((await authed(t.app, 'GET', '/api/scbill/operate/list?bizType=x', shanghai)).statusCode).toBe(400);
  });

  it('answers 400, not 500, to a page number past any possible row, and an empty page far out', async () => {
    const response = await authed(
      t.app,
      'GET',
      '/api/scbill/operate/list?page=99999999999999999999',
      shanghai,
    );
    expect(response.statusCode).toBe(400);
    expect(
      (await authed(t.app, 'GET', '/api/scbill/operate/list?page=9007199254740', shanghai)).statusCode,
    ).toBe(400);
    expect((await list(shanghai, `?page=${MAX_PAGE_NUMBER}&size=100`)).content).toEqual([]);
  });

  it('sorts by amount when asked, and refuses unknown sorts', async () => {
    const amounts = (await list(shanghai, '?sort=amount,desc&size=100')).content.map((o) => Number(o.amount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const bad = await authed(t.app, 'GET', '/api/scbill/operate/list?sort=org_id,desc', shanghai);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('never answers another organisation’s operations, even with orgId in the query', async () => {
    const suzhouIds = new Set((await rowsOf(DEMO_ORGS.suzhou.id)).map((r) => r.id));
    expect(suzhouIds.size).toBeGreaterThan(0);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/scbill/operate/list?size=100&orgId=${DEMO_ORGS.suzhou.id}`,
      headers: bearer(shanghai),
    });
    expect([forged.statusCode, forged.json<{ code: string }>().code]).toEqual([400, 'UNKNOWN_FIELD']);
    const fromShanghai = await list(shanghai, '?size=100');
    expect(fromShanghai.content.some((o) => suzhouIds.has(o.id))).toBe(false);
    const fromSuzhou = await list(suzhou, '?size=100');
    expect(fromSuzhou.totalElements).toBe(suzhouIds.size);
    expect(fromSuzhou.content.every((o) => suzhouIds.has(o.id))).toBe(true);
    // Hangzhou is not authenticated: it has done nothing.
    expect((await list(hangzhou, '?size=100')).totalElements).toBe(0);
  });

  it('answers an empty page to a user who belongs to no organisation', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '13800000003')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('oauth_sessions')
      .values({
        id: 'orgless-session',
        user_id: user.id,
        org_id: null,
        client_id: t.config.clientId,
        created_at: t.clock.now(),
        expires_at: t.clock.now() + 3600_000,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    await t.app.db
      .insertInto('access_tokens')
      .values({
        token_hash: sha256Hex('orgless-token'),
        session_id: 'orgless-session',
        created_at: t.clock.now(),
        expires_at: t.clock.now() + 3600_000,
      })
      .execute();
    expect(await list('orgless-token')).toMatchObject({ content: [], totalElements: 0 });
  });
});
