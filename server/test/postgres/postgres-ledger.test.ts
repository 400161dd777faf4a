import { inject } from 'vitest';
import { APPLICATION_STATUS, BILL_URL } from '@contract/bills';
import { VERIFICATION_ERROR } from '@contract/verification';
import { shanghaiDate } from '../../src/lib/shanghai-time';
import { endorse, issueBill, signApplication, type CommandScope } from '../../src/modules/bills/commands';
import { addMonths } from '../../src/modules/bills/rules';
import { startPostgresApp, type TestApp } from '../support/helpers';
import { billCall, issueBody, ledgerTokens, MOBILE, ORG, userIdOf } from '../support/bill-helpers';
import { latestCode, refusalOf, sendSms, withCode } from '../support/verification-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl);
});
afterEach(async () => {
  await t.app.close();
});

const actorOf = (orgId: string, mobile: string) => ({ orgId, userId: userIdOf(mobile) });
const SUZHOU = actorOf(ORG.suzhou, MOBILE.suzhou);
const NINGBO = actorOf(ORG.ningbo, MOBILE.ningbo);

/** Runs a command in a transaction of its own, as a route does. */
const run = <T>(actor: CommandScope['actor'], command: (scope: CommandScope) => Promise<T>) =>
  t.app.db.transaction().execute((trx) => command({ trx, now: t.app.now(), actor, realtime: null }));

const pendingTo = (packageId: string, orgId: string) =>
  t.app.db
    .selectFrom('bill_applications')
    .select('id')
    .where('package_id', '=', packageId)
    .where('receiver_org_id', '=', orgId)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirstOrThrow();

const holdingOf = (packageId: string, orgId: string) =>
  t.app.db
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('org_id', '=', orgId)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();

/** A bill Ningbo received whole and endorsed half of to Suzhou: two holders of one package. */
async function twoHolders(): Promise<string> {
  const today = shanghaiDate(t.app.now());
  const pkg = await run(SUZHOU, (scope) =>
    issueBill(scope, {
      acceptorOrgId: ORG.suzhou,
      payeeOrgId: ORG.ningbo,
      amountFen: 1_000_000,
      dueDate: addMonths(today, 3),
      noTransfer: false,
      splittable: true,
      remark: '',
    }),
  );
  const receipt = await pendingTo(pkg.id, ORG.ningbo);
  await run(NINGBO, (scope) => signApplication(scope, { id: receipt.id }));
  const held = await holdingOf(pkg.id, ORG.ningbo);
  const half = await run(NINGBO, (scope) =>
    endorse(scope, { holdingId: held.id, endorseeOrgId: ORG.suzhou, amountFen: 500_000, remark: '' }),
  );
  await run(SUZHOU, (scope) => signApplication(scope, { id: half.id }));
  return pkg.id;
}

describe('PostgreSQL: one package, several holders at once', () => {
  it('numbers the events of two holders endorsing their own ranges at the same moment in turn', async () => {
    for (let round = 0; round < 8; round++) {
      const packageId = await twoHolders();
      const [ningbo, suzhou] = await Promise.all([
        holdingOf(packageId, ORG.ningbo),
        holdingOf(packageId, ORG.suzhou),
      ]);
      // Both act at once on different ranges of the same package: both go through.
      const outcomes = await Promise.allSettled([
        run(NINGBO, (scope) =>
          endorse(scope, {
            holdingId: ningbo.id,
            endorseeOrgId: ORG.shanghai,
            amountFen: 100_000,
            remark: '',
          }),
        ),
        run(SUZHOU, (scope) =>
          endorse(scope, {
            holdingId: suzhou.id,
            endorseeOrgId: ORG.shanghai,
            amountFen: 200_000,
            remark: '',
          }),
        ),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const events = await t.app.db
        .selectFrom('bill_events')
        .select('seq')
        .where('package_id', '=', packageId)
        .orderBy('seq')
        .execute();
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    }
  });

  it('refuses a second event of the same number on the database itself', async () => {
    const packageId = await twoHolders();
    const first = await t.app.db
      .selectFrom('bill_events')
      .selectAll()
      .where('package_id', '=', packageId)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await expect(
      t.app.db
        .insertInto('bill_events')
        .values({ ...first, id: `${first.id}-again` })
        .execute(),
    ).rejects.toThrow(/bill_events_package_seq/);
  });
});

describe('PostgreSQL: one proof, several acts at once', () => {
  it('lets one act through with an SMS code sent with several at once and refuses the rest as a verification', async () => {
    const token = await ledgerTokens(t);
    const body = issueBody(t);
    const issue = (headers: Record<string, string>) =>
      billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, body, headers);
    expect((await issue({})).statusCode).toBe(406);
    expect((await sendSms(t.app, MOBILE.suzhou, { accessToken: token.suzhou })).statusCode).toBe(200);
    const code = await latestCode(t.app, MOBILE.suzhou);
    const drawn = async () =>
      (
        await t.app.db
          .selectFrom('bill_packages')
          .select('id')
          .where('drawer_org_id', '=', ORG.suzhou)
          .execute()
      ).length;
    const before = await drawn();
    // Each on a connection of its own: the code's row holds the first spender's transaction, the others wait
    // for it and then find the code used.
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => issue({ ...withCode(code), 'idempotency-key': `pg-proof-${name}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 406, 406, 406]);
    for (const refused of answers.filter((answer) => answer.statusCode === 406)) {
      expect(refusalOf(refused).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
    }
    expect(await drawn()).toBe(before + 1);
    const raced = t.logs.events('otp.failed').filter((event) => event.reason === 'raced').length;
    expect(raced + t.logs.events('verification.replay').length).toBe(3);
  });
});
