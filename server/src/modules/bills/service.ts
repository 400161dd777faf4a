import { OWNER_ROLE } from '@contract/organization';
import type { Db } from '../../db/database';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../db/seed';
import { shanghaiDate } from '../../lib/shanghai-time';
import { endorse, issueBill, signApplication, type Actor, type CommandContext } from './commands';
import { addMonths } from './rules';

/** What other modules may use of the ledger. */
export { restingCirculation } from './commands';
export { billListBatches, billListCount, billListSheet, type BillListName } from './list-export';

const DAY = 24 * 60 * 60 * 1000;
const ownerOf = (orgId: string): Actor => {
  const account = DEMO_ACCOUNTS.find((a) =>
    a.memberships.some((m) => m.roles.includes(OWNER_ROLE) && DEMO_ORGS[m.org].id === orgId),
  );
  if (!account) throw new Error(`no demo owner of ${orgId}`);
  return { orgId, userId: account.id };
};

/**
 * The demo ledger, written through the same commands as the API (in one transaction, without the
 * business-hours check that guards people, not the seed): the Shanghai core enterprise issues and accepts
 * bills to its two suppliers; Suzhou signs for two of them and endorses the front of one to Ningbo, which
 * signs; one bill waits for Ningbo's signature.
 */
export async function seedDemoBills(db: Db, now: number): Promise<void> {
  const shanghai = DEMO_ORGS.shanghai.id;
  const suzhou = DEMO_ORGS.suzhou.id;
  const ningbo = DEMO_ORGS.ningbo.id;
  await db.transaction().execute(async (trx) => {
    const as = (orgId: string, at: number): CommandContext => ({
      trx,
      now: at,
      actor: ownerOf(orgId),
      realtime: null,
    });
    const issue = async (at: number, payee: string, amountFen: number, noTransfer: boolean) => {
      const today = shanghaiDate(at);
      await issueBill(as(shanghai, at), {
        acceptorOrgId: shanghai,
        payeeOrgId: payee,
        amountFen,
        issueDate: today,
        dueDate: addMonths(today, 5),
        noTransfer,
        splittable: true,
        remark: '货款',
      });
      const pending = await trx
        .selectFrom('bill_applications')
        .select('id')
        .where('receiver_org_id', '=', payee)
        .where('status', '=', 'pending')
        .orderBy('applied_at', 'desc')
        .executeTakeFirstOrThrow();
      return pending.id;
    };
    const start = now - 3 * DAY;
    const first = await issue(start, suzhou, 120_000_000, false);
    await signApplication(as(suzhou, start + 60_000), first);
    const held = await trx
      .selectFrom('bill_holdings')
      .select('id')
      .where('org_id', '=', suzhou)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const endorsement = await endorse(as(suzhou, start + DAY), {
      holdingId: held.id,
      endorseeOrgId: ningbo,
      amountFen: 30_000_000,
      remark: '原材料采购',
    });
    await signApplication(as(ningbo, start + DAY + 60_000), endorsement.id);
    const second = await issue(start + 2 * DAY, suzhou, 80_000_000, true);
    await signApplication(as(suzhou, start + 2 * DAY + 60_000), second);
    await issue(now - 60_000, ningbo, 50_000_000, false);
  });
}
