/**
 * The PostgreSQL pass of the notice counts (server/test/modules/notice/notice-counts.test.ts): the same random
 * sequences, and reads, reads of all and closes of the same notices at once, each in a transaction of its
 * own, after which every count kept still equals a count of the rows. A read that found a notice open and a
 * close that did not see that read would leave the read counted as an open one read.
 */
import { inject } from 'vitest';
import type { Db } from '../../src/db/database';
import { retryingTransaction } from '../../src/db/retry';
import { closeNotices, markAllRead, markRead, postNotice } from '../../src/modules/notice/service';
import { startPostgresApp, type TestApp } from '../support/helpers';
import {
  COUNT_ORGS,
  COUNT_USERS,
  expectCountsKeptThroughRandomOps,
  expectCountsOfRows,
  forgetCountedNotices,
} from '../support/notice-count-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeAll(async () => {
  t = await startPostgresApp(serverUrl);
});
afterAll(async () => {
  await t.app.close();
});

/** One transaction, run again when PostgreSQL fails it for another it crossed, as the routes run theirs. */
const inTransaction = (db: Db, run: (trx: Db) => Promise<unknown>) =>
  retryingTransaction(db, () => db.transaction().execute(run));

describe('PostgreSQL: the counts of notices kept by their writes', () => {
  it('equal a count of the rows after every post, read, read of all and close', async () => {
    await expectCountsKeptThroughRandomOps(t, { numRuns: 6, maxLength: 20 });
  }, 180_000);

  it('stay equal to the rows when members read notices while they are closed', async () => {
    const [orgId] = COUNT_ORGS;
    for (let round = 0; round < 6; round++) {
      await forgetCountedNotices(t.app.db);
      const subject = `race-${round}`;
      const now = t.clock.now();
      const ids: string[] = [];
      await inTransaction(t.app.db, async (trx) => {
        for (let i = 0; i < 6; i++) {
          const userId = i % 2 === 0 ? null : COUNT_USERS[i % COUNT_USERS.length]!;
          const notice = { orgId, userId, type: 2, title: subject, content: '并发', subject };
          ids.push((await postNotice(trx, notice, now)).id);
        }
      });
      const reads = COUNT_USERS.flatMap((userId) =>
        ids.map((id) => () => inTransaction(t.app.db, (trx) => markRead(trx, { orgId, userId }, id, now))),
      );
      const others = [
        () => inTransaction(t.app.db, (trx) => closeNotices(trx, subject, now)),
        () => inTransaction(t.app.db, (trx) => markAllRead(trx, { orgId, userId: COUNT_USERS[1]! }, now)),
      ];
      // The close among the reads, not after them all.
      const writes = [...reads.slice(0, reads.length / 2), ...others, ...reads.slice(reads.length / 2)];
      await Promise.all(writes.map((write) => write()));
      await expectCountsOfRows(t.app.db, `round ${round}`);
    }
  }, 120_000);

  it('let a transaction that posts to every member of an organisation commit while another that did waits', async () => {
    const [orgId] = COUNT_ORGS;
    await forgetCountedNotices(t.app.db);
    const now = t.clock.now();
    const notice = { orgId, userId: null, type: 2, title: '待办', content: '不等待', subject: 'no-wait' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const firstPosted = new Promise<void>((resolve) => (posted = resolve));
    const first = t.app.db.transaction().execute(async (trx) => {
      await postNotice(trx, notice, now);
      posted();
      await held;
    });
    await firstPosted;
    // The organisation's row of counts is written as each commits: the second does not wait for the first.
    const second = t.app.db.transaction().execute((trx) => postNotice(trx, notice, now));
    const outcome = await Promise.race([
      second.then(() => 'committed'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000)),
    ]);
    release();
    await Promise.all([first, second]);
    expect(outcome).toBe('committed');
    await expectCountsOfRows(t.app.db, 'two posts to one organisation');
  }, 30_000);
});
