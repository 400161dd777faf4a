import { APPLICATION_STATUS, CIRCULATION, billRange } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import type { ExportParams } from '@contract/export-schemas';
import { PLEDGE_STATUS, PLEDGE_STATUSES, type PledgeStatus } from '@contract/pledge';
import type { PledgeAction, PledgeRecord, SandboxPledge } from '@contract/pledge-schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import { fail } from '../../lib/errors';
import { fenToYuan } from '../../lib/money';
import { countRows, type PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { PLEDGE_MSG } from './messages';

/**
 * A pledge's status from its application and its release: the application's while it is not signed, then
 * pledged, releasing while a release waits, released once signed.
 */
function rows(db: Db) {
  return db
    .selectFrom('bill_pledges as g')
    .innerJoin('bill_applications as a', 'a.id', 'g.application_id')
    .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
    .innerJoin('organizations as i', 'i.id', 'g.pledgee_org_id')
    .innerJoin('organizations as o', 'o.id', 'g.pledgor_org_id')
    .leftJoin('bill_pledge_releases as r', (join) =>
      join.onRef('r.pledge_id', '=', 'g.application_id').on('r.status', '=', APPLICATION_STATUS.pending),
    );
}
type Rows = ReturnType<typeof rows>;

const whereStatus = (query: Rows, status: PledgeStatus): Rows => {
  switch (status) {
    case PLEDGE_STATUS.pending:
    case PLEDGE_STATUS.refused:
    case PLEDGE_STATUS.withdrawn:
      return query.where('a.status', '=', status);
    case PLEDGE_STATUS.released:
      return query.where('g.released_at', 'is not', null).where('g.paid_at', 'is', null);
    case PLEDGE_STATUS.paid:
      return query.where('g.paid_at', 'is not', null);
    default:
      return query
        .where('a.status', '=', APPLICATION_STATUS.signed)
        .where('g.released_at', 'is', null)
        .where('r.id', status === PLEDGE_STATUS.releasing ? 'is not' : 'is', null);
  }
};

const statusOf = (row: {
  status: string;
  released_at: number | null;
  /** Left out where the pledge is known to be in force. */
  paid_at?: number | null;
  release_id: string | null;
}): PledgeStatus => {
  if (row.status !== APPLICATION_STATUS.signed) return row.status as PledgeStatus;
  if (row.paid_at != null) return PLEDGE_STATUS.paid;
  if (row.released_at !== null) return PLEDGE_STATUS.released;
  return row.release_id !== null ? PLEDGE_STATUS.releasing : PLEDGE_STATUS.pledged;
};

/** What the pledgor may do: withdraw while the institution has not answered, answer a waiting release. */
function actionsOf(status: PledgeStatus, dueDate: string, today: string): PledgeAction[] {
  if (status === PLEDGE_STATUS.pending) return ['withdraw'];
  if (status === PLEDGE_STATUS.releasing) {
    return today >= dueDate ? ['releaseRefuse'] : ['releaseSign', 'releaseRefuse'];
  }
  return [];
}

export interface PledgeFilter {
  status?: PledgeStatus | undefined;
  institutionOrgId?: string | undefined;
  packageNo?: string | undefined;
  id?: string;
}

/** What the list is narrowed by beyond its status, as bound values: each filter absent is null. */
interface PledgeValues {
  orgId: string;
  institutionOrgId: string | null;
  /** A LIKE pattern of the package number (containsPattern). */
  packagePattern: string | null;
  id: string | null;
}

function rowsOf(db: Db, v: PledgeValues, status: PledgeStatus | null): Rows {
  return rows(db)
    .where('g.pledgor_org_id', '=', v.orgId)
    .$if(status !== null, (q) => whereStatus(q, status!))
    .$if(v.institutionOrgId !== null, (q) => q.where('g.pledgee_org_id', '=', v.institutionOrgId!))
    .$if(v.packagePattern !== null, (q) => q.where(likeEscaped('p.package_no', v.packagePattern!)))
    .$if(v.id !== null, (q) => q.where('g.application_id', '=', v.id!));
}

function valuesOf(orgId: string, filter: PledgeFilter): PledgeValues {
  const packageNo = filter.packageNo?.trim();
  return {
    orgId,
    institutionOrgId: filter.institutionOrgId || null,
    packagePattern: packageNo ? containsPattern(packageNo) : null,
    id: filter.id ?? null,
  };
}

/** The organisation's pledges (as pledgor) the filter holds, unordered and unpaged. */
const filteredRows = (db: Db, orgId: string, filter: PledgeFilter): Rows =>
  rowsOf(db, valuesOf(orgId, filter), filter.status ?? null);

type PageValues = PledgeValues & Pick<PageRequest, 'size' | 'offset'>;

/**
 * The page and the count for one status (or none), prepared for each set of other filters given
 * (db/prepared-query.ts): 我的质押 opens with every visit of the 质押 page, and building and compiling its
 * query took longer than running it.
 */
function statusQueries(status: PledgeStatus | null) {
  return {
    page: preparedByPresence((db: Db, v: PageValues) =>
      rowsOf(db, v, status)
        .select([
          'g.application_id',
          'g.pledgee_org_id',
          'g.pledged_at',
          'g.released_at',
          'g.paid_at',
          'g.created_at',
          'a.package_id',
          'a.sub_start',
          'a.sub_end',
          'a.amount_fen',
          'a.status',
          'a.reason',
          'a.remark',
          'p.package_no',
          'p.splittable',
          'p.due_date',
          'p.acceptor_name',
          'i.name as institution_name',
          'r.id as release_id',
          'r.applied_at as release_applied_at',
        ])
        // The total rides on every row: one query where the page and its count took two round trips.
        .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
        .orderBy('g.created_at', 'desc')
        .orderBy('g.application_id', 'desc')
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    count: preparedByPresence((db: Db, v: PledgeValues) =>
      rowsOf(db, v, status).select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
  };
}

const queriesByStatus = new Map<PledgeStatus | null, ReturnType<typeof statusQueries>>();

function queriesFor(status: PledgeStatus | null) {
  let queries = queriesByStatus.get(status);
  if (!queries) {
    queries = statusQueries(status);
    queriesByStatus.set(status, queries);
  }
  return queries;
}

/** How many of the organisation's pledges the filter holds (an export's size). */
export const pledgeCount = (db: Db, orgId: string, filter: PledgeFilter): Promise<number> =>
  countRows(filteredRows(db, orgId, filter));

/** The organisation's pledges (as pledgor), newest first, narrowed by the filter. */
export async function pledgePage(
  db: Db,
  orgId: string,
  paging: PageRequest,
  filter: PledgeFilter,
  now: number,
): Promise<{ content: PledgeRecord[]; total: number }> {
  const today = shanghaiDate(now);
  const queries = queriesFor(filter.status ?? null);
  const values = valuesOf(orgId, filter);
  const found = await queries.page(db, { ...values, size: paging.size, offset: paging.offset });
  const total = await carriedTotal(found, paging.offset, () => queries.count(db, values));
  return {
    total,
    content: found.map((row): PledgeRecord => {
      const status = statusOf({
        status: row.status,
        released_at: row.released_at === null ? null : Number(row.released_at),
        paid_at: row.paid_at === null ? null : Number(row.paid_at),
        release_id: row.release_id,
      });
      return {
        id: row.application_id,
        packageId: row.package_id,
        packageNo: row.package_no,
        range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
        amount: fenToYuan(row.amount_fen),
        acceptorName: row.acceptor_name,
        maturityDate: row.due_date,
        institution: { orgId: row.pledgee_org_id, name: row.institution_name },
        status,
        reason: row.reason,
        remark: row.remark,
        appliedAt: isoTime(Number(row.created_at)),
        pledgedAt: row.pledged_at === null ? null : isoTime(Number(row.pledged_at)),
        releaseAppliedAt: row.release_applied_at === null ? null : isoTime(Number(row.release_applied_at)),
        releasedAt: row.released_at === null ? null : isoTime(Number(row.released_at)),
        actions: actionsOf(status, row.due_date, today),
      };
    }),
  };
}

/** One pledge of the organisation, or undefined (another organisation's answers the same). */
export async function pledgeById(db: Db, orgId: string, id: string, now: number) {
  const { content } = await pledgePage(db, orgId, { page: 0, size: 1, offset: 0 }, { id }, now);
  return content[0];
}

/** The pledges institutions hold in force or are asked to release, newest first (the sandbox page). */
export async function institutionPledges(db: Db, limit: number): Promise<SandboxPledge[]> {
  const found = await rows(db)
    .leftJoin('bill_holdings as h', (join) =>
      join.onRef('h.id', '=', 'g.holding_id').on('h.ended_at', 'is', null),
    )
    .where('a.status', '=', APPLICATION_STATUS.signed)
    .where('g.released_at', 'is', null)
    .select([
      'h.circ_status',
      'g.application_id',
      'g.pledged_at',
      'g.released_at',
      'a.sub_start',
      'a.sub_end',
      'a.amount_fen',
      'a.status',
      'p.package_no',
      'p.splittable',
      'p.due_date',
      'i.name as institution_name',
      'o.name as pledgor_name',
      'r.id as release_id',
    ])
    .orderBy(sql.ref('g.pledged_at'), 'desc')
    .orderBy('g.application_id', 'desc')
    .limit(limit)
    .execute();
  return found.map((row) => ({
    id: row.application_id,
    institutionName: row.institution_name,
    pledgorName: row.pledgor_name,
    packageNo: row.package_no,
    range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
    amount: fenToYuan(row.amount_fen),
    maturityDate: row.due_date,
    status: statusOf({ status: row.status, released_at: null, release_id: row.release_id }),
    pledgedAt: row.pledged_at === null ? null : isoTime(Number(row.pledged_at)),
    underRecourse: row.circ_status === CIRCULATION.recourse,
  }));
}

/** Where a pledge stands, or undefined when there is none with that id. */
export async function pledgeState(db: Db, pledgeId: string): Promise<PledgeStatus | undefined> {
  const row = await rows(db)
    .where('g.application_id', '=', pledgeId)
    .select(['a.status', 'g.released_at', 'g.paid_at', 'r.id as release_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  return statusOf({
    status: row.status,
    released_at: row.released_at === null ? null : Number(row.released_at),
    paid_at: row.paid_at === null ? null : Number(row.paid_at),
    release_id: row.release_id,
  });
}

/**
 * 我的质押's filter as an export carries it (ExportParams): the status in `billStatus`, as the other lists
 * whose statuses are not a bill's; a status that is none of a pledge's is refused rather than dropped.
 */
export function pledgeExportFilter(params: ExportParams): PledgeFilter {
  const statuses: readonly string[] = PLEDGE_STATUSES;
  if (params.billStatus && !statuses.includes(params.billStatus)) {
    throw fail(API_ERROR.badRequest, PLEDGE_MSG.filterStatusInvalid);
  }
  return {
    status: (params.billStatus as PledgeStatus | undefined) || undefined,
    institutionOrgId: params.institutionOrgId,
    packageNo: params.packageNo,
  };
}
