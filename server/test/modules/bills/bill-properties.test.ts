/**
 * Random sequences of ledger commands (endorse any part of any holding to anyone, sign, refuse, withdraw,
 * ask acceptance or receipt again, withdraw the bill) against the real database: after every step the
 * current holdings of the package tile 1..face with no overlap or gap, every holder's total matches a model
 * that moves amounts only on a signed receipt or endorsement, every endorsement takes the front of its
 * holding, and the drawer's acts go through exactly when the state allows them; each organisation's counter
 * of held holdings (the held list's total) stays equal to a count of them, and the package's events are
 * numbered 1..n.
 */
import fc from 'fast-check';
import { APPLICATION_STATUS } from '@contract/bills';
import { ApiFailure } from '../../../src/lib/errors';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import {
  endorse,
  issueBill,
  refuseApplication,
  requestAcceptance,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  type CommandScope,
} from '../../../src/modules/bills/commands';
import { addMonths } from '../../../src/modules/bills/rules';
import { startApp, type TestApp } from '../../support/helpers';
import { MOBILE, ORG, userIdOf } from '../../support/bill-helpers';

const SEED = 1302;
const RUNS = 100;

const ORGS = [
  { orgId: ORG.suzhou, userId: userIdOf(MOBILE.suzhou) },
  { orgId: ORG.ningbo, userId: userIdOf(MOBILE.ningbo) },
  { orgId: ORG.shanghai, userId: userIdOf(MOBILE.shanghai) },
];
const actorOf = (orgId: string) => ORGS.find((o) => o.orgId === orgId)!;

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

