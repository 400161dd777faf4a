import {
  APPLICATION_KIND,
  APPLICATION_KIND_LABEL,
  APPLICATION_STATUS,
  APPLICATION_STATUS_LABEL,
  BILL_EVENT_LABEL,
  applicationActs,
  billRange,
  holdingActs,
  BILL_STATUS,
  BILL_STATUS_LABEL,
  CIRCULATION,
  CIRCULATION_LABEL,
  type ApplicationKind,
  type ApplicationStatus,
  type BillEventType,
  type BillStatus,
  type CirculationFlag,
} from '@contract/bills';
import type {
  BillAccount,
  BillApplication,
  BillDetail,
  BillEvent,
  BillListQuery,
  BillPackage,
  Counterparty,
  Holding,
} from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { keptPages, versionText } from '../../db/kept-pages';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, preparedQuery, unplanned } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { fail } from '../../lib/errors';
import { readWithCaller } from '../../lib/caller';
import type { ReadWithCaller } from '../../lib/list-page';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { isCalendarDate } from '../holiday/service';
import { BILL_MSG } from './messages';
import { amountFenOf } from './rules';
import { ORG_KIND } from '@contract/institution';

/** A received bill shows 已到期 from its maturity date on (the stored status changes with payment, later). */
export function shownStatus(stored: string, dueDate: string, today: string): BillStatus {
  if (stored === BILL_STATUS.received && today >= dueDate) return BILL_STATUS.matured;
  return stored as BillStatus;
}

const party = (orgId: string, name: string) => ({ orgId, name });

const contains = (column: string, text: string) => likeEscaped(column, containsPattern(text));

// ---- filters shared by the lists

interface ListFilter {
  packageId: string | null;
  /** A stored status (CS04 for 已到期, with `matured`), or an application's. */
  status: string | null;
  /** For CS03/CS04, which side of the maturity date. */
  matured: boolean | null;
  counterparty: string | null;
  minFen: number | null;
  maxFen: number | null;
  dueFrom: string | null;
  dueTo: string | null;
}

/** Which statuses a list's `billStatus` names: a bill's (CS01..CS06) or an application's (pending..withdrawn). */
export type ListStatusKind = 'bill' | 'application';

/**
 * The list filters of the query, checked; 400 in Chinese for a malformed one: a status the list does not
 * have, a date that is not a calendar day, an amount that is not whole fen, or a range whose ends cross.
 */
export function listFilterOf(query: BillListQuery, statusKind: ListStatusKind): ListFilter {
  const bad = (message: string = BILL_MSG.filterInvalid) => fail(API_ERROR.badRequest, message);
  let status: string | null = null;
  let matured: boolean | null = null;
  if (query.billStatus) {
    status = query.billStatus;
    const labels = statusKind === 'bill' ? BILL_STATUS_LABEL : APPLICATION_STATUS_LABEL;
    if (!Object.hasOwn(labels, status)) throw bad();
    if (status === BILL_STATUS.matured) {
      status = BILL_STATUS.received;
      matured = true;
    } else if (status === BILL_STATUS.received) {
      matured = false;
    }
  }
  for (const date of [query.dueFrom, query.dueTo]) if (date && !isCalendarDate(date)) throw bad();
  if (query.dueFrom && query.dueTo && query.dueFrom > query.dueTo) throw bad(BILL_MSG.dueRangeInvalid);
  const amount = (text: string | undefined) => (text ? amountFenOf(text) : null);
  const minFen = amount(query.minAmount);
  const maxFen = amount(query.maxAmount);
  if (minFen !== null && maxFen !== null && minFen > maxFen) throw bad(BILL_MSG.amountRangeInvalid);
  return {
    packageId: query.packageId || null,
    status,
    matured,
    counterparty: query.counterparty?.trim() || null,
    minFen,
    maxFen,
    dueFrom: query.dueFrom || null,
    dueTo: query.dueTo || null,
  };
}

type SortField = 'time' | 'amount' | 'dueDate';
export interface ListSort {
  field: SortField;
  direction: 'asc' | 'desc';
}
const SORT_FIELDS: Record<string, SortField> = {
  createdAt: 'time',
  acquiredAt: 'time',
  appliedAt: 'time',
  amount: 'amount',
  dueDate: 'dueDate',
};

