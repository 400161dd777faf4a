import { CONTRACT_BIZ_TYPE } from '@contract/e-contract';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import { DEMO_ORGS } from '../../db/seed';
import { newId } from '../../lib/hash';
import { draftContract } from './service';

/** The demo company's service agreements waiting for its signature: annual fees, in fen. */
export const DEMO_CONTRACT_FEES_FEN = [1_200_000, 3_600_000] as const;

/**
 * Drafts the Shanghai demo company's contracts on a demo start, so the contract screens have something to sign.
 * Only where that company exists and has no contract yet (a first start; a restart leaves what is there).
 * Apart from the demo seed because each PDF takes a font subset of about half a second: the server's
 * entry point calls it, the test apps do not.
 */
export async function seedDemoContracts(
  deps: { db: Db; files: FileStore; now: number },
  counterparty: { name: string; creditCode: string },
): Promise<number> {
  const org = await deps.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', DEMO_ORGS.shanghai.id)
    .executeTakeFirst();
  if (!org) return 0;
  const existing = await deps.db
    .selectFrom('contracts')
    .select('id')
    .where('org_id', '=', org.id)
    .executeTakeFirst();
  if (existing) return 0;
  for (const [index, amountFen] of DEMO_CONTRACT_FEES_FEN.entries()) {
    await draftContract(
      // A millisecond apart, so the list shows them in a stable order.
      { ...deps, now: deps.now + index },
      { orgId: org.id, bizType: CONTRACT_BIZ_TYPE.orgAgreement, bizId: newId(), counterparty, amountFen },
    );
  }
  return DEMO_CONTRACT_FEES_FEN.length;
}
