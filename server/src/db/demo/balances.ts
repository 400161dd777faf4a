import { depositOpeningBalance } from '../../modules/settlement/service';
import type { Db } from '../database';
import { DEMO_ORGS } from '../seed';
import { DEMO_INSTITUTIONS } from './institutions';

/**
 * The demo's opening balances at the sandbox bank: the core enterprise enough to pay every bill it
 * accepted, the suppliers some, the institutions plenty to discount and lend with.
 */
export const DEMO_OPENING_BALANCES_FEN: ReadonlyArray<{ orgId: string; amountFen: number }> = [
  { orgId: DEMO_ORGS.shanghai.id, amountFen: 5_000_000_000 },
  { orgId: DEMO_ORGS.suzhou.id, amountFen: 200_000_000 },
  { orgId: DEMO_ORGS.ningbo.id, amountFen: 200_000_000 },
  ...Object.values(DEMO_INSTITUTIONS).map((institution) => ({
    orgId: institution.orgId,
    amountFen: 1_000_000_000_000,
  })),
];

/** Books the demo's opening balances, once each. */
export async function seedDemoBalances(db: Db, now: number): Promise<void> {
  for (const { orgId, amountFen } of DEMO_OPENING_BALANCES_FEN)
    await depositOpeningBalance(db, orgId, amountFen, now);
}
