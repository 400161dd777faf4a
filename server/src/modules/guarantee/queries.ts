import {
  APPLICATION_KIND,
  APPLICATION_STATUS,
  BILL_STATUS,
  type ApplicationStatus,
  type BillStatus,
} from '@contract/bills';
import {
  GUARANTEE_SIDE,
  GUARANTEED_ROLE,
  type GuaranteeSide,
  type GuaranteedRole,
} from '@contract/guarantee';
import type { GuaranteeCandidate, GuaranteeRecord } from '@contract/guarantee-schemas';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { containsPattern, likeEscaped } from '../../db/like';
import { fenToYuan } from '../../lib/money';
import { listedPage, type PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { rolesFrom } from './commands';

export interface GuaranteeFilter {
  side: GuaranteeSide;
  status?: ApplicationStatus | undefined;
  packageNo?: string | undefined;
  id?: string;
}

/** What one side's rows are narrowed by, as bound values: each filter absent is null. */
interface SideValues {
  orgId: string;
  status: string | null;
  /** A LIKE pattern of the package number (containsPattern). */
  packagePattern: string | null;
}

function sideRows(db: Db, side: GuaranteeSide, v: SideValues) {
  const mine = side === GUARANTEE_SIDE.applied ? 'g.guaranteed_org_id' : 'g.guarantor_org_id';
  return db
    .selectFrom('bill_guarantees as g')
    .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
    .innerJoin('organizations as a', 'a.id', 'g.guaranteed_org_id')
    .innerJoin('organizations as r', 'r.id', 'g.guarantor_org_id')
    .where(mine, '=', v.orgId)
    .$if(v.status !== null, (q) => q.where('g.status', '=', v.status!))
    .$if(v.packagePattern !== null, (q) => q.where(likeEscaped('p.package_no', v.packagePattern!)));
}

const sideValues = (orgId: string, filter: GuaranteeFilter): SideValues => {
  const packageNo = filter.packageNo?.trim();
  return {
    orgId,
    status: filter.status ?? null,
    packagePattern: packageNo ? containsPattern(packageNo) : null,
  };
};

export function guaranteeRowsOf(db: Db, orgId: string, filter: GuaranteeFilter) {
  return sideRows(db, filter.side, sideValues(orgId, filter)).$if(filter.id !== undefined, (q) =>
    q.where('g.id', '=', filter.id!),
  );
}

type Listed = ReturnType<typeof guaranteeRowsOf>;
const shape = (query: Listed) =>
  query
    .selectAll('g')
    .select([
      'p.package_no',
      'p.amount_fen',
      'p.due_date',
      'a.name as guaranteed_name',
      'r.name as guarantor_name',
      // Whether any range of the bill is still live: a bill withdrawn or settled throughout has no obligation
      // left to guarantee, so a request still waiting on it can only be refused or withdrawn.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('bill_holdings as h')
              .select('h.id')
              .whereRef('h.package_id', '=', 'g.package_id')
              .where('h.ended_at', 'is', null)
              .where('h.bill_status', 'not in', [BILL_STATUS.terminated, BILL_STATUS.settled]),
          )
          .as('live'),
    ])
    .orderBy('g.applied_at', 'desc')
    .orderBy('g.id', 'desc');
type Row = Awaited<ReturnType<ReturnType<typeof shape>['execute']>>[number];

function recordOf(row: Row, orgId: string, today: string): GuaranteeRecord {
  const pending = row.status === APPLICATION_STATUS.pending;
  const actions: GuaranteeRecord['actions'] = [];
  if (pending && row.guarantor_org_id === orgId) {
    if (today < row.due_date && Boolean(Number(row.live))) actions.push('sign');
    actions.push('refuse');
  }
  if (pending && row.guaranteed_org_id === orgId) actions.push('withdraw');
  return {
    id: row.id,
    packageId: row.package_id,
    packageNo: row.package_no,
    amount: fenToYuan(row.amount_fen),
    dueDate: row.due_date,
    role: row.role as GuaranteedRole,
    guaranteed: { orgId: row.guaranteed_org_id, name: row.guaranteed_name },
    guarantor: { orgId: row.guarantor_org_id, name: row.guarantor_name },
    status: row.status as ApplicationStatus,
    remark: row.remark,
    reason: row.reason,
    appliedAt: isoTime(Number(row.applied_at)),
    answeredAt: row.answered_at === null ? null : isoTime(Number(row.answered_at)),
    actions,
  };
}

