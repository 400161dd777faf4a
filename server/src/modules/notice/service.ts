import { NOTICE_STATUS, NOTICE_TYPE } from '@contract/notice';
import type { NoticeFilter, NoticeItem } from '@contract/notice-schemas';
import type { Db } from '../../db/database';
import { carriedTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import { newId } from '../../lib/hash';
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
 * The count and the page of one shape of filter (which conditions it adds), prepared: the notices page is
 * on every screen (the shell's bell), so it skips Kysely's building and compiling (db/prepared-query.ts).
 */
function pageQueries(filter: NoticeFilter) {
  const base = (db: Db, values: PageValues) =>
    filtered(visible(db, values), filter.type === undefined ? filter : { ...filter, type: values.type });
  const counted = (db: Db, values: PageValues) =>
    base(db, values).select((eb) => eb.fn.countAll<number>().as('n'));
  return {
    count: preparedQuery(counted),
    page: preparedQuery((db, values: PageValues) =>
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
        // The total rides on every row: one query where the page and its count took two round trips. It
        // is a count of its own (a subquery run once), not a window count over the page's rows: a window
        // keeps every matching notice whole, text included, before the first row of the page comes out,
        // which over 100,000 notices spilled to disk and took ten times as long.
        .select(() => counted(db, values).as('list_total'))
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        // Hidden from the planner (unplanned): over an organisation's many notices a bound limit made the
        // generic plan look dearer than planning each call, and every call was planned again.
        .limit(unplanned(values.size, 'bigint'))
        .offset(unplanned(values.offset, 'bigint')),
    ),
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
  const values = {
    userId: reader.userId,
    orgId: reader.orgId,
    type: filter.type,
    size: page.size,
    offset: page.offset,
  };
  const rows = await queries.page(db, values);
  const total = await carriedTotal(rows, page.offset, () => queries.count(db, values));
  return { total, items: itemsOf(rows) };
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQueries>['page']>>[number];

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

/** Marks one notice read for the member; false when they cannot see a notice of that id. Idempotent. */
export async function markRead(db: Db, reader: Reader, id: string, now: number): Promise<boolean> {
  const found = await visible(db, reader).select('m.id').where('m.id', '=', id).executeTakeFirst();
  if (!found) return false;
  await db
    .insertInto('plat_message_reads')
    .values({ message_id: found.id, user_id: reader.userId, read_at: now })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
  return true;
}

/**
 * Marks every notice the member has not read as read; answers how many changed. Run it in a transaction (`trx`):
 * the inserts go in chunks, and all or none of them must count.
 */
export async function markAllRead(trx: Db, reader: Reader, now: number): Promise<number> {
  const unread = await filtered(visible(trx, reader), { status: NOTICE_STATUS.unread })
    .select('m.id')
    .execute();
  let updated = 0;
  for (let i = 0; i < unread.length; i += INSERT_CHUNK) {
    const result = await trx
      .insertInto('plat_message_reads')
      .values(
        unread
          .slice(i, i + INSERT_CHUNK)
          .map((row) => ({ message_id: row.id, user_id: reader.userId, read_at: now })),
      )
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .executeTakeFirst();
    updated += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
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
  const closed = await db
    .updateTable('plat_messages')
    .set({ closed_at: now })
    .where('subject', '=', subject)
    .where('closed_at', 'is', null)
    .returning('org_id')
    .execute();
  return [...new Set(closed.map((row) => row.org_id))];
}
