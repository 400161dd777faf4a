/**
 * The notices page's and the bell's figures come from counts the notice module's writes keep
 * (plat_message_counts): random sequences of posts (one or many at once, to a member or to every member, with
 * a subject or none), reads, reads of all and closes, for several members of two organisations; after every
 * step each count kept equals a count of the rows, and every member's total for every filter, as the page
 * answers it, equals the notices of that filter counted one by one. Each sequence starts from no notices in
 * those organisations (so a failure shrinks to the few steps that make it); the demo's are checked first.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import * as noticeCounts from '../../../src/db/migrations/052-notice-counts';
import { startApp, type TestApp } from '../../support/helpers';
import {
  expectCountsKeptThroughRandomOps,
  expectCountsOfRows,
  noticeOp,
  NoticeOps,
} from '../../support/notice-count-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('the counts of notices kept by their writes', () => {
  it('equal a count of the rows after every post, read, read of all and close', async () => {
    await expectCountsKeptThroughRandomOps(t, { numRuns: 25, maxLength: 30 });
  }, 120_000);

  it('are filled by their migration from the rows there are', async () => {
    const run = new NoticeOps(t.app.db, 'backfill', () => t.clock.now());
    const ops = fc.sample(noticeOp, { numRuns: 60, seed: 52 });
    for (const op of ops) await run.apply(op);
    await sql`drop table plat_message_counts`.execute(t.app.db);
    await noticeCounts.up(t.app.db as never);
    await expectCountsOfRows(t.app.db, 'after the migration');
  });
});