/** Runs one command in its own transaction; a refusal (4xx) rolls back and is an allowed outcome. */
async function attempt(orgId: string, run: (ctx: CommandScope) => Promise<unknown>): Promise<boolean> {
  try {
    await t.app.db
      .transaction()
      .execute((trx) => run({ trx, now: t.app.now(), actor: actorOf(orgId), realtime: null }));
    return true;
  } catch (error) {
    if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

const current = (packageId: string) =>
  t.app.db
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('ended_at', 'is', null)
    .orderBy('sub_start')
    .execute();

const pending = (packageId: string) =>
  t.app.db
    .selectFrom('bill_applications')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('status', '=', APPLICATION_STATUS.pending)
    .orderBy('applied_at')
    .orderBy('id')
    .execute();

/** Each organisation's counter of current holdings against a count of them (organisations holding none left out). */
async function heldCounters(): Promise<{ counted: Record<string, number>; kept: Record<string, number> }> {
  const counted = await t.app.db
    .selectFrom('bill_holdings')
    .select((eb) => ['org_id', eb.fn.countAll<number>().as('n')])
    .where('ended_at', 'is', null)
    .where('circ_status', '<>', 'TF0501')
    .groupBy('org_id')
    .execute();
  const kept = await t.app.db.selectFrom('bill_org_holdings').selectAll().where('held', '<>', 0).execute();
  return {
    counted: Object.fromEntries(counted.map((row) => [row.org_id, Number(row.n)])),
    kept: Object.fromEntries(kept.map((row) => [row.org_id, Number(row.held)])),
  };
}

const Step = fc.record({
  op: fc.constantFrom('endorse', 'endorse', 'sign', 'sign', 'refuse', 'withdraw', 'again', 'revoke'),
  pick: fc.nat(),
  /** The share of the holding to endorse, in thousandths (0 asks for nothing, over 1000 for too much). */
  share: fc.integer({ min: 0, max: 1100 }),
  to: fc.nat({ max: ORGS.length - 1 }),
});

it('keeps ranges disjoint, summing to the face, and holders totals conserved', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 50_000 }),
      fc.boolean(),
      fc.array(Step, { minLength: 1, maxLength: 25 }),
      async (face, ownAcceptance, steps) => {
        const today = shanghaiDate(t.app.now());
        let packageId = '';
        await attempt(ORG.suzhou, async (ctx) => {
          const pkg = await issueBill(ctx, {
            acceptorOrgId: ownAcceptance ? ORG.suzhou : ORG.shanghai,
            payeeOrgId: ORG.ningbo,
            amountFen: face,
            issueDate: today,
            dueDate: addMonths(today, 3),
            noTransfer: false,
            splittable: true,
            remark: '',
          });
          packageId = pkg.id;
        });
        const model = new Map<string, number>([[ORG.suzhou, face]]);

        for (const step of steps) {
          if (step.op === 'endorse') {
            const holdings = await current(packageId);
            const holding = holdings[step.pick % holdings.length]!;
            const amount = Math.floor((holding.amount_fen * step.share) / 1000);
            const endorsee = ORGS[step.to]!.orgId;
            const done = await attempt(holding.org_id, async (ctx) => {
              const application = await endorse(ctx, {
                holdingId: holding.id,
                endorseeOrgId: endorsee,
                amountFen: amount,
                remark: '',
              });
              // The part leaving is the front of the holding.
              expect([application.sub_start, application.sub_end]).toEqual([
                holding.sub_start,
                holding.sub_start + amount - 1,
              ]);
            });
            const allowed =
              amount >= 1 &&
              amount <= holding.amount_fen &&
              endorsee !== holding.org_id &&
              holding.circ_status === 'TF0301';
            expect(done).toBe(allowed);
          } else if (step.op === 'again' || step.op === 'revoke') {
            // The drawer's acts on a bill it still holds whole.
            const holdings = await current(packageId);
            const whole = holdings.length === 1 && holdings[0]!.org_id === ORG.suzhou ? holdings[0]! : null;
            const unlocked = whole !== null && whole.circ_status !== 'TF0302';
            if (step.op === 'revoke') {
              const done = await attempt(ORG.suzhou, (ctx) => revokeBill(ctx, packageId));
              expect(done).toBe(whole !== null && ['CS01', 'CS02'].includes(whole.bill_status));
            } else if (step.pick % 2 === 0) {
              const done = await attempt(ORG.suzhou, (ctx) => requestAcceptance(ctx, packageId));
              expect(done).toBe(unlocked && whole.bill_status === 'CS01');
            } else {
              const done = await attempt(ORG.suzhou, (ctx) => requestReceipt(ctx, packageId));
              expect(done).toBe(unlocked && whole.bill_status === 'CS02');
            }
          } else {
            const open = await pending(packageId);
            if (open.length === 0) continue;
            const application = open[step.pick % open.length]!;
            if (step.op === 'sign') {
              const done = await attempt(application.receiver_org_id, (ctx) =>
                signApplication(ctx, { id: application.id }),
              );
              expect(done).toBe(true);
              if (application.kind !== 'acceptance') {
                const from = application.applicant_org_id;
                const to = application.receiver_org_id;
                model.set(from, (model.get(from) ?? 0) - application.amount_fen);
                model.set(to, (model.get(to) ?? 0) + application.amount_fen);
              }
            } else if (step.op === 'refuse') {
              expect(
                await attempt(application.receiver_org_id, (ctx) =>
                  refuseApplication(ctx, { id: application.id, reason: '不同意' }),
                ),
              ).toBe(true);
            } else {
              expect(
                await attempt(application.applicant_org_id, (ctx) =>
                  withdrawApplication(ctx, application.id),
                ),
              ).toBe(true);
            }
          }

          const holdings = await current(packageId);
          let next = 1;
          for (const h of holdings) {
            expect(h.sub_start).toBe(next);
            expect(h.amount_fen).toBe(h.sub_end - h.sub_start + 1);
            next = h.sub_end + 1;
          }
          expect(next - 1).toBe(face);
          const totals = new Map<string, number>();
          for (const h of holdings) totals.set(h.org_id, (totals.get(h.org_id) ?? 0) + h.amount_fen);
          for (const [orgId, amount] of model) expect(totals.get(orgId) ?? 0, orgId).toBe(amount);
          const locked = holdings
            .filter((h) => h.circ_status === 'TF0302')
            .map((h) => h.id)
            .sort();
          expect((await pending(packageId)).map((a) => a.holding_id).sort()).toEqual(locked);
          const counters = await heldCounters();
          expect(counters.kept).toEqual(counters.counted);
          const seqs = await t.app.db
            .selectFrom('bill_events')
            .select('seq')
            .where('package_id', '=', packageId)
            .orderBy('seq')
            .execute();
          expect(seqs.map((e) => e.seq)).toEqual(seqs.map((_, i) => i + 1));
        }
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
}, 180_000);
