/**
 * When and by whom: business hours and holidays on a fake clock, concurrent commands on the same range,
 * tenant isolation and permissions.
 */
import { pathOf } from '@contract/paths';
import { BILL_URL } from '@contract/bills';
import type { BillDetail, Holding } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { PERMISSION } from '@contract/permissions';
import { newId } from '../../../src/lib/hash';
import { ApiFailure } from '../../../src/lib/errors';
import { openSession } from '../../../src/modules/auth/tokens';
import { endorse, signApplication } from '../../../src/modules/bills/commands';
import { startApp, T0, type TestApp } from '../../support/helpers';
import {
  answer,
  billCall,
  dataOf,
  endorsed,
  errorCodeOf,
  heldOf,
  issue,
  issueBody,
  issued,
  type LedgerTokens,
  ledgerTokens,
  listOf,
  MOBILE,
  openFunctions,
  ORG,
  pendingIn,
  refuse,
  signsPending,
  tokenOf,
  userIdOf,
} from '../../support/bill-helpers';

const HOUR = 60 * 60 * 1000;
/** T0 is 09:00 in Shanghai on Monday 2026-03-02. */
const shanghaiAt = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+08:00`);

let t: TestApp;
let token: LedgerTokens;

async function start(overrides: Parameters<typeof startApp>[0] = {}) {
  t = await startApp(overrides);
  await signInAgain();
}
/** Access tokens live two hours: after the clock jumps, everyone signs in again. */
async function signInAgain() {
  token = await ledgerTokens(t);
}
afterEach(async () => {
  await t.app.close();
});

const pendingFor = (accessToken: string, packageId: string) => pendingIn(t, accessToken, packageId);

async function receivedBill(): Promise<{ detail: BillDetail; holding: Holding }> {
  const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
  await signsPending(t, token, 'ningbo', detail.bill.id);
  const holding = (await heldOf(t, token.ningbo)).content.find((h) => h.packageId === detail.bill.id)!;
  return { detail, holding };
}

describe('business hours', () => {
  it('takes commands from 08:00 and refuses them from 20:00, Shanghai time', async () => {
    await start();
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    t.clock.advance(shanghaiAt('2026-03-02', '20:00') - t.clock.now());
    await signInAgain();
    const late = await answer(t, token.shanghai, acceptance!.id, 'sign');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      code: API_ERROR.billOutsideHours,
      msg: expect.stringContaining('08:00-20:00'),
    });
    const lateIssue = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t));
    expect(errorCodeOf(lateIssue)).toBe(API_ERROR.billOutsideHours);
    t.clock.advance(shanghaiAt('2026-03-03', '07:59') - t.clock.now());
    await signInAgain();
    // Refused before any confirmation is asked for.
    const early = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.sign, { id: acceptance!.id }),
      token.shanghai,
    );
    expect(early.statusCode, early.body).toBe(409);
    t.clock.advance(60 * 1000);
    expect((await answer(t, token.shanghai, acceptance!.id, 'sign')).statusCode).toBe(200);
    // Reading is not business: the lists answer at any hour.
    t.clock.advance(15 * HOUR);
    await signInAgain();
    expect((await billCall(t.app, 'GET', BILL_URL.held, token.ningbo)).statusCode).toBe(200);
  });

  it('works on weekends and holidays unless the setting asks for business days', async () => {
    await start();
    t.clock.advance(shanghaiAt('2026-10-01', '09:00') - T0);
    await signInAgain();
    const holiday = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    expect(holiday.statusCode, holiday.body).toBe(201);
    await t.app.close();

    await start({ billWorkdaysOnly: true, billBusinessHours: { open: 9 * 60, close: 17 * 60 } });
    t.clock.advance(shanghaiAt('2026-10-01', '09:00') - T0);
    await signInAgain();
    const refused = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t));
    expect(refused.json()).toMatchObject({
      code: API_ERROR.billOutsideHours,
      msg: expect.stringContaining('营业日'),
    });
    // 2026-10-10 is a Saturday worked in place of a holiday.
    t.clock.advance(shanghaiAt('2026-10-10', '09:00') - t.clock.now());
    await signInAgain();
    const madeUp = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    expect(madeUp.statusCode, madeUp.body).toBe(201);
    t.clock.advance(8 * HOUR);
    await signInAgain();
    expect(errorCodeOf(await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t)))).toBe(
      API_ERROR.billOutsideHours,
    );
  });
});

describe('concurrency', () => {
  it('signs two crossing endorsements at once, and both holders’ totals stay right', async () => {
    await start();
    const first = await receivedBill();
    const second = await receivedBill();
    // Suzhou comes to hold part of the first bill.
    const toSuzhou = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: first.holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1000.00',
    });
    await dataOf(await answer(t, token.suzhou, toSuzhou.id, 'sign'));
    const suzhouHolding = (await heldOf(t, token.suzhou)).content.find(
      (h) => h.packageId === first.detail.bill.id,
    )!;
    // Ningbo → Suzhou on the second bill, Suzhou → Ningbo on the first, both signed at the same moment.
    const ningboToSuzhou = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: second.holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: '2000.00',
    });
    const suzhouToNingbo = await endorsed(t, MOBILE.suzhou, token.suzhou, {
      holdingId: suzhouHolding.id,
      endorseeOrgId: ORG.ningbo,
      amount: '1000.00',
    });
    const sign = (orgId: string, mobile: string, id: string) =>
      t.app.db
        .transaction()
        .execute((trx) =>
          signApplication(
            { trx, now: t.app.now(), actor: { orgId, userId: userIdOf(mobile) }, realtime: null },
            { id },
          ),
        );
    await Promise.all([
      sign(ORG.suzhou, MOBILE.suzhou, ningboToSuzhou.id),
      sign(ORG.ningbo, MOBILE.ningbo, suzhouToNingbo.id),
    ]);
    for (const accessToken of [token.suzhou, token.ningbo]) {
      const held = await heldOf(t, accessToken);
      expect(held.totalElements).toBe(held.content.length);
      const counted = await listOf<Holding>(t, `${BILL_URL.held}?size=100&minAmount=0.01`, accessToken);
      expect(held.totalElements).toBe(counted.totalElements);
    }
  });

  it('lets exactly one of two endorsements of the same range through', async () => {
    await start();
    const { holding } = await receivedBill();
    const actor = { orgId: ORG.ningbo, userId: userIdOf(MOBILE.ningbo) };
    const attempt = (endorseeOrgId: string, amountFen: number) =>
      t.app.db.transaction().execute((trx) =>
        endorse(
          { trx, now: t.app.now(), actor, realtime: null },
          {
            holdingId: holding.id,
            endorseeOrgId,
            amountFen,
            remark: '',
          },
        ),
      );
    const outcomes = await Promise.allSettled([attempt(ORG.suzhou, 100), attempt(ORG.shanghai, 200)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [failure] = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failure!.reason).toBeInstanceOf(ApiFailure);
    expect((failure!.reason as ApiFailure).status).toBe(409);
    const open = await t.app.db
      .selectFrom('bill_applications')
      .select('id')
      .where(
        'holding_id',
        'in',
        t.app.db.selectFrom('bill_holdings').select('id').where('package_id', '=', holding.packageId),
      )
      .where('status', '=', 'pending')
      .execute();
    expect(open).toHaveLength(1);
  });

  it('answers two simultaneous answers to one application with one success and one 409', async () => {
    await start();
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    const answers = await Promise.all([
      answer(t, token.shanghai, acceptance!.id, 'sign'),
      refuse(t, token.shanghai, acceptance!.id),
      answer(t, token.suzhou, acceptance!.id, 'withdraw'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('tenant isolation and permissions', () => {
  it('shows another organisation neither the bill nor its applications, and lets it act on neither', async () => {
    await start();
    const { detail, holding } = await receivedBill();
    const outsider = await tokenOf(t, '13800000003', ORG.hangzhou);
    const read = await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: detail.bill.id }), outsider);
    expect(read.statusCode).toBe(404);
    const applied = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    for (const how of ['sign', 'withdraw'] as const) {
      expect((await answer(t, outsider, applied.id, how)).statusCode).toBe(404);
    }
    expect((await refuse(t, outsider, applied.id)).statusCode).toBe(404);
    // Shanghai may endorse (its 背书转让 is open), but not a holding of another organisation; Hangzhou may
    // not endorse at all, whatever the holding.
    const theft = { holdingId: holding.id, endorseeOrgId: ORG.suzhou, amount: '1.00' };
    expect((await billCall(t.app, 'POST', BILL_URL.endorse, token.shanghai, theft)).statusCode).toBe(404);
    const closed = await billCall(t.app, 'POST', BILL_URL.endorse, outsider, theft);
    expect(errorCodeOf(closed)).toBe(API_ERROR.functionNotOpened);
    expect(
      (await billCall(t.app, 'POST', pathOf(BILL_URL.revoke, { id: detail.bill.id }), outsider)).statusCode,
    ).toBe(404);
    for (const url of [BILL_URL.held, BILL_URL.issued, BILL_URL.pending, BILL_URL.mine]) {
      const page = await listOf<{ packageId?: string; id: string }>(t, `${url}?size=100`, outsider);
      expect(page.content.filter((row) => (row.packageId ?? row.id) === detail.bill.id)).toEqual([]);
    }
    // Shanghai accepted nothing here (Suzhou accepted its own bill) and holds none of it: not a party either.
    const shanghai = await billCall(
      t.app,
      'GET',
      pathOf(BILL_URL.detail, { id: detail.bill.id }),
      token.shanghai,
    );
    expect(shanghai.statusCode).toBe(404);
    expect(
      (await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: detail.bill.id }), token.suzhou))
        .statusCode,
    ).toBe(200);
  });

  it('needs the issuing or endorsing permission for commands, and answers a user without an organisation empty lists', async () => {
    await start();
    const userId = newId();
    await t.app.db
      .insertInto('users')
      .values({
        id: userId,
        mobile: '13700000009',
        name: '只读员工',
        password_hash: 'x',
        status: 'active',
        last_org_id: null,
        created_at: t.app.now(),
        password_changed_at: t.app.now(),
      })
      .execute();
    const membershipId = newId();
    await t.app.db
      .insertInto('memberships')
      .values({ id: membershipId, user_id: userId, org_id: ORG.suzhou, owner: 0, created_at: t.app.now() })
      .execute();
    await t.app.db
      .insertInto('membership_permissions')
      .values({
        membership_id: membershipId,
        permission_path: `${PERMISSION_PATH_PREFIX}${PERMISSION.dashboard.path}`,
      })
      .execute();
    const session = async (orgId: string | null) =>
      (await openSession(t.app.db, { userId, orgId, clientId: t.config.clientId }, t.app.now(), t.config))
        .accessToken;
    const reader = await session(ORG.suzhou);
    const denied = await billCall(t.app, 'POST', BILL_URL.issue, reader, issueBody(t));
    expect(denied.statusCode).toBe(403);
    await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_ISSUE', 'BILL_ACCEPT']);
    const detail = await issued(
      t,
      MOBILE.ningbo,
      token.ningbo,
      issueBody(t, { acceptorOrgId: ORG.ningbo, payeeOrgId: ORG.suzhou }),
    );
    const [receipt] = await pendingFor(reader, detail.bill.id);
    expect(
      (await billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: receipt!.id }), reader)).statusCode,
    ).toBe(403);
    expect((await answer(t, token.suzhou, receipt!.id, 'sign')).statusCode).toBe(200);

    await t.app.db.deleteFrom('membership_permissions').where('membership_id', '=', membershipId).execute();
    await t.app.db.deleteFrom('memberships').where('id', '=', membershipId).execute();
    const loner = await session(null);
    expect((await listOf(t, BILL_URL.held, loner)).content).toEqual([]);
    expect((await billCall(t.app, 'POST', BILL_URL.issue, loner, issueBody(t))).statusCode).toBe(403);
  });
});
