import fc from 'fast-check';
import { NOTICE_STATUS, NOTICE_TYPE } from '@contract/notice';
import type { NoticeFilter } from '@contract/notice-schemas';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import type { TestApp } from './helpers';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import {
  closeNotices,
  markAllRead,
  markRead,
  noticePage,
  noticeVersion,
  postNotice,
  postNotices,
  type NewNotice,
  type Reader,
} from '../../src/modules/notice/service';

/** The organisations and members the random notices go to (a member may read in an organisation not theirs). */
export const COUNT_ORGS = [DEMO_ORGS.shanghai.id, DEMO_ORGS.hangzhou.id] as const;
export const COUNT_USERS = DEMO_ACCOUNTS.slice(0, 4).map((account) => account.id);
export const COUNT_READERS: readonly Reader[] = COUNT_ORGS.flatMap((orgId) =>
  COUNT_USERS.map((userId) => ({ orgId, userId })),
);

/** Every filter the page takes: any type or one, any status or one. */
export const COUNT_FILTERS: readonly NoticeFilter[] = [
  undefined,
  NOTICE_TYPE.todo,
  NOTICE_TYPE.announcement,
].flatMap((type) =>
  [undefined, NOTICE_STATUS.unread, NOTICE_STATUS.read].map((status) => ({
    ...(type === undefined ? {} : { type }),
    ...(status === undefined ? {} : { status }),
  })),
);

