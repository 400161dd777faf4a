import { APPLICATION_STATUS, CIRCULATION } from '@contract/bills';
import { checkPackage, LedgerInvariantBroken } from '../../../src/modules/bills/ledger';
import type { TestApp } from '../../support/helpers';
import {
  endorsed,
  heldAfterSigning,
  issueBody,
  ledgerAppEach,
  MOBILE,
  ORG,
  type LedgerTokens,
} from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

const setCirculation = (holdingId: string, circ: string) =>
  t.app.db.updateTable('bill_holdings').set({ circ_status: circ }).where('id', '=', holdingId).execute();

const check = (packageId: string) => t.app.db.transaction().execute((trx) => checkPackage(trx, packageId));

describe('the ledger’s invariant: what holds each locked and frozen range', () => {
  it('pairs each locked range with its pending application and each frozen one with an active freeze', async () => {
    const { detail, holding } = await heldAfterSigning(t, token, 'shanghai', 'ningbo', issueBody(t));
    const packageId = detail.bill.id;
    await expect(check(packageId)).resolves.toBeDefined();

    // Locked with nothing locking it.
    await setCirculation(holding.id, CIRCULATION.locked);
    await expect(check(packageId)).rejects.toBeInstanceOf(LedgerInvariantBroken);
    // Frozen with no freeze.
    await setCirculation(holding.id, CIRCULATION.frozen);
    await expect(check(packageId)).rejects.toBeInstanceOf(LedgerInvariantBroken);
    await setCirculation(holding.id, CIRCULATION.negotiable);

    // An endorsement waiting locks the range it moves: the application holds it.
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: detail.bill.amount,
    });
    await expect(check(packageId)).resolves.toBeDefined();
    // The application no longer pending, its range still locked.
    await t.app.db
      .updateTable('bill_applications')
      .set({ status: APPLICATION_STATUS.withdrawn })
      .where('id', '=', application.id)
      .execute();
    await expect(check(packageId)).rejects.toBeInstanceOf(LedgerInvariantBroken);
  });
});

describe('the ledger’s invariant: each holding carries its bill’s due date', () => {
  it('holds for the holdings an issue, an endorsement and a split write, and breaks when one differs', async () => {
    const { detail, holding } = await heldAfterSigning(t, token, 'shanghai', 'ningbo', issueBody(t));
    const packageId = detail.bill.id;
    // A split: one part endorsed onward, the rest kept.
    await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    const written = await t.app.db
      .selectFrom('bill_holdings')
      .select(['id', 'due_date', 'ended_at'])
      .where('package_id', '=', packageId)
      .execute();
    expect(written.filter((row) => row.ended_at === null).length).toBeGreaterThanOrEqual(2);
    expect(new Set(written.map((row) => row.due_date))).toEqual(new Set([detail.bill.dueDate]));
    await expect(check(packageId)).resolves.toBeDefined();

    const current = written.find((row) => row.ended_at === null)!;
    await t.app.db
      .updateTable('bill_holdings')
      .set({ due_date: '2099-12-31' })
      .where('id', '=', current.id)
      .execute();
    await expect(check(packageId)).rejects.toThrow(/is due 2099-12-31/);
  });
});
