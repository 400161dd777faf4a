import { BILL_URL } from '@contract/bills';
import { NOTICE_STATUS, NOTICE_TYPE, NOTICE_URL } from '@contract/notice';
import { inject } from 'vitest';
import { endorse } from '../../src/modules/bills/commands';
import { postNotice } from '../../src/modules/notice/service';
import { ORG, MOBILE, openFunctions, userIdOf } from '../support/bill-helpers';
import { testConfig } from '../../src/config';
import { authed, bearer, signIn, startApp, T0, type TestApp } from '../support/helpers';
import { seededPostgresDatabase } from '../support/postgres-template';
import { statementsOf } from '../support/postgres-statements';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

interface HeldPage {
  content: Array<{ id: string; circulationStatus: string; amount: string }>;
  totalElements: number;
}

/** Two nodes of one database, as a deployment of several runs them. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const databaseUrl = await seededPostgresDatabase(serverUrl, testConfig({ logLevel: 'info' }), T0);
  a = await startApp({ databaseUrl });
  b = await startApp({ databaseUrl });
  await openFunctions(b, MOBILE.suzhou, ORG.suzhou, ['BILL_ENDORSE']);
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
});

describe('PostgreSQL: the held list and the notices kept for their version', () => {
  it('answers a page read again at the same version without reading it, and reads it again after a write on another node', async () => {
    const { access_token } = await signIn(a.app, MOBILE.suzhou);
    const answers: Array<{ body: string; type: unknown }> = [];
    const heldOn = async (node: TestApp) => {
      const response = await authed(node.app, 'GET', `${BILL_URL.held}?page=0&size=100`, access_token);
      expect(response.statusCode, response.body).toBe(200);
      answers.push({ body: response.body, type: response.headers['content-type'] });
      return response.json<{ data: HeldPage }>().data;
    };
    const first = await heldOn(a);
    expect(first.content.length).toBeGreaterThan(0);

    // The same version: one statement, the caller and the version, and the same page.
    let again: HeldPage | null = null;
    const sent = await statementsOf(async () => {
      again = await heldOn(a);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^with caller as/);
    expect(again).toEqual(first);
    // The kept page's answer is the first one's, byte for byte, as JSON.
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.type).toBe('application/json; charset=utf-8');

    // Node b endorses one fen of a listed holding at rest: on node a, the next read is the new page.
    const holding = await b.app.db
      .selectFrom('bill_holdings')
      .selectAll()
      .where('org_id', '=', ORG.suzhou)
      .where('ended_at', 'is', null)
      .where('circ_status', '=', 'TF0301')
      .where('bill_status', '=', 'CS03')
      .orderBy('acquired_at', 'desc')
      .executeTakeFirstOrThrow();
    await b.app.db.transaction().execute((trx) =>
      endorse(
        {
          trx,
          now: b.app.now(),
          actor: { orgId: ORG.suzhou, userId: userIdOf(MOBILE.suzhou) },
          realtime: null,
        },
        { holdingId: holding.id, endorseeOrgId: ORG.ningbo, amountFen: 1, remark: '' },
      ),
    );
    const after = await heldOn(a);
    const fresh = await heldOn(b);
    expect(after).toEqual(fresh);
    expect(after).not.toEqual(first);
    // The endorsed fen left locked in a range of its own, the rest as it was: one more holding.
    expect(after.totalElements).toBe(first.totalElements + 1);
    expect(after.content.map((item) => item.id)).not.toContain(holding.id);
    // The next day (signed in again: the token is a day old) the page is read again, though its version
    // stands: its statuses and acts follow the date.
    a.clock.advance(24 * 3600 * 1000);
    const nextDayToken = (await signIn(a.app, MOBILE.suzhou)).access_token;
    const nextDay = await statementsOf(async () => {
      const response = await authed(a.app, 'GET', `${BILL_URL.held}?page=0&size=100`, nextDayToken);
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(nextDay).toHaveLength(2);
  });

  it('keeps nothing for an organisation that never held a bill, and answers it an empty page', async () => {
    const { access_token } = await signIn(a.app, '13800000003');
    for (let i = 0; i < 2; i += 1) {
      const response = await authed(a.app, 'GET', `${BILL_URL.held}?page=0&size=100`, access_token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: HeldPage }>().data).toMatchObject({ content: [], totalElements: 0 });
    }
  });

  it('answers the bell read again at the same version without reading it, and reads it again after a notice posted and one read on the other node', async () => {
    const { access_token, account } = await signIn(a.app, MOBILE.ningbo);
    const bells: Array<{ body: string; type: unknown }> = [];
    const bellOn = async (node: TestApp) => {
      const response = await authed(node.app, 'POST', `${NOTICE_URL.page}?page=0&size=5`, access_token, {
        status: NOTICE_STATUS.unread,
      });
      expect(response.statusCode, response.body).toBe(200);
      bells.push({ body: response.body, type: response.headers['content-type'] });
      return response.json<{ data: { content: Array<{ id: string }>; totalElements: number } }>().data;
    };
    const first = await bellOn(a);
    const sent = await statementsOf(async () => {
      await bellOn(a);
    });
    expect(sent).toHaveLength(1);
    expect(bells[1]).toEqual(bells[0]);
    expect(bells[0]!.type).toBe('application/json; charset=utf-8');

    // Node b posts a notice to Ningbo's members: node a's bell shows it first, one more unread.
    const posted = await b.app.db.transaction().execute((trx) =>
      postNotice(
        trx,
        {
          orgId: ORG.ningbo,
          userId: null,
          type: NOTICE_TYPE.announcement,
          title: '新公告',
          content: '内容',
        },
        b.app.now() + 1000,
      ),
    );
    const after = await bellOn(a);
    expect(after.content[0]!.id).toBe(posted.id);
    expect(after.totalElements).toBe(first.totalElements + 1);

    // The member reads it through node b: node a's bell no longer lists it.
    const read = await b.app.inject({
      method: 'PUT',
      url: `${NOTICE_URL.markRead.replace(':id', posted.id)}?status=${NOTICE_STATUS.read}`,
      headers: bearer(access_token),
    });
    expect(read.statusCode, read.body).toBe(200);
    const afterRead = await bellOn(a);
    expect(afterRead.content.map((item) => item.id)).not.toContain(posted.id);
    expect(afterRead.totalElements).toBe(first.totalElements);
    expect(account.orgId).toBe(ORG.ningbo);
  });
});
