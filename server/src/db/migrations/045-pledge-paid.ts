import { sql, type Kysely } from 'kysely';

/**
 * A pledge ends in one of two ways: its pledgee releases it, or the acceptor pays the pledgee the bill at
 * maturity (docs/domain.md, payment at maturity, the pledgee's presentation). `paid_at` tells the second
 * apart (已兑付, not 已解除). A pledge ended before this column existed was paid when it ended with no
 * signed release: a release is the only other way one ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bill_pledges').addColumn('paid_at', 'bigint').execute();
  await sql`
    update bill_pledges set paid_at = released_at
    where released_at is not null
      and not exists (
        select 1 from bill_pledge_releases r
        where r.pledge_id = bill_pledges.application_id and r.status = 'signed'
      )
  `.execute(db);
}