/** The notices of `filter` the member sees, counted over the rows (what the page lists, one by one). */
async function countedRows(db: Db, reader: Reader, filter: NoticeFilter): Promise<number> {
  const type = filter.type === undefined ? sql`` : sql`and m.type = ${filter.type}`;
  const status =
    filter.status === NOTICE_STATUS.unread
      ? sql`and r.message_id is null and m.closed_at is null`
      : filter.status === NOTICE_STATUS.read
        ? sql`and (r.message_id is not null or m.closed_at is not null)`
        : sql``;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from plat_messages m
    left join plat_message_reads r on r.message_id = m.id and r.user_id = ${reader.userId}
    where m.org_id = ${reader.orgId} and (m.user_id is null or m.user_id = ${reader.userId}) ${type} ${status}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

/** What each row of plat_message_counts should hold, counted over the rows; rows of all zeros left out. */
async function countsOverRows(db: Db): Promise<string[]> {
  const { rows } = await sql<CountRow>`select org_id, user_id, type, sum(notices) as notices,
      sum(open_notices) as open_notices, sum(read_open) as read_open from (
      select org_id, coalesce(user_id, '') as user_id, type, count(*) as notices,
        sum(case when closed_at is null then 1 else 0 end) as open_notices, 0 as read_open
      from plat_messages group by org_id, coalesce(user_id, ''), type
      union all
      select m.org_id, r.user_id, m.type, 0, 0, count(*)
      from plat_message_reads r join plat_messages m on m.id = r.message_id
      where m.closed_at is null group by m.org_id, r.user_id, m.type
    ) as parts group by org_id, user_id, type`.execute(db);
  return keyed(rows);
}

interface CountRow {
  org_id: string;
  user_id: string;
  type: number;
  notices: number | string;
  open_notices: number | string;
  read_open: number | string;
}

const keyed = (rows: readonly CountRow[]): string[] =>
  rows
    .filter(
      (row) => Number(row.notices) !== 0 || Number(row.open_notices) !== 0 || Number(row.read_open) !== 0,
    )
    .map((row) =>
      [row.org_id, row.user_id, row.type, row.notices, row.open_notices, row.read_open]
        .map((part, i) => (i >= 2 ? String(Number(part)) : part))
        .join(' '),
    )
    .sort();

/** The counts kept, rows of all zeros left out. */
async function keptCounts(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('plat_message_counts').selectAll().execute();
  return keyed(rows);
}

/**
 * Every count kept equals a count of the rows: each row of plat_message_counts, and for every reader and
 * filter the page's total as it rides on the rows, as counted alone past the last page, and the rows counted.
 */
export async function expectCountsOfRows(db: Db, label: string): Promise<void> {
  expect(await keptCounts(db), `${label}: plat_message_counts`).toEqual(await countsOverRows(db));
  for (const reader of COUNT_READERS) {
    for (const filter of COUNT_FILTERS) {
      const expected = await countedRows(db, reader, filter);
      const what = `${label}: ${reader.userId.slice(-3)} in ${reader.orgId.slice(-3)}, ${JSON.stringify(filter)}`;
      const first = await noticePage(db, reader, filter, { page: 0, size: 1, offset: 0 });
      expect(first.total, `${what}, first page`).toBe(expected);
      const past = await noticePage(db, reader, filter, {
        page: expected + 5,
        size: 1,
        offset: expected + 5,
      });
      expect(past.items, `${what}, past the end`).toEqual([]);
      expect(past.total, `${what}, past the end`).toBe(expected);
    }
  }
}

/** Each reader's page of each filter, and the version of their notices, as the last step left them. */
export type SeenPages = Map<string, { version: string; page: string }>;

/**
 * A member's page changes only with the version of their notices (the counts' writes move it): a page kept
 * for a version (PostgreSQL, modules/notice/service.ts) is the page while the version is unchanged. A page
 * of any reader and filter that changed while its version did not is a write that did not move it.
 */
export async function expectPagesFollowVersions(db: Db, seen: SeenPages, label: string): Promise<void> {
  for (const reader of COUNT_READERS) {
    const [row] = await noticeVersion(db, reader);
    const version = String(row?.notice_version ?? 0);
    for (const filter of COUNT_FILTERS) {
      const key = `${reader.orgId} ${reader.userId} ${JSON.stringify(filter)}`;
      const page = JSON.stringify(await noticePage(db, reader, filter, { page: 0, size: 50, offset: 0 }));
      const before = seen.get(key);
      if (before?.version === version)
        expect(page, `${label}: ${key}, at version ${version}`).toBe(before.page);
      seen.set(key, { version, page });
    }
  }
}

/** Deletes the notices of COUNT_ORGS, their reads and their counts: a sequence's start from nothing. */
export async function forgetCountedNotices(db: Db): Promise<void> {
  await db
    .deleteFrom('plat_message_reads')
    .where('message_id', 'in', (eb) =>
      eb
        .selectFrom('plat_messages')
        .select('id')
        .where('org_id', 'in', [...COUNT_ORGS]),
    )
    .execute();
  await db
    .deleteFrom('plat_messages')
    .where('org_id', 'in', [...COUNT_ORGS])
    .execute();
  await db
    .deleteFrom('plat_message_counts')
    .where('org_id', 'in', [...COUNT_ORGS])
    .execute();
}

/** One write of the notice module, as the business events and the members make them. */
export type NoticeOp =
  | { kind: 'post'; notice: NoticeSpec }
  | { kind: 'postMany'; notices: NoticeSpec[] }
  /** A member who sees the notice picked reads it; `foreign`: any reader tries to (who may not see it). */
  | { kind: 'read'; pick: number; who: number; foreign: boolean }
  | { kind: 'readAll'; reader: number }
  | { kind: 'close'; subject: number };

interface NoticeSpec {
  org: number;
  /** An index of COUNT_USERS, or -1: every member. */
  to: number;
  type: number;
  /** An index of the run's subjects, or -1: none. */
  subject: number;
}

const SUBJECTS = 2;

const noticeSpec = fc.record({
  org: fc.nat(COUNT_ORGS.length - 1),
  to: fc.integer({ min: -1, max: COUNT_USERS.length - 1 }),
  type: fc.constantFrom(NOTICE_TYPE.todo, NOTICE_TYPE.announcement),
  subject: fc.integer({ min: -1, max: SUBJECTS - 1 }),
});

export const noticeOp: fc.Arbitrary<NoticeOp> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('post' as const), notice: noticeSpec }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('postMany' as const),
      notices: fc.array(noticeSpec, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      pick: fc.nat(),
      who: fc.nat(),
      foreign: fc.oneof(
        { weight: 4, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('readAll' as const), reader: fc.nat(COUNT_READERS.length - 1) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), subject: fc.nat(SUBJECTS - 1) }) },
);

