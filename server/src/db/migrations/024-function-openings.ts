import { sql, type Kysely } from 'kysely';

/** The functions no release before this one built: an opening of one could never be used. */
const NEVER_BUILT = [
  'BILL_DISCOUNT',
  'BILL_PLEDGE',
  'BILL_PAY_PROMPT',
  'PLEDGE_FIN',
  'EASE_DISCOUNT',
  'ORDER_FIN',
];

/**
 * What an organisation may do is now one record: its function openings. Openings of functions that were
 * never built go, so that building one later opens it for nobody who has not asked; and electronic signing
 * is open exactly where the organisation's e-sign account is, the account's opening being the function's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from org_function_openings where func_code in (${sql.join(NEVER_BUILT)})`.execute(db);
  await sql`delete from org_function_openings
    where func_code = 'E_SIGN' and org_id not in (select org_id from esign_accounts)`.execute(db);
  await sql`insert into org_function_openings (org_id, func_code, opened_at, opened_by)
    select a.org_id, 'E_SIGN', a.opened_at, a.opened_by from esign_accounts a
    where not exists (
      select 1 from org_function_openings o where o.org_id = a.org_id and o.func_code = 'E_SIGN'
    )`.execute(db);
}
