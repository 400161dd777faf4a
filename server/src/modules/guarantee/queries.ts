import { APPLICATION_STATUS, BILL_STATUS, type ApplicationStatus, type BillStatus } from '@contract/bills';
import { GUARANTEE_SIDE, type GuaranteeSide, type GuaranteedRole } from '@contract/guarantee';
import type { GuaranteeCandidate, GuaranteeRecord } from '@contract/guarantee-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { fenToYuan } from '../../lib/money';
import { listedPage, type PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import type { PackageRow } from '../bills/service';
import { rolesOf } from './commands';

export interface GuaranteeFilter {
  side: GuaranteeSide;
  status?: ApplicationStatus | undefined;
  packageNo?: string | undefined;
  id?: string;
}

export function guaranteeRowsOf(db: Db, orgId: string, filter: GuaranteeFilter) {
  const mine = filter.side === GUARANTEE_SIDE.applied ? 'g.guaranteed_org_id' : 'g.guarantor_org_id';
  return db
    .selectFrom('bill_guarantees as g')
    .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
    .innerJoin('organizations as a', 'a.id', 'g.guaranteed_org_id')
    .innerJoin('organizations as r', 'r.id', 'g.guarantor_org_id')
    .where(mine, '=', orgId)
    .$if(filter.status !== undefined, (q) => q.where('g.status', '=', filter.status!))
    .$if(Boolean(filter.packageNo?.trim()), (q) =>
      q.where(likeEscaped('p.package_no', containsPattern(filter.packageNo!.trim()))),
    )
    .$if(filter.id !== undefined, (q) => q.where('g.id', '=', filter.id!));
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

/** One side of the organisation's guarantees, newest first. */
export async function guaranteePage(
  db: Db,
  orgId: string,
  paging: Pick<PageRequest, 'size' | 'offset'>,
  filter: GuaranteeFilter,
  now: number,
): Promise<{ content: GuaranteeRecord[]; total: number }> {
  const { rows, total } = await listedPage(guaranteeRowsOf(db, orgId, filter), shape, paging);
  const today = shanghaiDate(now);
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

/** The most bills the apply form offers. */
export const CANDIDATE_LIMIT = 200;

/**
 * The bills the organisation may ask a guarantee on: it is their drawer, acceptor or an endorser, and the
 * bill is neither due nor ended; each with the roles it holds.
 */
export async function guaranteeCandidates(db: Db, orgId: string, now: number): Promise<GuaranteeCandidate[]> {
  const today = shanghaiDate(now);
  const packages = await db
    .selectFrom('bill_packages as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('bill_holdings as h')
        .select('h.bill_status')
        .whereRef('h.package_id', '=', 'p.id')
        .where('h.ended_at', 'is', null)
        .where('h.sub_start', '=', 1)
        .as('first_status'),
    )
    .where('p.due_date', '>', today)
    .where((eb) =>
      eb.or([
        eb('p.drawer_org_id', '=', orgId),
        eb('p.acceptor_org_id', '=', orgId),
        eb.exists(
          eb
            .selectFrom('bill_applications as a')
            .select('a.id')
            .whereRef('a.package_id', '=', 'p.id')
            .where('a.applicant_org_id', '=', orgId)
            .where('a.kind', '=', 'endorsement')
            .where('a.status', '=', APPLICATION_STATUS.signed),
        ),
      ]),
    )
    .orderBy('p.created_at', 'desc')
    .limit(CANDIDATE_LIMIT)
    .execute();
  const candidates: GuaranteeCandidate[] = [];
  for (const row of packages) {
    const status = (row.first_status ?? BILL_STATUS.issued) as BillStatus;
    if (status === BILL_STATUS.terminated || status === BILL_STATUS.settled) continue;
    const { first_status: _, ...pkg } = row;
    const roles = await rolesOf(db, pkg as PackageRow, orgId);
    if (roles.length === 0) continue;
    candidates.push({
      packageId: row.id,
      packageNo: row.package_no,
      amount: fenToYuan(row.amount_fen),
      dueDate: row.due_date,
      billStatus: status,
      roles,
    });
  }
  return candidates;
}