/** Runs the ops of one sequence, each in a transaction of its own; `run` keeps its subjects apart. */
export class NoticeOps {
  /** The notices this sequence posted, which its reads pick from. */
  private readonly posted: Array<{ id: string; orgId: string; userId: string | null }> = [];

  constructor(
    private readonly db: Db,
    private readonly run: string,
    private readonly now: () => number,
  ) {}

  private newNotice(spec: NoticeSpec): NewNotice {
    return {
      orgId: COUNT_ORGS[spec.org]!,
      userId: spec.to < 0 ? null : COUNT_USERS[spec.to]!,
      type: spec.type,
      title: this.run,
      content: '计数',
      ...(spec.subject < 0 ? {} : { subject: `${this.run}:${spec.subject}` }),
    };
  }

  async apply(op: NoticeOp): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      switch (op.kind) {
        case 'post': {
          const notice = this.newNotice(op.notice);
          const { id } = await postNotice(trx, notice, now);
          this.posted.push({ id, orgId: notice.orgId, userId: notice.userId });
          return;
        }
        case 'postMany': {
          await postNotices(
            trx,
            op.notices.map((spec) => this.newNotice(spec)),
            now,
          );
          const rows = await trx
            .selectFrom('plat_messages')
            .select(['id', 'org_id', 'user_id'])
            .where('title', '=', this.run)
            .where('created_at', '=', now)
            .orderBy('id')
            .execute();
          for (const row of rows) {
            if (!this.posted.some((notice) => notice.id === row.id))
              this.posted.push({ id: row.id, orgId: row.org_id, userId: row.user_id });
          }
          return;
        }
        case 'read': {
          const notice = this.posted[op.pick % Math.max(this.posted.length, 1)];
          if (notice === undefined) return;
          const readers = notice.userId === null ? COUNT_USERS : [notice.userId];
          const reader = op.foreign
            ? COUNT_READERS[op.who % COUNT_READERS.length]!
            : { orgId: notice.orgId, userId: readers[op.who % readers.length]! };
          await markRead(trx, reader, notice.id, now);
          return;
        }
        case 'readAll':
          await markAllRead(trx, COUNT_READERS[op.reader]!, now);
          return;
        case 'close':
          await closeNotices(trx, `${this.run}:${op.subject}`, now);
          return;
      }
    });
  }
}

/**
 * The property both databases' passes check: from the demo's notices, random sequences of `maxLength` ops at
 * most, each from no notices in the counted organisations, with every count equal to the rows after each step
 * and every page changed only with its version.
 */
export async function expectCountsKeptThroughRandomOps(
  t: TestApp,
  { numRuns, maxLength }: { numRuns: number; maxLength: number },
): Promise<void> {
  await expectCountsOfRows(t.app.db, 'the seeded demo');
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(noticeOp, { minLength: 1, maxLength, size: 'medium' }), async (ops) => {
      runs += 1;
      await forgetCountedNotices(t.app.db);
      const run = new NoticeOps(t.app.db, `counts-${runs}`, () => {
        t.clock.advance(1000);
        return t.clock.now();
      });
      // The versions start again with the counts deleted: what a page showed before is not compared.
      const seen: SeenPages = new Map();
      for (const [i, op] of ops.entries()) {
        await run.apply(op);
        await expectCountsOfRows(t.app.db, `run ${runs}, step ${i} (${op.kind})`);
        await expectPagesFollowVersions(t.app.db, seen, `run ${runs}, step ${i} (${op.kind})`);
      }
    }),
    { numRuns },
  );
}