/** `field` or `field,asc|desc`; newest first by default. */
export function listSortOf(sort: string | undefined): ListSort {
  if (!sort) return { field: 'time', direction: 'desc' };
  const [name = '', direction = 'asc', ...rest] = sort.split(',');
  const field = SORT_FIELDS[name];
  if (!field || rest.length > 0 || (direction !== 'asc' && direction !== 'desc'))
    throw fail(API_ERROR.badRequest, BILL_MSG.sortInvalid);
  return { field, direction };
}

// ---- bills held

const HOLDING_COLUMNS = [
  'h.id',
  'h.package_id',
  'h.org_id',
  'h.sub_start',
  'h.sub_end',
  'h.amount_fen',
  'h.bill_status',
  'h.circ_status',
  'h.acquired_at',
  'h.ended_at',
  'p.package_no',
  'p.drawer_org_id',
  'p.drawer_name',
  'p.acceptor_org_id',
  'p.acceptor_name',
  'p.payee_org_id',
  'p.payee_name',
  'p.issue_date',
  'p.due_date',
  'p.no_transfer',
  'p.splittable',
] as const;

/**
 * The holdings with their package and holder, and the pledgee of a pledged holding: the pledge in force on
 * it, at most one a holding (unique index bill_pledges_in_force), so the join adds no row.
 */
function holdingsQuery(db: Db) {
  return db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .innerJoin('organizations as o', 'o.id', 'h.org_id')
    .leftJoin('bill_pledges as g', (join) =>
      join
        .onRef('g.holding_id', '=', 'h.id')
        .on('g.pledged_at', 'is not', null)
        .on('g.released_at', 'is', null),
    )
    .leftJoin('organizations as q', 'q.id', 'g.pledgee_org_id');
}
type HoldingQuery = ReturnType<typeof holdingsQuery>;
type HoldingRow = Awaited<ReturnType<ReturnType<typeof holdingSelect>['executeTakeFirstOrThrow']>>;
const holdingSelect = (query: HoldingQuery) =>
  query.select([
    ...HOLDING_COLUMNS,
    'o.name as holder_name',
    'q.id as pledgee_org_id',
    'q.name as pledgee_name',
  ]);

function holdingView(row: HoldingRow, today: string): Holding {
  const billStatus = shownStatus(row.bill_status, row.due_date, today);
  const circulation = row.circ_status as CirculationFlag;
  return {
    id: row.id,
    packageId: row.package_id,
    packageNo: row.package_no,
    holder: party(row.org_id, row.holder_name),
    range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
    subStart: Number(row.sub_start),
    subEnd: Number(row.sub_end),
    amount: fenToYuan(row.amount_fen),
    billStatus,
    billStatusLabel: BILL_STATUS_LABEL[billStatus],
    circulation,
    circulationLabel: CIRCULATION_LABEL[circulation] ?? row.circ_status,
    drawer: party(row.drawer_org_id, row.drawer_name),
    acceptor: party(row.acceptor_org_id, row.acceptor_name),
    payee: party(row.payee_org_id, row.payee_name),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    noTransfer: row.no_transfer === 1,
    splittable: row.splittable === 1,
    acquiredAt: isoTime(Number(row.acquired_at)),
    endedAt: row.ended_at === null ? null : isoTime(Number(row.ended_at)),
    ...(row.pledgee_org_id ? { pledgee: party(row.pledgee_org_id, row.pledgee_name ?? '') } : {}),
    actions: holdingActs(
      {
        billStatus: row.bill_status,
        circulation: row.circ_status,
        current: row.ended_at === null,
        noTransfer: row.no_transfer === 1,
        dueDate: row.due_date,
      },
      today,
    ),
  };
}

/**
 * What the conditions of a filter compare with. Apart from the filter, so that a prepared list (the held
 * list, below) builds its conditions from placeholders and binds the values at each call.
 */
interface FilterValues {
  packageId: string | null;
  status: string | null;
  today: string;
  minFen: number | null;
  maxFen: number | null;
  dueFrom: string | null;
  dueTo: string | null;
  counterpartyPattern: string | null;
}

function filterValues(filter: ListFilter, today: string): FilterValues {
  return {
    packageId: filter.packageId,
    status: filter.status,
    today,
    minFen: filter.minFen,
    maxFen: filter.maxFen,
    dueFrom: filter.dueFrom,
    dueTo: filter.dueTo,
    counterpartyPattern: filter.counterparty === null ? null : containsPattern(filter.counterparty),
  };
}

