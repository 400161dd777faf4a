import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Rate counter keys are compared in byte order, as SQLite does: the purges select a prefix by the key range
 * ['captcha:', 'captcha;'). Under a linguistic collation (en-US and the like, PostgreSQL's usual default)
 * punctuation sorts differently and that range is empty, so expired counters were never purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table rate_counters alter column key type text collate "C"`.execute(db);
}
