import { AGREEMENT_STATUS } from '@contract/organization';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import { DEMO_AGREEMENTS, DEMO_ORGS } from '../../db/seed';
import { draftAgreementContract } from './contracts';

/**
 * Drafts the contracts of the Shanghai demo company's signed agreements on a demo start, so the contract
 * screens have something to sign. Only where that company exists and has no contract yet (a first start; a
 * restart leaves what is there). Apart from the demo seed because each PDF takes a font subset of about half
 * a second: the server's entry point calls it, the test apps do not.
 */
export async function seedDemoContracts(
  deps: { db: Db; files: FileStore; now: number },
  counterparty: { name: string; creditCode: string },
): Promise<number> {
  const existing = await deps.db
    .selectFrom('contracts')
    .select('id')
    .where('org_id', '=', DEMO_ORGS.shanghai.id)
    .executeTakeFirst();
  if (existing) return 0;
  const agreements = await deps.db
    .selectFrom('org_agreements')
    .select(['id', 'org_id', 'agreement_code'])
    .where('org_id', '=', DEMO_ORGS.shanghai.id)
    .where('status', '=', AGREEMENT_STATUS.signed)
    .where(
      'id',
      'in',
      DEMO_AGREEMENTS.map((a) => a.id),
    )
    .orderBy('id')
    .execute();
  let drafted = 0;
  for (const [index, agreement] of agreements.entries()) {
    // A millisecond apart, so the list shows them in a stable order.
    const now = () => deps.now + index;
    if (await draftAgreementContract({ db: deps.db, files: deps.files, now, counterparty }, agreement))
      drafted += 1;
  }
  return drafted;
}