/** The filter's conditions on `query`: which ones from `filter`, what they compare with from `values`. */
function filtered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: ListFilter,
  values: FilterValues,
  columns: { pkg: string; status: string; amount: string; due: string; names: string[] },
): SelectQueryBuilder<DB, TB, O> {
  const ref = sql.ref;
  const conditions: Array<RawBuilder<SqlBool>> = [];
  if (filter.packageId !== null) conditions.push(sql`${ref(columns.pkg)} = ${values.packageId}`);
  if (filter.status !== null) conditions.push(sql`${ref(columns.status)} = ${values.status}`);
  if (filter.matured === true) conditions.push(sql`${ref(columns.due)} <= ${values.today}`);
  if (filter.matured === false) conditions.push(sql`${ref(columns.due)} > ${values.today}`);
  if (filter.minFen !== null) conditions.push(sql`${ref(columns.amount)} >= ${values.minFen}`);
  if (filter.maxFen !== null) conditions.push(sql`${ref(columns.amount)} <= ${values.maxFen}`);
  if (filter.dueFrom !== null) conditions.push(sql`${ref(columns.due)} >= ${values.dueFrom}`);
  if (filter.dueTo !== null) conditions.push(sql`${ref(columns.due)} <= ${values.dueTo}`);
  if (filter.counterparty !== null) {
    const pattern = values.counterpartyPattern ?? '';
    conditions.push(
      sql`(${sql.join(
        columns.names.map((name) => likeEscaped(name, pattern)),
        sql` or `,
      )})`,
    );
  }
  return conditions.reduce((q, condition) => q.where(condition), query);
}

const orderColumn = (sort: ListSort, columns: { time: string; amount: string; due: string }) =>
  sort.field === 'amount' ? columns.amount : sort.field === 'dueDate' ? columns.due : columns.time;

export interface ListPage<T> {
  items: T[];
  total: number;
}

// The due date is the holding's own copy (migration 057): the list sorted or filtered by maturity walks a
// range of bill_holdings_current_due instead of joining every current holding to its package first.
const HELD_COLUMNS = {
  pkg: 'h.package_id',
  status: 'h.bill_status',
  amount: 'h.amount_fen',
  due: 'h.due_date',
  names: ['p.drawer_name', 'p.acceptor_name'],
};

const unfiltered = (filter: ListFilter) => Object.values(filter).every((value) => value === null);

interface HeldValues extends FilterValues {
  orgId: string;
  size: number;
  offset: number;
}

/**
 * The page and the total of one shape of the held list (which conditions, which order), prepared
 * (db/prepared-query.ts): the list opens on every visit of the bill screens, over what may be every
 * holding an organisation ever had. Unfiltered, the total is the organisation's counter, one row; filtered,
 * it counts the matching holdings: from the holdings alone when no condition is on the package.
 */
