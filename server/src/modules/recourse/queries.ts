import { sql } from 'kysely';
import { BILL_STATUS, CIRCULATION } from '@contract/bills';
import type { Clearing } from '@contract/discount';
import {
  RECOURSE_KIND,
  RECOURSE_SIDE,
  RECOURSE_STATUS,
  type DebtorRole,
  type NonRefusalReason,
  type RecourseKind,
  type RecourseSide,
  type RecourseStatus,
} from '@contract/recourse';
import type { RecourseCandidate, RecourseRecord } from '@contract/recourse-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { fenToYuan } from '../../lib/money';
import { listedPage, type PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { orgName, rangeOf, type PackageRow } from '../bills/service';
import {
  chainOf,
  claimOf,
  faceBasis,
  nonRefusalStanding,
  noticeBasis,
  reachable,
  standingOf,
  type Range,
  type Standing,
} from './rules';

export interface RecourseFilter {
  side: RecourseSide;
  status?: RecourseStatus | undefined;
  packageNo?: string | undefined;
  id?: string;
}

const noticeRows = (db: Db) =>
  db
    .selectFrom('recourse_notices as n')
    .innerJoin('bill_packages as p', 'p.id', 'n.package_id')
    .innerJoin('organizations as a', 'a.id', 'n.pursuer_org_id')
    .innerJoin('organizations as d', 'd.id', 'n.debtor_org_id');

export function recourseRowsOf(db: Db, orgId: string, filter: RecourseFilter) {
  const mine = filter.side === RECOURSE_SIDE.pursuer ? 'n.pursuer_org_id' : 'n.debtor_org_id';
  return noticeRows(db)
    .where(mine, '=', orgId)
    .$if(filter.status !== undefined, (q) => q.where('n.status', '=', filter.status!))
    .$if(Boolean(filter.packageNo?.trim()), (q) =>
      q.where(likeEscaped('p.package_no', containsPattern(filter.packageNo!.trim()))),
    )
    .$if(filter.id !== undefined, (q) => q.where('n.id', '=', filter.id!));
}

type Listed = ReturnType<typeof recourseRowsOf>;
const shape = (query: Listed) =>
  query
    .selectAll('n')
    .select(['p.package_no', 'p.due_date', 'p.splittable', 'a.name as pursuer_name', 'd.name as debtor_name'])
    .select((eb) =>
      eb
        .selectFrom('recourse_notices as o')
        .select('o.id')
        .whereRef('o.package_id', '=', 'n.package_id')
        .whereRef('o.sub_start', '=', 'n.sub_start')
        .where('o.status', '=', RECOURSE_STATUS.agreed)
        .limit(1)
        .as('agreed_id'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bill_pledges as g')
            .innerJoin('bill_applications as ga', 'ga.id', 'g.application_id')
            .select('g.application_id')
            .whereRef('g.package_id', '=', 'n.package_id')
            .whereRef('g.pledgee_org_id', '=', 'n.pursuer_org_id')
            // The pledge of the notice's own range: the pursuer may hold another range of the bill otherwise.
            .whereRef('ga.sub_start', '<=', 'n.sub_start')
            .whereRef('ga.sub_end', '>=', 'n.sub_end'),
        )
        .as('pursuer_pledgee'),
    )
    .orderBy('n.notified_at', 'desc')
    .orderBy('n.id', 'desc');
type Row = Awaited<ReturnType<ReturnType<typeof shape>['execute']>>[number];

function recordOf(row: Row, orgId: string, today: string): RecourseRecord {
  const status = row.status as RecourseStatus;
  const actions: RecourseRecord['actions'] = [];
  if (status === RECOURSE_STATUS.notified && row.debtor_org_id === orgId && row.agreed_id === null)
    actions.push('agree');
  if (status === RECOURSE_STATUS.agreed && row.pursuer_org_id === orgId) actions.push('reject', 'sign');
  if (status === RECOURSE_STATUS.notified && row.pursuer_org_id === orgId) actions.push('withdraw');
  // The claim of the day while it waits; of the agreement's day once agreed; of the day it ended after.
  const payDay =
    row.agreed_on ??
    (status === RECOURSE_STATUS.notified || row.closed_at === null
      ? today
      : shanghaiDate(Number(row.closed_at)));
  return {
    id: row.id,
    packageId: row.package_id,
    packageNo: row.package_no,
    range: rangeOf(row, { sub_start: Number(row.sub_start), sub_end: Number(row.sub_end) }),
    dueDate: row.due_date,
    kind: row.kind as RecourseKind,
    nonRefusalReason: row.non_refusal_reason as NonRefusalReason | null,
    attachmentId: row.attachment_id,
    pursuer: { orgId: row.pursuer_org_id, name: row.pursuer_name },
    // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
    pursuerPledgee: Boolean(row.pursuer_pledgee),
    debtor: { orgId: row.debtor_org_id, name: row.debtor_name },
    debtorRole: row.debtor_role as DebtorRole,
    status,
    claim: claimOf(noticeBasis(row, row), payDay, Number(row.costs_fen)),
    costsNote: row.costs_note,
    agreedAmount: row.agreed_amount_fen === null ? null : fenToYuan(row.agreed_amount_fen),
    clearing: row.clearing as Clearing | null,
    rejectReason: row.reject_reason,
    notifiedAt: isoTime(Number(row.notified_at)),
    agreedAt: row.agreed_at === null ? null : isoTime(Number(row.agreed_at)),
    closedAt: row.closed_at === null ? null : isoTime(Number(row.closed_at)),
    actions,
  };
}

/** One side of the organisation's notices, newest first. */
export async function recoursePage(
  db: Db,
  orgId: string,
  paging: Pick<PageRequest, 'size' | 'offset'>,
  filter: RecourseFilter,
  now: number,
): Promise<{ content: RecourseRecord[]; total: number }> {
  const { rows, total } = await listedPage(recourseRowsOf(db, orgId, filter), shape, paging);
  const today = shanghaiDate(now);
  return { content: rows.map((row) => recordOf(row, orgId, today)), total };
}

/** One notice of the organisation (either side), or undefined: another organisation's answers the same. */
export async function recourseById(
  db: Db,
  orgId: string,
  id: string,
  now: number,
): Promise<RecourseRecord | undefined> {
  for (const side of [RECOURSE_SIDE.pursuer, RECOURSE_SIDE.debtor]) {
    const { content } = await recoursePage(db, orgId, { size: 1, offset: 0 }, { side, id }, now);
    if (content[0]) return content[0];
  }
  return undefined;
}

/**
 * The notices the sandbox institutions sent as pledgees, newest first, each with the acts open to the
 * institution (驳回 and 签收 of a 同意清偿, 撤回 of a notice not answered): what the sandbox answers for them.
 */
export async function institutionNotices(db: Db, limit: number, now: number): Promise<RecourseRecord[]> {
  const rows = await shape(
    noticeRows(db).where('n.pursuer_org_id', 'in', db.selectFrom('institutions').select('org_id')),
  )
    .limit(limit)
    .execute();
  const today = shanghaiDate(now);
  return rows.map((row) => recordOf(row, row.pursuer_org_id, today));
}

/** The most ranges the notice form offers. */
export const CANDIDATE_LIMIT = 200;

/**
 * The organisation's ranges under recourse (TF0402) it still has a right on, each with its window, the
 * parties it may reach and today's claim without costs; with `BC15`, the received ranges at rest before
 * maturity it may start a 非拒付追索 on.
 */
export async function recourseCandidates(
  db: Db,
  orgId: string,
  now: number,
  kind: RecourseKind = RECOURSE_KIND.refusal,
): Promise<RecourseCandidate[]> {
  const today = shanghaiDate(now);
  const early = kind === RECOURSE_KIND.nonRefusal;
  const holdings = await db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .selectAll('p')
    .select(['h.id as holding_id', 'h.sub_start', 'h.sub_end', 'h.amount_fen as holding_fen'])
    .where('h.org_id', '=', orgId)
    .where('h.ended_at', 'is', null)
    .where('h.bill_status', '=', BILL_STATUS.received)
    // Written as a constant, the predicate of the index of holdings in recourse (migration 057), which a
    // bound value would keep PostgreSQL's generic plan from using.
    .$if(!early, (q) => q.where('h.circ_status', '=', sql.lit(CIRCULATION.recourse)))
    .$if(early, (q) =>
      q
        .where('h.circ_status', 'in', [CIRCULATION.negotiable, CIRCULATION.notTransferable])
        .where('p.due_date', '>', today)
        .whereRef('p.acceptor_org_id', '!=', 'h.org_id'),
    )
    .orderBy('h.acquired_at', 'desc')
    .orderBy('h.id')
    .limit(CANDIDATE_LIMIT)
    .execute();
  const candidates: RecourseCandidate[] = [];
  const names = nameCache(db);
  for (const row of holdings) {
    const { holding_id, sub_start, sub_end, holding_fen, ...pkg } = row;
    const range = { sub_start: Number(sub_start), sub_end: Number(sub_end) };
    const standing = early
      ? nonRefusalStanding(today, faceBasis(pkg, range))
      : await standingOf(db, pkg, orgId, range);
    if (!standing) continue;
    candidates.push(
      await candidateOf(
        db,
        names,
        { pkg, holdingId: holding_id, range, holdingFen: Number(holding_fen) },
        {
          orgId,
          standing,
          today,
        },
      ),
    );
  }
  return candidates;
}

/** Organisation names, each read once. */
function nameCache(db: Db) {
  const names = new Map<string, string>();
  return async (id: string) => {
    if (!names.has(id)) names.set(id, await orgName(db, id));
    return names.get(id)!;
  };
}

/**
 * One range as a pursuer standing on it sees it: its window, the parties it may reach (less `barred`, whom it
 * may not pursue whatever the chain says) and today's claim without costs.
 */
async function candidateOf(
  db: Db,
  nameOf: (id: string) => Promise<string>,
  held: { pkg: PackageRow; holdingId: string; range: Range; holdingFen: number },
  pursuer: { orgId: string; standing: Standing; today: string; barred?: readonly string[] },
): Promise<RecourseCandidate> {
  const { pkg, range } = held;
  const { standing, barred = [] } = pursuer;
  const chain = await chainOf(db, pkg, range);
  const parties = await Promise.all(
    reachable(chain, pursuer.orgId, standing)
      .filter((p) => !barred.includes(p.orgId))
      .map(async (p) => ({
        orgId: p.orgId,
        name: await nameOf(p.orgId),
        role: p.role,
        guaranteed:
          p.guaranteedOrgId === null
            ? null
            : { orgId: p.guaranteedOrgId, name: await nameOf(p.guaranteedOrgId) },
      })),
  );
  const agreed = await db
    .selectFrom('recourse_notices')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where('sub_start', '=', range.sub_start)
    .where('status', '=', RECOURSE_STATUS.agreed)
    .executeTakeFirst();
  return {
    holdingId: held.holdingId,
    packageId: pkg.id,
    packageNo: pkg.package_no,
    range: rangeOf(pkg, range),
    amount: fenToYuan(held.holdingFen),
    dueDate: pkg.due_date,
    kind: standing.kind,
    since: standing.since,
    lastDay: standing.lastDay,
    overdue: standing.overdue,
    parties,
    claim: claimOf(standing.basis, pursuer.today, 0),
    agreementPending: agreed !== undefined,
  };
}

/**
 * What the pledgee of a range refused at maturity may pursue for it (docs/domain.md, recourse by a pledgee):
 * the range as a refused holder's candidate, its parties less the pledgor. Undefined when there is no such
 * pledge; null when the pledgee has nothing to pursue on it (in force and not refused, released, or ended).
 */
export async function pledgeeCandidate(
  db: Db,
  pledgeId: string,
  now: number,
): Promise<RecourseCandidate | null | undefined> {
  const pledge = await db
    .selectFrom('bill_pledges')
    .selectAll()
    .where('application_id', '=', pledgeId)
    .executeTakeFirst();
  if (!pledge) return undefined;
  if (pledge.holding_id === null || pledge.released_at !== null) return null;
  const row = await db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .selectAll('p')
    .select(['h.id as holding_id', 'h.sub_start', 'h.sub_end', 'h.amount_fen as holding_fen'])
    .where('h.id', '=', pledge.holding_id)
    .where('h.ended_at', 'is', null)
    .where('h.circ_status', '=', CIRCULATION.recourse)
    .executeTakeFirst();
  if (!row) return null;
  const { holding_id, sub_start, sub_end, holding_fen, ...pkg } = row;
  const range = { sub_start: Number(sub_start), sub_end: Number(sub_end) };
  const standing = await standingOf(db, pkg, pledge.pledgee_org_id, range);
  if (!standing) return null;
  return candidateOf(
    db,
    nameCache(db),
    { pkg, holdingId: holding_id, range, holdingFen: Number(holding_fen) },
    {
      orgId: pledge.pledgee_org_id,
      standing,
      today: shanghaiDate(now),
      barred: [pledge.pledgor_org_id],
    },
  );
}