type PageValues = SideValues & Pick<PageRequest, 'size' | 'offset'>;

/**
 * Each side's page and count, prepared for each set of filters given (db/prepared-query.ts): the list opens
 * with every visit of the 保证 page, and building and compiling its query took longer than running it.
 */
function sideQueries(side: GuaranteeSide) {
  return {
    page: preparedByPresence((db: Db, v: PageValues) =>
      shape(sideRows(db, side, v))
        // The total rides on every row: one query where the page and its count took two round trips.
        .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    count: preparedByPresence((db: Db, v: SideValues) =>
      sideRows(db, side, v).select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  };
}

const queriesOfSide = {
  [GUARANTEE_SIDE.applied]: sideQueries(GUARANTEE_SIDE.applied),
  [GUARANTEE_SIDE.received]: sideQueries(GUARANTEE_SIDE.received),
};

/** One side of the organisation's guarantees, newest first. */
export async function guaranteePage(
  db: Db,
  orgId: string,
  paging: Pick<PageRequest, 'size' | 'offset'>,
  filter: GuaranteeFilter,
  now: number,
): Promise<{ content: GuaranteeRecord[]; total: number }> {
  const today = shanghaiDate(now);
  if (filter.id !== undefined) {
    const { rows, total } = await listedPage(guaranteeRowsOf(db, orgId, filter), shape, paging);
    return { content: rows.map((row) => recordOf(row, orgId, today)), total };
  }
  const queries = queriesOfSide[filter.side];
  const values = sideValues(orgId, filter);
  const rows = await queries.page(db, { ...values, size: paging.size, offset: paging.offset });
  const total = await carriedTotal(rows, paging.offset, () => queries.count(db, values));
  return { content: rows.map((row) => recordOf(row, orgId, today)), total };
}

/** One guarantee of the organisation (either side), or undefined: another organisation's answers the same. */
export async function guaranteeById(
  db: Db,
  orgId: string,
  id: string,
  now: number,
): Promise<GuaranteeRecord | undefined> {
  for (const side of [GUARANTEE_SIDE.applied, GUARANTEE_SIDE.received]) {
    const { content } = await guaranteePage(db, orgId, { size: 1, offset: 0 }, { side, id }, now);
    if (content[0]) return content[0];
  }
  return undefined;
}

interface CandidateValues {
  orgId: string;
  today: string;
  /** containsPattern of the keyword, matched against the package number and its parties' names; null for all. */
  pattern: string | null;
  size: number;
}

type PackageExpressions = ExpressionBuilder<Database & { p: Database['bill_packages'] }, 'p'>;

/** The status of the bill's first range (CS01 when nothing holds it yet): what the apply form shows. */
const firstStatusOf = (eb: PackageExpressions) =>
  eb
    .selectFrom('bill_holdings as h')
    .select('h.bill_status')
    .whereRef('h.package_id', '=', 'p.id')
    .where('h.ended_at', 'is', null)
    .where('h.sub_start', '=', 1);

/** The signed endorsements of `orgId` (as the applicant): each bill it endorsed part of. */
const endorsementsOf = (db: Db, orgId: string) =>
  db
    .selectFrom('bill_applications as a')
    .where('a.applicant_org_id', '=', orgId)
    .where('a.kind', '=', APPLICATION_KIND.endorsement)
    .where('a.status', '=', APPLICATION_STATUS.signed);

const ENDED: BillStatus[] = [BILL_STATUS.terminated, BILL_STATUS.settled];

/**
 * The newest candidates of one role: the bills not yet due whose first range has not ended where the
 * organisation is the drawer, the acceptor that accepted, or an endorser, and which match the keyword.
 * Each role's own index (bill_packages by drawer or by acceptor, newest first; the organisation's
 * applications) is read only until `size` of them are found, so the search costs what it answers, not
 * every bill the organisation was ever party to. Of bills made in the same millisecond any may come first:
 * ordering them by id as well would read every one of them.
 */
function newestInRole(db: Db, v: CandidateValues, role: GuaranteedRole) {
  const first = (eb: PackageExpressions) => eb.fn.coalesce(firstStatusOf(eb), eb.val(BILL_STATUS.issued));
  const query = db
    .selectFrom('bill_packages as p')
    .select(['p.id', 'p.created_at'])
    .where('p.due_date', '>', unplanned(v.today))
    .$if(v.pattern !== null, (q) =>
      q.where((eb) =>
        eb.or(
          ['p.package_no', 'p.drawer_name', 'p.acceptor_name', 'p.payee_name'].map((column) =>
            likeEscaped(column, v.pattern as string),
          ),
        ),
      ),
    )
    .orderBy('p.created_at', 'desc')
    .limit(unplanned(v.size, 'bigint'));
  if (role === GUARANTEED_ROLE.drawer) {
    return query.where('p.drawer_org_id', '=', v.orgId).where((eb) => eb(first(eb), 'not in', ENDED));
  }
  if (role === GUARANTEED_ROLE.acceptor) {
    return query
      .where('p.acceptor_org_id', '=', v.orgId)
      .where((eb) => eb(first(eb), 'not in', [...ENDED, BILL_STATUS.issued]));
  }
  return query
    .where('p.id', 'in', endorsementsOf(db, v.orgId).select('a.package_id'))
    .where((eb) => eb(first(eb), 'not in', ENDED));
}

/**
 * The newest `size` of the three roles' candidates together, then for those only what their roles are read
 * from. The day and the size are hidden from PostgreSQL's planner (`unplanned`): estimated from them, the
 * statement's generic plan looked dearer than planning each call for its values, and was never used.
 */
const candidateRows = preparedByPresence((db: Db, v: CandidateValues) => {
  const role = (name: GuaranteedRole, alias: string) =>
    db
      .selectFrom(newestInRole(db, v, name).as(alias))
      .select([`${alias}.id`, `${alias}.created_at`] as const);
  const newest = role(GUARANTEED_ROLE.drawer, 'd')
    .union(role(GUARANTEED_ROLE.acceptor, 'c'))
    .union(role(GUARANTEED_ROLE.endorser, 'e'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(unplanned(v.size, 'bigint'));
  return db
    .selectFrom(newest.as('t'))
    .innerJoin('bill_packages as p', 'p.id', 't.id')
    .select([
      'p.id',
      'p.package_no',
      'p.amount_fen',
      'p.due_date',
      'p.drawer_org_id',
      'p.drawer_name',
      'p.acceptor_org_id',
      'p.acceptor_name',
    ])
    .select((eb) => [
      firstStatusOf(eb).as('first_status'),
      eb
        .exists(
          eb
            .selectFrom('bill_applications as a')
            .select('a.id')
            .whereRef('a.package_id', '=', 'p.id')
            .where('a.applicant_org_id', '=', v.orgId)
            .where('a.kind', '=', APPLICATION_KIND.endorsement)
            .where('a.status', '=', APPLICATION_STATUS.signed),
        )
        .as('endorsed'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc');
});

export interface CandidateSearch {
  /** A fragment of the package number or of the drawer's, acceptor's or payee's name; empty for any. */
  keyword?: string | undefined;
  size: number;
}

/**
 * The bills the organisation may ask a guarantee on: it is their drawer, acceptor or an endorser, and the
 * bill is neither due nor ended; each with the roles it holds. The newest `size` that match the keyword.
 */
export async function guaranteeCandidates(
  db: Db,
  orgId: string,
  search: CandidateSearch,
  now: number,
): Promise<GuaranteeCandidate[]> {
  const keyword = search.keyword?.trim() ?? '';
  const rows = await candidateRows(db, {
    orgId,
    today: shanghaiDate(now),
    pattern: keyword === '' ? null : containsPattern(keyword),
    size: search.size,
  });
  return rows.map((row) => {
    const status = (row.first_status ?? BILL_STATUS.issued) as BillStatus;
    return {
      packageId: row.id,
      packageNo: row.package_no,
      drawerName: row.drawer_name,
      acceptorName: row.acceptor_name,
      amount: fenToYuan(row.amount_fen),
      dueDate: row.due_date,
      billStatus: status,
      roles: rolesFrom(row, orgId, {
        accepted: status !== BILL_STATUS.issued,
        endorsed: Boolean(row.endorsed),
      }),
    };
  });
}