function heldQueries(filter: ListFilter, sort: ListSort) {
  // Held: current and not at the end of its life (ledger.ts isHeld), as the counter counts.
  const current = (db: Db, orgId: string) =>
    holdingsQuery(db)
      .where('h.org_id', '=', orgId)
      .where('h.ended_at', 'is', null)
      .where('h.circ_status', '<>', CIRCULATION.ended);
  const order = orderColumn(sort, { time: 'h.acquired_at', amount: 'h.amount_fen', due: HELD_COLUMNS.due });
  const onPackage = filter.counterparty !== null;
  const countFiltered = preparedQuery((db: Db, v: HeldValues) =>
    filtered(
      onPackage
        ? current(db, v.orgId)
        : db
            .selectFrom('bill_holdings as h')
            .where('h.org_id', '=', v.orgId)
            .where('h.ended_at', 'is', null)
            .where('h.circ_status', '<>', CIRCULATION.ended),
      filter,
      v,
      HELD_COLUMNS,
    ).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  const counter = preparedQuery((db: Db, v: { orgId: string }) =>
    db.selectFrom('bill_org_holdings').select('held as n').where('org_id', '=', v.orgId),
  );
  // The size and the offset are hidden from PostgreSQL's planner (unplanned): a bound limit is estimated at
  // a tenth of the organisation's holdings, the generic plan looked dearer than planning each call, and
  // every call was planned again (about ten times what running the page costs).
  const page = (db: Db, v: HeldValues) =>
    holdingSelect(filtered(current(db, v.orgId), filter, v, HELD_COLUMNS))
      .orderBy(order as 'h.acquired_at', sort.direction)
      .orderBy('h.id', sort.direction)
      .limit(unplanned(v.size, 'bigint'))
      .offset(unplanned(v.offset, 'bigint'));
  const count = async (db: Db, v: HeldValues): Promise<number> => {
    const [row] = unfiltered(filter) ? await counter(db, v) : await countFiltered(db, v);
    return Number(row?.n ?? 0);
  };
  if (!unfiltered(filter)) {
    const filteredPage = preparedQuery(page);
    return {
      read: async (db: Db, v: HeldValues) => {
        const [rows, total] = await Promise.all([filteredPage(db, v), count(db, v)]);
        return { rows, total };
      },
      // Filtered, the page and its count go out at once once the caller is known.
      withCaller: null,
    };
  }
  // Unfiltered, each row carries the organisation's counter (a scalar subquery): one query, one round trip
  // on PostgreSQL where the page and the counter took two. A page past the end has no row to carry it.
  const countedPageOf = (db: Db, v: HeldValues) =>
    page(db, v).select((eb) =>
      eb
        .selectFrom('bill_org_holdings as t')
        .select('t.held')
        .where('t.org_id', '=', v.orgId)
        .as('list_total'),
    );
  const countedPage = preparedQuery(countedPageOf);
  const versionWithCaller = readWithCaller((db: Db, v: { orgId: string }) =>
    db
      .selectFrom('bill_org_holdings as t')
      .select('t.version as held_version')
      .where('t.org_id', '=', v.orgId),
  );
  const totalOf = (db: Db, v: HeldValues, rows: ReadonlyArray<{ list_total: number | null }>) =>
    carriedTotal(rows, v.offset, () => counter(db, v));
  const read = async (db: Db, v: HeldValues) => {
    const rows = await countedPage(db, v);
    return { rows, total: await totalOf(db, v, rows) };
  };
  return {
    read,
    // On PostgreSQL, the caller and the organisation's held version in one statement (lib/caller.ts), and the
    // page kept for that version if there is one (keptHeldPages), else the page read and kept for it.
    withCaller: async (db: Db, tokenHash: string, v: Omit<HeldValues, 'orgId'>) => {
      const { caller, rows } = await versionWithCaller(db, tokenHash, {});
      const version = rows[0]?.held_version ?? null;
      return {
        caller,
        finish: (orgId: string) =>
          keptHeldPages.read(db, keptHeldKey(orgId, sort, v), versionText(version), () =>
            read(db, { ...v, orgId } as HeldValues),
          ),
      };
    },
  };
}

/**
 * The held list's pages kept for the organisation's held version (db/kept-pages.ts): the ledger's end step
 * moves it in the transaction of every write to the organisation's holdings (ledger.ts, writeHeldCounts).
 * A page is kept by what decides its rows: the organisation, the list's order, the page and its size, and
 * the day (the views' statuses and acts follow the date). An organisation's name, in the rows, is written
 * once, when it is registered.
 */
const keptHeldPages = keptPages<{ rows: HeldRows; total: number }>((page) => page.rows.length);
type HeldRows = ReadonlyArray<Readonly<HoldingRow & { list_total: number | null }>>;

const keptHeldKey = (orgId: string, sort: ListSort, v: Omit<HeldValues, 'orgId'>) =>
  `${orgId}\u0000${sort.field}${sort.direction}\u0000${v.offset}\u0000${v.size}\u0000${v.today}`;

const heldQueriesByShape = new Map<string, ReturnType<typeof heldQueries>>();

function heldQueriesFor(filter: ListFilter, sort: ListSort) {
  let shape = `${sort.field}${sort.direction}`;
  for (const key in filter) {
    const value = filter[key as keyof ListFilter];
    shape += value === null ? '-' : value === false ? 'f' : '+';
  }
  let queries = heldQueriesByShape.get(shape);
  if (!queries) {
    queries = heldQueries(filter, sort);
    heldQueriesByShape.set(shape, queries);
  }
  return queries;
}

/** The holdings of rows the page query keeps, made once for as long as it keeps them (and the day lasts). */
const heldItemsByRows = new WeakMap<ReadonlyArray<HoldingRow>, { today: string; items: Holding[] }>();

function heldItemsOf(rows: ReadonlyArray<HoldingRow>, today: string): Holding[] {
  let made = heldItemsByRows.get(rows);
  if (made?.today !== today) {
    made = { today, items: rows.map((row) => holdingView(row, today)) };
    heldItemsByRows.set(rows, made);
  }
  return made.items;
}

/** The organisation's current holdings, with the package they belong to. */
export async function heldPage(
  db: Db,
  orgId: string,
  filter: ListFilter,
  sort: ListSort,
  page: PageRequest,
  now: number,
): Promise<ListPage<Holding>> {
  const today = shanghaiDate(now);
  const values = heldValues(filter, page, today);
  values.orgId = orgId;
  const { rows, total } = await heldQueriesFor(filter, sort).read(db, values);
  return { items: heldItemsOf(rows, today), total };
}

/**
 * The held list's values but the organisation's. Built up on the filter's values, not spread into a new
 * object: the held list, the hottest read, makes no copy of its filter a request.
 */
function heldValues(filter: ListFilter, page: PageRequest, today: string): HeldValues {
  const values = filterValues(filter, today) as HeldValues;
  values.size = page.size;
  values.offset = page.offset;
  return values;
}

/**
 * The held list in the same statement as its caller (lib/caller.ts), for the unfiltered list; null for a
 * filtered one, whose page and count go out together once the caller is known.
 */
export function heldPageWithCaller(
  db: Db,
  tokenHash: string,
  filter: ListFilter,
  sort: ListSort,
  page: PageRequest,
  now: number,
): Promise<ReadWithCaller<Holding>> | null {
  const queries = heldQueriesFor(filter, sort);
  if (!queries.withCaller) return null;
  const today = shanghaiDate(now);
  return queries.withCaller(db, tokenHash, heldValues(filter, page, today)).then(({ caller, finish }) => ({
    caller,
    finish: async (member) => {
      const { rows, total } = await finish(member.orgId);
      return { items: heldItemsOf(rows, today), total };
    },
  }));
}

// ---- bills issued

/**
 * A package as the caller sees it, with the status of its first range; its acts are the drawer's, from its
 * holding of the whole bill before receipt (the first range is then the whole one).
 */
function packageView(row: BillPackageRowWithStatus, today: string, callerOrgId: string): BillPackage {
  const billStatus = shownStatus(row.bill_status, row.due_date, today);
  const drawerHolds =
    callerOrgId === row.drawer_org_id &&
    row.holder_org_id === row.drawer_org_id &&
    (row.bill_status === BILL_STATUS.issued || row.bill_status === BILL_STATUS.accepted);
  return {
    id: row.id,
    packageNo: row.package_no,
    drawer: party(row.drawer_org_id, row.drawer_name),
    acceptor: party(row.acceptor_org_id, row.acceptor_name),
    payee: party(row.payee_org_id, row.payee_name),
    amount: fenToYuan(row.amount_fen),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    noTransfer: row.no_transfer === 1,
    splittable: row.splittable === 1,
    remark: row.remark,
    billStatus,
    billStatusLabel: BILL_STATUS_LABEL[billStatus],
    createdAt: isoTime(Number(row.created_at)),
    actions: drawerHolds
      ? holdingActs(
          {
            billStatus: row.bill_status,
            circulation: row.circ_status,
            current: true,
            noTransfer: row.no_transfer === 1,
            dueDate: row.due_date,
          },
          today,
        )
      : [],
  };
}
type BillPackageRowWithStatus = Database['bill_packages'] & {
  bill_status: string;
  circ_status: string;
  holder_org_id: string;
};

/** Packages with the status of their first range (the whole bill's until it is split). */
function packagesQuery(db: Db) {
  return db
    .selectFrom('bill_packages as p')
    .innerJoin('bill_holdings as h', (join) =>
      join.onRef('h.package_id', '=', 'p.id').on('h.ended_at', 'is', null).on('h.sub_start', '=', 1),
    );
}

export async function issuedPage(
  db: Db,
  orgId: string,
  filter: ListFilter,
  sort: ListSort,
  page: PageRequest,
  now: number,
): Promise<ListPage<BillPackage>> {
  const today = shanghaiDate(now);
  const base = filtered(
    packagesQuery(db).where('p.drawer_org_id', '=', orgId),
    filter,
    filterValues(filter, today),
    {
      pkg: 'p.id',
      status: 'h.bill_status',
      amount: 'p.amount_fen',
      due: 'p.due_date',
      names: ['p.payee_name', 'p.acceptor_name'],
    },
  );
  const order = orderColumn(sort, { time: 'p.created_at', amount: 'p.amount_fen', due: 'p.due_date' });
  const [rows, count] = await Promise.all([
    base
      .selectAll('p')
      .select(['h.bill_status', 'h.circ_status', 'h.org_id as holder_org_id'])
      .orderBy(order as 'p.created_at', sort.direction)
      .orderBy('p.id', sort.direction)
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => packageView(row, today, orgId)), total: Number(count.n) };
}

// ---- applications

function applicationsQuery(db: Db) {
  return db
    .selectFrom('bill_applications as a')
    .innerJoin('bill_packages as p', 'p.id', 'a.package_id')
    .innerJoin('organizations as ao', 'ao.id', 'a.applicant_org_id')
    .innerJoin('organizations as ro', 'ro.id', 'a.receiver_org_id');
}
const applicationSelect = (query: ReturnType<typeof applicationsQuery>) =>
  query
    .selectAll('a')
    .select([
      'p.package_no',
      'p.due_date',
      'p.splittable',
      'ao.name as applicant_name',
      'ro.name as receiver_name',
    ]);
type ApplicationViewRow = Awaited<
  ReturnType<ReturnType<typeof applicationSelect>['executeTakeFirstOrThrow']>
>;

/** An application as `callerOrgId` sees it: its acts are those of the caller's side. */
function applicationView(row: ApplicationViewRow, callerOrgId: string, today: string): BillApplication {
  const kind = row.kind as ApplicationKind;
  const status = row.status as ApplicationStatus;
  return {
    id: row.id,
    packageId: row.package_id,
    packageNo: row.package_no,
    kind,
    kindLabel: APPLICATION_KIND_LABEL[kind],
    applicant: party(row.applicant_org_id, row.applicant_name),
    receiver: party(row.receiver_org_id, row.receiver_name),
    range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
    amount: fenToYuan(row.amount_fen),
    status,
    statusLabel: APPLICATION_STATUS_LABEL[status],
    reason: row.reason,
    remark: row.remark,
    dueDate: row.due_date,
    appliedAt: isoTime(Number(row.applied_at)),
    answeredAt: row.answered_at === null ? null : isoTime(Number(row.answered_at)),
    actions: applicationActs(
      {
        status,
        side: row.receiver_org_id === callerOrgId ? 'receiver' : 'applicant',
        dueDate: row.due_date,
        kind,
      },
      today,
    ),
  };
}

interface ApplicationValues extends FilterValues {
  orgId: string;
  size: number;
  offset: number;
}

/**
 * One side's applications narrowed by the filters given in `v`. Built for a query of presence
 * (preparedByPresence): the filter's conditions are read off which values are there, so each set of
 * filters given is its own prepared statement, and `today` is not read (no application filter compares
 * with it).
 */
function applicationRows(db: Db, side: 'receiver' | 'applicant', v: ApplicationValues) {
  const base = applicationsQuery(db);
  const sided =
    side === 'receiver'
      ? base
          .where('a.receiver_org_id', '=', v.orgId)
          .where('a.status', '=', APPLICATION_STATUS.pending)
          // The acceptor answers a 提示付款 on its own page, with 付款 or 拒付.
          .where('a.kind', '!=', APPLICATION_KIND.payment)
      : base.where('a.applicant_org_id', '=', v.orgId);
  const given: ListFilter = {
    packageId: v.packageId,
    status: v.status,
    matured: null,
    counterparty: v.counterpartyPattern,
    minFen: v.minFen,
    maxFen: v.maxFen,
    dueFrom: v.dueFrom,
    dueTo: v.dueTo,
  };
  return filtered(sided, given, v, {
    pkg: 'a.package_id',
    status: 'a.status',
    amount: 'a.amount_fen',
    due: 'p.due_date',
    names: [side === 'receiver' ? 'ao.name' : 'ro.name'],
  });
}

/**
 * The page (its total on every row) and the count of one side in one order, prepared for each set of
 * filters given (db/prepared-query.ts): 待签收 opens with the workbench, and building and compiling its
 * query took longer than running it.
 */
function applicationQueries(side: 'receiver' | 'applicant', sort: ListSort) {
  const order = orderColumn(sort, { time: 'a.applied_at', amount: 'a.amount_fen', due: 'p.due_date' });
  return {
    page: preparedByPresence((db: Db, v: ApplicationValues) =>
      applicationSelect(applicationRows(db, side, v))
        // The total rides on every row: one query where the page and its count took two round trips.
        .select((eb) => eb.fn.countAll<number | string>().over().as('list_total'))
        .orderBy(order as 'a.applied_at', sort.direction)
        .orderBy('a.id', sort.direction)
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    count: preparedByPresence((db: Db, v: ApplicationValues) =>
      applicationRows(db, side, v).select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
  };
}

const applicationQueriesByShape = new Map<string, ReturnType<typeof applicationQueries>>();

function applicationQueriesFor(side: 'receiver' | 'applicant', sort: ListSort) {
  const shape = `${side}${sort.field}${sort.direction}`;
  let queries = applicationQueriesByShape.get(shape);
  if (!queries) {
    queries = applicationQueries(side, sort);
    applicationQueriesByShape.set(shape, queries);
  }
  return queries;
}

/**
 * 待签收 (`side` receiver: pending applications to the organisation) or the applications it made (`side`
 * applicant, any status); `billStatus` names an application status on both.
 */
export async function applicationPage(
  db: Db,
  orgId: string,
  side: 'receiver' | 'applicant',
  filter: ListFilter,
  sort: ListSort,
  page: PageRequest,
  now: number,
): Promise<ListPage<BillApplication>> {
  const today = shanghaiDate(now);
  const values = filterValues({ ...filter, matured: null }, today) as ApplicationValues;
  values.orgId = orgId;
  values.size = page.size;
  values.offset = page.offset;
  const queries = applicationQueriesFor(side, sort);
  const rows = await queries.page(db, values);
  const total = await carriedTotal(rows, page.offset, () => queries.count(db, values));
  return { items: rows.map((row) => applicationView(row, orgId, today)), total };
}

// ---- detail

/** A 提示付款's answers are the acceptor's 付款 and 拒付, not 签收 and 驳回. */
const PAYMENT_EVENT_LABEL: Partial<Record<BillEventType, string>> = { signed: '付款', refused: '拒付' };

function eventLabel(type: BillEventType, kind: ApplicationKind | null): string {
  if (kind === APPLICATION_KIND.payment && PAYMENT_EVENT_LABEL[type]) return PAYMENT_EVENT_LABEL[type];
  if (type === 'applied' || type === 'signed') {
    return `${APPLICATION_KIND_LABEL[kind as ApplicationKind]}${type === 'signed' ? '签收' : ''}`;
  }
  return BILL_EVENT_LABEL[type];
}

/** True when the organisation is party to the package: a named party, a holder now or before, an applicant or receiver, or either side of a guarantee. */
async function isParty(db: Db, orgId: string, pkg: Database['bill_packages']): Promise<boolean> {
  if ([pkg.drawer_org_id, pkg.acceptor_org_id, pkg.payee_org_id].includes(orgId)) return true;
  const held = await db
    .selectFrom('bill_holdings')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (held) return true;
  const applied = await db
    .selectFrom('bill_applications')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where((eb) => eb.or([eb('applicant_org_id', '=', orgId), eb('receiver_org_id', '=', orgId)]))
    .executeTakeFirst();
  if (applied) return true;
  const guarantee = await db
    .selectFrom('bill_guarantees')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where((eb) => eb.or([eb('guaranteed_org_id', '=', orgId), eb('guarantor_org_id', '=', orgId)]))
    .executeTakeFirst();
  return guarantee !== undefined;
}

/** The package's organisation of record when it exists (for the security log of a refused read). */
export async function packageOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('bill_packages')
    .select('drawer_org_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.drawer_org_id;
}

const faceParty = (name: string, accountNo: string | null, bankName: string | null) => ({
  name,
  accountNo,
  bankName,
});

/** The detail, or null when the package does not exist or the organisation is not party to it. */
export async function billDetail(db: Db, orgId: string, id: string, now: number): Promise<BillDetail | null> {
  const today = shanghaiDate(now);
  const pkg = await db.selectFrom('bill_packages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!pkg || !(await isParty(db, orgId, pkg))) return null;
  const [first, holdings, applications, events] = await Promise.all([
    db
      .selectFrom('bill_holdings')
      .select(['bill_status', 'circ_status', 'org_id'])
      .where('package_id', '=', id)
      .where('ended_at', 'is', null)
      .where('sub_start', '=', 1)
      .executeTakeFirst(),
    holdingSelect(holdingsQuery(db).where('h.package_id', '=', id).where('h.org_id', '=', orgId))
      .orderBy('h.acquired_at')
      .orderBy('h.sub_start')
      .execute(),
    applicationSelect(
      applicationsQuery(db)
        .where('a.package_id', '=', id)
        .where((eb) => eb.or([eb('a.applicant_org_id', '=', orgId), eb('a.receiver_org_id', '=', orgId)])),
    )
      .orderBy('a.applied_at')
      .execute(),
    db
      .selectFrom('bill_events as e')
      .leftJoin('organizations as f', 'f.id', 'e.from_org_id')
      .leftJoin('organizations as t', 't.id', 'e.to_org_id')
      .leftJoin('discount_applications as d', 'd.application_id', 'e.application_id')
      .selectAll('e')
      .select(['f.name as from_name', 't.name as to_name'])
      .select(['d.annual_rate', 'd.interest_fen', 'd.net_fen', 'd.clearing'])
      .where('e.package_id', '=', id)
      .orderBy('e.seq')
      .execute(),
  ]);
  return {
    bill: packageView(
      {
        ...pkg,
        bill_status: first?.bill_status ?? BILL_STATUS.issued,
        circ_status: first?.circ_status ?? CIRCULATION.ended,
        holder_org_id: first?.org_id ?? '',
      },
      today,
      orgId,
    ),
    holdings: holdings.map((row) => holdingView(row, today)),
    applications: applications.map((row) => applicationView(row, orgId, today)),
    events: events.map((row): BillEvent => ({
      id: row.id,
      type: row.type as BillEventType,
      label: eventLabel(row.type as BillEventType, row.kind as ApplicationKind | null),
      kind: (row.kind as ApplicationKind | null) ?? null,
      from: row.from_org_id ? party(row.from_org_id, row.from_name ?? '') : null,
      to: row.to_org_id ? party(row.to_org_id, row.to_name ?? '') : null,
      range: billRange(pkg.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
      amount: fenToYuan(row.amount_fen),
      reason: row.reason,
      at: isoTime(Number(row.at)),
      ...(row.annual_rate !== null && row.interest_fen !== null && row.net_fen !== null && row.clearing
        ? {
            discount: {
              annualRate: row.annual_rate,
              interest: fenToYuan(row.interest_fen),
              netAmount: fenToYuan(row.net_fen),
              clearing: row.clearing,
            },
          }
        : {}),
    })),
    face: {
      drawer: faceParty(pkg.drawer_name, pkg.drawer_account_no, pkg.drawer_bank_name),
      acceptor: faceParty(pkg.acceptor_name, pkg.acceptor_account_no, pkg.acceptor_bank_name),
      payee: faceParty(pkg.payee_name, pkg.payee_account_no, pkg.payee_bank_name),
    },
  };
}

// ---- counterparties

export const COUNTERPARTY_LIMIT = 20;

/** Authenticated organisations with a verified default settlement account, by name or credit code. */
export async function counterparties(db: Db, keyword: string | undefined): Promise<Counterparty[]> {
  let query = db
    .selectFrom('organizations as o')
    .innerJoin('bank_accounts as b', (join) =>
      join.onRef('b.org_id', '=', 'o.id').on('b.is_default', '=', 1).on('b.verified', '=', 1),
    )
    .select(['o.id', 'o.name', 'o.credit_code'])
    .where('o.authorized', '=', 1)
    // Institutions take bills by discount and pledge, never as payee or endorsee.
    .where('o.kind', '=', ORG_KIND.enterprise);
  const text = keyword?.trim();
  if (text) {
    query = query.where(sql<SqlBool>`(${contains('o.name', text)} or ${contains('o.credit_code', text)})`);
  }
  const rows = await query.orderBy('o.name').limit(COUNTERPARTY_LIMIT).execute();
  return rows.map((row) => ({ orgId: row.id, name: row.name, creditCode: row.credit_code }));
}

/** One application as the lists show it to `orgId`. */
export async function applicationById(
  db: Db,
  orgId: string,
  id: string,
  now: number,
): Promise<BillApplication> {
  const row = await applicationSelect(applicationsQuery(db).where('a.id', '=', id)).executeTakeFirstOrThrow();
  return applicationView(row, orgId, shanghaiDate(now));
}

/** The organisation's verified settlement accounts, the default first: where 签收 may take a bill. */
export async function billAccounts(db: Db, orgId: string): Promise<BillAccount[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'account_no', 'branch_name', 'is_default'])
    .where('org_id', '=', orgId)
    .where('verified', '=', 1)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    accountNo: row.account_no,
    bankName: row.branch_name,
    isDefault: row.is_default === 1,
  }));
}
