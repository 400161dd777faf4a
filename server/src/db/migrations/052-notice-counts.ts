import { sql, type Kysely } from 'kysely';

/**
 * `plat_message_counts` keeps the figures the notices page and the bell answer with, so neither counts the
 * notices at each call (over an organisation's 100,000 reminders a count read 100,000 rows). One row per
 * organisation, addressee and type of notice: `user_id` is the member a notice is addressed to, or '' for
 * the notices to every member of the organisation. `notices` counts them all and `open_notices` those not
 * closed; `read_open` (members' rows only) counts the open notices of that type the member has read,
 * addressed to them or to everyone. A member sees their organisation's row and their own: its total is
 * the sum of `notices`, its unread the sum of `open_notices` less its `read_open`. The notice module's
 * writes keep them in the same transaction as the rows (modules/notice/service.ts). Filled from the rows
 * that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plat_message_counts')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('notices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_notices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_open', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('plat_message_counts_pk', ['org_id', 'user_id', 'type'])
    .execute();
  await sql`insert into plat_message_counts (org_id, user_id, type, notices, open_notices, read_open)
    select org_id, user_id, type, sum(notices), sum(open_notices), sum(read_open) from (
      select org_id, coalesce(user_id, '') as user_id, type, count(*) as notices,
        sum(case when closed_at is null then 1 else 0 end) as open_notices, 0 as read_open
      from plat_messages group by org_id, coalesce(user_id, ''), type
      union all
      select m.org_id, r.user_id, m.type, 0, 0, count(*)
      from plat_message_reads r join plat_messages m on m.id = r.message_id
      where m.closed_at is null group by m.org_id, r.user_id, m.type
    ) as parts group by org_id, user_id, type`.execute(db);
}
