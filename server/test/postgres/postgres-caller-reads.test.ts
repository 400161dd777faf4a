import { BILL_URL } from '@contract/bills';
import { NOTICE_STATUS, NOTICE_TYPE, NOTICE_URL } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { authed, bearer, signIn, startPostgresApp, type TestApp } from '../support/helpers';
import { statementsOf } from '../support/postgres-statements';
import { OWNER_HZ, OWNER_SH, STAFF_SH } from '../support/verification-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');
const SECOND = 1000;
const RATE_LIMIT = 5;

let t: TestApp;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl, { tokenRateLimit: RATE_LIMIT });
});
afterEach(async () => {
  await t.app.close();
});

interface NoticePage {
  content: NoticeItem[];
  totalElements: number;
}

const PAGE = `${NOTICE_URL.page}?page=0&size=10`;
const noticesOf = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: PAGE,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: {},
  });
const userOf = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers });

/** What a refusal answers: its status, challenge and body. */
const refusal = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  challenge: response.headers['www-authenticate'],
  body: response.json(),
});

/** The notices the member sees, read from the tables: the organisation's, to everyone or to them. */
async function visibleIds(userId: string, orgId: string): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('plat_messages')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

describe('PostgreSQL: lists read with their caller in one statement', () => {
  it('answers each member the notices of their own organisation, in order, with the total', async () => {
    for (const mobile of [OWNER_SH, STAFF_SH, OWNER_HZ]) {
      const tokens = await signIn(t.app, mobile);
      const response = await authed(t.app, 'POST', PAGE, tokens.access_token, {});
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ data: NoticePage }>().data;
      const expected = await visibleIds(tokens.account.id, tokens.account.orgId!);
      expect(expected.length, mobile).toBeGreaterThan(0);
      expect(
        page.content.map((item) => item.id),
        mobile,
      ).toEqual(expected.slice(0, 10));
      expect(page.totalElements, mobile).toBe(expected.length);
    }
  });

  it('answers the to-do page as the notices page filtered to to-dos', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const pageAt = async (url: string, body: object) => {
      const response = await authed(t.app, 'POST', url, access_token, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: NoticePage }>().data;
    };
    const todos = await pageAt(`${NOTICE_URL.todoPage}?page=0&size=10`, {});
    expect(todos.totalElements).toBeGreaterThan(0);
    expect(todos).toEqual(await pageAt(PAGE, { type: NOTICE_TYPE.todo }));
    expect(todos.content.every((item) => item.type === NOTICE_TYPE.todo)).toBe(true);
  });

  it('answers the held list unfiltered, in one statement, as its filtered read answers the same holdings', async () => {
    // Shanghai's owner holds bills; Hangzhou's holds none.
    const totals: number[] = [];
    for (const mobile of [OWNER_SH, OWNER_HZ]) {
      const { access_token } = await signIn(t.app, mobile);
      const heldOf = async (query: string) => {
        const response = await authed(t.app, 'GET', `${BILL_URL.held}?${query}`, access_token);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: { content: Array<{ id: string }>; totalElements: number } }>().data;
      };
      // Every amount is at least 0.01: the same holdings through the filtered read (a page and a count).
      const all = await heldOf('page=0&size=100&minAmount=0.01');
      totals.push(all.totalElements);
      for (const [page, size] of [
        [0, 100],
        [0, 1],
        [1, 1],
        [all.totalElements, 1],
      ] as const) {
        const unfiltered = await heldOf(`page=${page}&size=${size}`);
        const label = `${mobile}, page ${page} of ${size}`;
        expect(
          unfiltered.content.map((item) => item.id),
          label,
        ).toEqual(all.content.slice(page * size, page * size + size).map((item) => item.id));
        expect(unfiltered.totalElements, label).toBe(all.totalElements);
      }
    }
    expect(totals[0]).toBeGreaterThan(0);
    expect(totals[1]).toBe(0);
  });

  it('answers a signed-in user outside any organisation an empty page', async () => {
    const tokens = await signIn(t.app, STAFF_SH);
    await t.app.db
      .updateTable('oauth_sessions')
      .set({ org_id: null })
      .where('user_id', '=', tokens.account.id)
      .execute();
    const response = await authed(t.app, 'POST', PAGE, tokens.access_token, { status: NOTICE_STATUS.unread });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: NoticePage }>().data).toMatchObject({ content: [], totalElements: 0 });
  });

  it('refuses every caller the authentication hook refuses, with the same answer', async () => {
    const expectSameRefusal = async (headers: Record<string, string>, label: string) => {
      const page = await noticesOf(headers);
      expect(page.statusCode, label).toBe(401);
      expect(refusal(page), label).toEqual(refusal(await userOf(headers)));
    };
    await expectSameRefusal({}, 'no token');
    await expectSameRefusal({ authorization: 'Basic abc' }, 'not Bearer');
    await expectSameRefusal(bearer('unknown'), 'unknown token');

    const revoked = await signIn(t.app, OWNER_SH);
    expect((await authed(t.app, 'POST', '/api/user/logout', revoked.access_token)).statusCode).toBe(200);
    await expectSameRefusal(bearer(revoked.access_token), 'revoked session');

    const removed = await signIn(t.app, STAFF_SH);
    await t.app.db.deleteFrom('memberships').where('user_id', '=', removed.account.id).execute();
    await expectSameRefusal(bearer(removed.access_token), 'membership removed');

    const disabled = await signIn(t.app, OWNER_HZ);
    await t.app.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', disabled.account.id)
      .execute();
    await expectSameRefusal(bearer(disabled.access_token), 'user disabled');
  });

  it('refuses an expired token with token_expired, as the hook does', async () => {
    const tokens = await signIn(t.app, OWNER_SH);
    t.clock.advance(t.config.accessTokenTtlSeconds * SECOND - 1);
    expect((await noticesOf(bearer(tokens.access_token))).statusCode).toBe(200);
    t.clock.advance(1);
    const page = await noticesOf(bearer(tokens.access_token));
    expect(page.statusCode).toBe(401);
    expect(page.json()).toEqual({ error: 'token_expired', error_description: '登录已过期，请重新登录' });
    expect(refusal(page)).toEqual(refusal(await userOf(bearer(tokens.access_token))));
  });

  it("counts each page against the token's limit with the other calls", async () => {
    const tokens = await signIn(t.app, OWNER_SH);
    const statuses = [];
    for (let i = 0; i < RATE_LIMIT - 1; i++)
      statuses.push((await noticesOf(bearer(tokens.access_token))).statusCode);
    statuses.push((await userOf(bearer(tokens.access_token))).statusCode);
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(200));
    const limited = await noticesOf(bearer(tokens.access_token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await userOf(bearer(tokens.access_token))).statusCode).toBe(429);
  });

  it('makes one round trip for the caller and the version of their notices, and one for a page not kept for it', async () => {
    const tokens = await signIn(t.app, OWNER_SH);
    const sent = await statementsOf(async () => {
      expect((await noticesOf(bearer(tokens.access_token))).statusCode).toBe(200);
      expect((await noticesOf(bearer(tokens.access_token))).statusCode).toBe(200);
    });
    // The first read: the caller with the version, then the page; the second, at the same version, the
    // caller with the version alone (the page kept for it: postgres-kept-pages.test.ts).
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^with caller as/);
    expect(sent[1]).not.toMatch(/^with caller as/);
    expect(sent[2]).toBe(sent[0]);
  });
});
