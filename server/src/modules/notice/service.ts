import { NOTICE_STATUS, NOTICE_TYPE } from '@contract/notice';
import { sql } from 'kysely';
import type { NoticeFilter, NoticeItem } from '@contract/notice-schemas';
import { beforeCommit, type HeldWrites } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { keptPages, versionText } from '../../db/kept-pages';
import { carriedTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import { newId } from '../../lib/hash';
import { readWithCaller } from '../../lib/caller';
import type { ReadWithCaller } from '../../lib/list-page';
import { isoTime } from '../../lib/shanghai-time';
import type { PageRequest } from '../../lib/paging';

/** Rows per INSERT: well inside SQLite's bound-parameter limit. */
const INSERT_CHUNK = 500;

/** Whose notices: one member of one organisation. */
export interface Reader {
  userId: string;
  orgId: string;
}

/**
 * The notices a member can see: the organisation's notices addressed to them or to every member, each with the
 * member's own read state. Every query starts here, so no list or update can reach another organisation.
 */
function visible(db: Db, reader: Reader) {
  return db
    .selectFrom('plat_messages as m')
    .leftJoin('plat_message_reads as r', (join) =>
      join.onRef('r.message_id', '=', 'm.id').on('r.user_id', '=', reader.userId),
    )
    .where('m.org_id', '=', reader.orgId)
    .where((eb) => eb.or([eb('m.user_id', 'is', null), eb('m.user_id', '=', reader.userId)]));
}

type Visible = ReturnType<typeof visible>;

/**
 * `visible`, for a write that reads a notice's open or closed state and moves the counts by it (markRead,
 * markAllRead): on PostgreSQL the notices it finds are locked against a close (FOR SHARE) until it commits, so a
 * close either waits for its reads and sees them, or has committed before and is seen by it. SQLite runs one
 * writing transaction at a time.
 */
function visibleForRead(db: Db, reader: Reader): Visible {
  return isPostgres(db) ? visible(db, reader).forShare('m') : visible(db, reader);
}

/** The counters' addressee for the notices to every member of an organisation (plat_message_counts). */
const EVERYONE = '';

interface CountKey {
  orgId: string;
  /** EVERYONE, or the member. */
  userId: string;
  type: number;
}

/** What a write adds to one row of plat_message_counts (negative to take away). */
interface CountMove extends CountKey {
  notices: number;
  open: number;
  readOpen: number;
}

/** The moves of one write, gathered per row of counts. */
class CountMoves {
  private readonly byKey = new Map<string, CountMove>();

  add(key: CountKey, move: Partial<Pick<CountMove, 'notices' | 'open' | 'readOpen'>>): void {
    const id = `${key.orgId}\u0000${key.userId}\u0000${key.type}`;
    let row = this.byKey.get(id);
    if (!row) {
      row = { ...key, notices: 0, open: 0, readOpen: 0 };
      this.byKey.set(id, row);
    }
    row.notices += move.notices ?? 0;
    row.open += move.open ?? 0;
    row.readOpen += move.readOpen ?? 0;
  }

  addAll(other: CountMoves): void {
    for (const row of other.byKey.values()) this.add(row, row);
  }

  /** The rows that move, in one order of keys. */
  sorted(): CountMove[] {
    return [...this.byKey.values()]
      .filter((row) => row.notices !== 0 || row.open !== 0 || row.readOpen !== 0)
      .sort(
        (a, b) =>
          (a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : 0) ||
          (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0) ||
          a.type - b.type,
      );
  }
}

/**
 * The moves of plat_message_counts a transaction made, written just before it commits (db/after-commit.ts,
 * beforeCommit): merged per row, one upsert that adds to each row in the database (`n = n + excluded.n`) so
 * two transactions at once both count and each moves the row's version by one (noticeVersionOf), rows in
 * one order of keys so two that move the same rows lock them in the same order. An organisation's row is shared by every notice to all of its members (an institution's
 * discount to-dos), so each transaction holds its lock from its commit's start rather than from its notice.
 */
const COUNT_WRITES: HeldWrites<CountMoves> = {
  statements(db, items) {
    const merged = new CountMoves();
    for (const moves of items) merged.addAll(moves);
    const rows = merged.sorted();
    const statements = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      statements.push(
        (db as Db)
          .insertInto('plat_message_counts')
          .values(
            rows.slice(i, i + INSERT_CHUNK).map((row) => ({
              org_id: row.orgId,
              user_id: row.userId,
              type: row.type,
              notices: row.notices,
              open_notices: row.open,
              read_open: row.readOpen,
              version: 1,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['org_id', 'user_id', 'type']).doUpdateSet((eb) => ({
              notices: eb('plat_message_counts.notices', '+', eb.ref('excluded.notices')),
              open_notices: eb('plat_message_counts.open_notices', '+', eb.ref('excluded.open_notices')),
              read_open: eb('plat_message_counts.read_open', '+', eb.ref('excluded.read_open')),
              version: eb('plat_message_counts.version', '+', 1),
            })),
          )
          .compile(),
      );
    }
    return statements;
  },
};

/** Adds the moves to plat_message_counts as `db`'s transaction commits (COUNT_WRITES), or at once outside one. */
const moveCounts = (db: Db, moves: CountMoves): Promise<void> => beforeCommit(db, COUNT_WRITES, moves);

function filtered(query: Visible, filter: NoticeFilter): Visible {
  let q = query;
  if (filter.type !== undefined) q = q.where('m.type', '=', filter.type);
  // A closed to-do is done for every member, read or not.
  if (filter.status === NOTICE_STATUS.unread)
    q = q.where('r.message_id', 'is', null).where('m.closed_at', 'is', null);
  if (filter.status === NOTICE_STATUS.read)
    q = q.where((eb) => eb.or([eb('r.message_id', 'is not', null), eb('m.closed_at', 'is not', null)]));
  return q;
}

interface PageValues extends Reader {
  type: NoticeFilter['type'];
  size: number;
  offset: number;
}

/**
 * How many notices a filter of the member's finds, from the counts the writes keep (plat_message_counts): the
 * organisation's row and the member's, of the filter's type or of every type. Unread: the open ones less
 * those the member has read; read: the rest.
 */
function countedBy(filter: NoticeFilter) {
  const figure =
    filter.status === NOTICE_STATUS.unread
      ? sql<number>`coalesce(sum(c.open_notices), 0) - coalesce(sum(c.read_open), 0)`
      : filter.status === NOTICE_STATUS.read
        ? sql<number>`coalesce(sum(c.notices), 0) - coalesce(sum(c.open_notices), 0) + coalesce(sum(c.read_open), 0)`
        : sql<number>`coalesce(sum(c.notices), 0)`;
  return (db: Db, values: PageValues) => {
    let q = db
      .selectFrom('plat_message_counts as c')
      .where('c.org_id', '=', values.orgId)
      .where((eb) => eb.or([eb('c.user_id', '=', EVERYONE), eb('c.user_id', '=', values.userId)]));
    if (filter.type !== undefined) q = q.where('c.type', '=', values.type!);
    return q.select(figure.as('n'));
  };
}

/**
 * The version of what a member's notices show: the sum of the versions of their organisation's rows of
 * counts and their own. Every write that changes a notice they see (one posted, read by them, closed) moves
 * one of those rows, and a version only grows, so the sum changes with each (the property test of the
 * counts checks it).
 */
function noticeVersionOf(db: Db, reader: Reader) {
  return db
    .selectFrom('plat_message_counts as v')
    .where('v.org_id', '=', reader.orgId)
    .where((eb) => eb.or([eb('v.user_id', '=', EVERYONE), eb('v.user_id', '=', reader.userId)]))
    .select(sql<string>`coalesce(sum(v.version), 0)`.as('notice_version'));
}

/** The caller and the version of their notices in one statement (lib/caller.ts). */
const noticeVersionWithCaller = readWithCaller(noticeVersionOf);

/** A member's notices version alone, prepared: what the notices' property test compares pages by. */
export const noticeVersion = preparedQuery(noticeVersionOf);

/**
 * The count and the page of one shape of filter (which conditions it adds), prepared: the notices page is
 * on every screen (the shell's bell), so it skips Kysely's building and compiling (db/prepared-query.ts).
 */
function pageQueries(filter: NoticeFilter) {
  const base = (db: Db, values: PageValues) =>
    filtered(visible(db, values), filter.type === undefined ? filter : { ...filter, type: values.type });
  const counted = countedBy(filter);
  const page = (db: Db, values: PageValues) =>
    base(db, values)
      .select([
        'm.id',
        'm.type',
        'm.title',
        'm.content',
        'm.created_at',
        'm.link',
        'm.closed_at',
        'r.read_at',
      ])
      // The total rides on every row (one round trip for the page and its total), read from the counts
      // the writes keep: at most two rows by their key, however many notices the organisation holds.
      .select(() => counted(db, values).as('list_total'))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      // Hidden from the planner (unplanned): over an organisation's many notices a bound limit made the
      // generic plan look dearer than planning each call, and every call was planned again.
      .limit(unplanned(values.size, 'bigint'))
      .offset(unplanned(values.offset, 'bigint'));
  return {
    count: preparedQuery(counted),
    page: preparedQuery(page),
  };
}

const queriesByShape = new Map<string, ReturnType<typeof pageQueries>>();

function queriesFor(filter: NoticeFilter) {
  const shape = `${filter.type !== undefined}:${filter.status ?? ''}`;
  let queries = queriesByShape.get(shape);
  if (!queries) {
    queries = pageQueries(filter);
    queriesByShape.set(shape, queries);
  }
  return queries;
}

export async function noticePage(
  db: Db,
  reader: Reader,
  filter: NoticeFilter,
  page: PageRequest,
): Promise<{ items: readonly NoticeItem[]; total: number }> {
  const queries = queriesFor(filter);
  const values = { ...pageValues(filter, page), userId: reader.userId, orgId: reader.orgId };
  return pageAnswer(db, queries, values, await queries.page(db, values));
}

const pageValues = (filter: NoticeFilter, page: PageRequest) => ({
  type: filter.type,
  size: page.size,
  offset: page.offset,
});

/** The page's items, and its total: carried by its rows, or counted when the page is past the end. */
async function pageAnswer(
  db: Db,
  queries: ReturnType<typeof pageQueries>,
  values: PageValues,
  rows: ReadonlyArray<PageRow>,
): Promise<{ items: readonly NoticeItem[]; total: number }> {
  const total = await carriedTotal(rows, values.offset, () => queries.count(db, values));
  return { total, items: itemsOf(rows) };
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQueries>['page']>>[number];

/**
 * The notices pages kept for the version they were read at (db/kept-pages.ts), by member, shape of filter,
 * page and size.
 */
const keptNoticePages = keptPages<{ items: readonly NoticeItem[]; total: number }>(
  (page) => page.items.length,
);

/**
 * The notices page on PostgreSQL: the caller and the version of their notices in one statement
 * (lib/caller.ts); once the member is admitted, the page kept for that version if there is one
 * (keptNoticePages), else the page read and kept for that version.
 */
export async function noticePageWithCaller(
  db: Db,
  tokenHash: string,
  filter: NoticeFilter,
  page: PageRequest,
): Promise<ReadWithCaller<NoticeItem>> {
  const queries = queriesFor(filter);
  const values = pageValues(filter, page);
  const { caller, rows } = await noticeVersionWithCaller(db, tokenHash, {});
  const version = versionText(rows[0]?.notice_version);
  return {
    caller,
    finish: (reader) => {
      const key = `${reader.orgId}\u0000${reader.userId}\u0000${filter.type ?? ''}:${filter.status ?? ''}\u0000${page.offset}\u0000${page.size}`;
      const read = { ...values, userId: reader.userId, orgId: reader.orgId };
      return keptNoticePages.read(db, key, version, async () =>
        pageAnswer(db, queries, read, await queries.page(db, read)),
      );
    },
  };
}

/** The member's to-do notices in the same statement as the caller (noticePageWithCaller). */
export const todoPageWithCaller = (db: Db, tokenHash: string, page: PageRequest) =>
  noticePageWithCaller(db, tokenHash, { type: NOTICE_TYPE.todo }, page);

/**
 * The page's items of rows the page query keeps (db/prepared-query.ts), made once for as long as it keeps
 * them.
 */
const itemsByRows = new WeakMap<ReadonlyArray<PageRow>, readonly NoticeItem[]>();

function itemsOf(rows: ReadonlyArray<PageRow>): readonly NoticeItem[] {
  let items = itemsByRows.get(rows);
  if (!items) {
    items = rows.map((row) =>
      Object.freeze({
        id: row.id,
        type: row.type === NOTICE_TYPE.todo ? NOTICE_TYPE.todo : NOTICE_TYPE.announcement,
        status: row.read_at === null && row.closed_at === null ? NOTICE_STATUS.unread : NOTICE_STATUS.read,
        title: row.title,
        content: row.content,
        createdAt: isoTime(Number(row.created_at)),
        ...(row.link === null ? {} : { link: row.link }),
      }),
    );
    itemsByRows.set(rows, items);
  }
  return items;
}

/** The member's to-do notices (type 2), pending and done alike; `status` tells them apart. */
export const todoPage = (db: Db, reader: Reader, page: PageRequest) =>
  noticePage(db, reader, { type: NOTICE_TYPE.todo }, page);

/**
 * Marks one notice read for the member; false when they cannot see a notice of that id. Idempotent. Run it
 * in a transaction: the read and the member's count move together.
 */
export async function markRead(db: Db, reader: Reader, id: string, now: number): Promise<boolean> {
  const found = await visibleForRead(db, reader)
    .select(['m.id', 'm.type', 'm.closed_at'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!found) return false;
  const inserted = await db
    .insertInto('plat_message_reads')
    .values({ message_id: found.id, user_id: reader.userId, read_at: now })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 && found.closed_at === null) {
    const moves = new CountMoves();
    moves.add({ orgId: reader.orgId, userId: reader.userId, type: found.type }, { readOpen: 1 });
    await moveCounts(db, moves);
  }
  return true;
}

/**
 * Marks every notice the member has not read as read; answers how many changed. Run it in a transaction (`trx`):
 * the inserts go in chunks, and all or none of them must count, with the member's counts.
 */
export async function markAllRead(trx: Db, reader: Reader, now: number): Promise<number> {
  let unreadQuery = filtered(visibleForRead(trx, reader), { status: NOTICE_STATUS.unread }).select([
    'm.id',
    'm.type',
  ]);
  // On PostgreSQL the notices are locked in the order of their ids, as closeNotices locks them.
  if (isPostgres(trx)) unreadQuery = unreadQuery.orderBy('m.id');
  const unread = await unreadQuery.execute();
  const typeOf = new Map(unread.map((row) => [row.id, row.type]));
  const moves = new CountMoves();
  let updated = 0;
  for (let i = 0; i < unread.length; i += INSERT_CHUNK) {
    const inserted = await trx
      .insertInto('plat_message_reads')
      .values(
        unread
          .slice(i, i + INSERT_CHUNK)
          .map((row) => ({ message_id: row.id, user_id: reader.userId, read_at: now })),
      )
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .returning('message_id')
      .execute();
    updated += inserted.length;
    for (const row of inserted) {
      moves.add(
        { orgId: reader.orgId, userId: reader.userId, type: typeOf.get(row.message_id)! },
        { readOpen: 1 },
      );
    }
  }
  await moveCounts(trx, moves);
  return updated;
}

export interface NewNotice {
  orgId: string;
  /** null: for every member of the organisation. */
  userId: string | null;
  type: number;
  title: string;
  content: string;
  /** Where the notice leads in the web app (NoticeItem.link). */
  link?: string;
  /** What a to-do is about, so closeNotices can close it when that is settled (e.g. `bill-application:<id>`). */
  subject?: string;
}

/** The row of counts a new notice is counted in: its organisation's, or its member's. */
const postedKey = (notice: NewNotice): CountKey => ({
  orgId: notice.orgId,
  userId: notice.userId ?? EVERYONE,
  type: notice.type,
});

/** Posts one notice, counted with it: run it in the transaction of what it tells of. */
export async function postNotice(db: Db, notice: NewNotice, now: number): Promise<NoticeItem> {
  const id = newId();
  await db
    .insertInto('plat_messages')
    .values({
      id,
      org_id: notice.orgId,
      user_id: notice.userId,
      type: notice.type,
      title: notice.title,
      content: notice.content,
      created_at: now,
      link: notice.link ?? null,
      subject: notice.subject ?? null,
    })
    .execute();
  const moves = new CountMoves();
  moves.add(postedKey(notice), { notices: 1, open: 1 });
  await moveCounts(db, moves);
  return {
    id,
    type: notice.type === NOTICE_TYPE.todo ? NOTICE_TYPE.todo : NOTICE_TYPE.announcement,
    status: NOTICE_STATUS.unread,
    title: notice.title,
    content: notice.content,
    createdAt: isoTime(now),
    ...(notice.link ? { link: notice.link } : {}),
  };
}

/** Many notices in one statement (the day-end's reminders): the same rows postNotice writes one at a time. */
export async function postNotices(db: Db, notices: readonly NewNotice[], now: number): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insertInto('plat_messages')
    .values(
      notices.map((notice) => ({
        id: newId(),
        org_id: notice.orgId,
        user_id: notice.userId,
        type: notice.type,
        title: notice.title,
        content: notice.content,
        created_at: now,
        link: notice.link ?? null,
        subject: notice.subject ?? null,
      })),
    )
    .execute();
  const moves = new CountMoves();
  for (const notice of notices) moves.add(postedKey(notice), { notices: 1, open: 1 });
  await moveCounts(db, moves);
}

/** The organisation of any notice with this id, whoever it is addressed to. */
export async function noticeOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('plat_messages').select('org_id').where('id', '=', id).executeTakeFirst();
  return row?.org_id;
}

/**
 * Closes the open notices about `subject` for every member of their organisations at once (a to-do whose
 * application was answered, withdrawn or ended); answers the organisations whose notices closed, so their
 * bells can be told.
 */
export async function closeNotices(db: Db, subject: string, now: number): Promise<string[]> {
  // On PostgreSQL the notices are locked in the order of their ids before they are closed, as markAllRead
  // locks a member's: two writes that each lock some of the same notices cannot wait on each other.
  const closed = await db
    .updateTable('plat_messages')
    .set({ closed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('plat_messages')
        .select('id')
        .where('subject', '=', subject)
        .where('closed_at', 'is', null)
        .$if(isPostgres(db), (q) => q.orderBy('id').forUpdate()),
    )
    .returning(['id', 'org_id', 'user_id', 'type'])
    .execute();
  if (closed.length === 0) return [];
  const moves = new CountMoves();
  for (const row of closed)
    moves.add({ orgId: row.org_id, userId: row.user_id ?? EVERYONE, type: row.type }, { open: -1 });
  // The reads of the notices just closed no longer count as open ones read. On PostgreSQL a member's read of
  // one of them waits for this transaction (visibleForRead) or committed before the UPDATE above, so
  // this sees every read its UPDATE's notices have.
  for (let i = 0; i < closed.length; i += INSERT_CHUNK) {
    const reads = await db
      .selectFrom('plat_message_reads as r')
      .innerJoin('plat_messages as m', 'm.id', 'r.message_id')
      .where(
        'r.message_id',
        'in',
        closed.slice(i, i + INSERT_CHUNK).map((row) => row.id),
      )
      .select(['m.org_id', 'r.user_id', 'm.type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['m.org_id', 'r.user_id', 'm.type'])
      .execute();
    for (const read of reads) {
      moves.add({ orgId: read.org_id, userId: read.user_id, type: read.type }, { readOpen: -Number(read.n) });
    }
  }
  await moveCounts(db, moves);
  return [...new Set(closed.map((row) => row.org_id))];
}
