import { APPLICATION_KIND, APPLICATION_STATUS } from '@contract/bills';
import type { GuaranteedRole } from '@contract/guarantee';
import { REFUSAL_NOT_DUE } from '@contract/payment';
import {
  CLAIM_BASIS,
  type ClaimBasisKind,
  DEBTOR_ROLE,
  FURTHER_RECOURSE_MONTHS,
  RECOURSE_DAY_COUNT_BASIS,
  RECOURSE_INTEREST_RATE,
  RECOURSE_KIND,
  RECOURSE_MONTHS,
  RECOURSE_STATUS,
  type DebtorRole,
  type RecourseKind,
} from '@contract/recourse';
import type { RecourseClaim } from '@contract/recourse-schemas';
import type { Db } from '../../db/database';
import { addMonths, daysBetween } from '../../lib/calendar-date';
import { interestFen } from '../../lib/interest';
import { fenToYuan } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import type { PackageRow } from '../bills/service';
import { guaranteesOf } from '../guarantee/service';

/**
 * Who a holder may pursue for a range, since when and for how much (docs/domain.md, recourse). The chain of
 * a range ranks its parties: the acceptor 0, the drawer 1, the endorsers of the range 2, 3… in the order
 * their endorsements were signed; a guarantor stands where the party it guarantees stands. A holder pursues
 * the parties ranked before the place it took in the chain (the refused holder: all of them, bar itself).
 */

export interface Range {
  sub_start: number;
  sub_end: number;
}

export interface ChainParty {
  orgId: string;
  role: DebtorRole;
  rank: number;
  /** A guarantor's guaranteed party. */
  guaranteedOrgId: string | null;
}

/** Where a pursuer stands on a range: its right, since when, to when, and whom it may reach. */
export interface Standing {
  kind: RecourseKind;
  since: string;
  lastDay: string;
  overdue: boolean;
  /** Parties ranked below this may be pursued… */
  rankLimit: number;
  /** …and, for a guarantor that paid, the party it answered for. */
  guaranteedOrgId: string | null;
  /** The months of the window: six from a refusal, three from one's own payment. */
  further: boolean;
  /** What the claim is reckoned on: the range's face from maturity, or what the pursuer paid from that day. */
  basis: ClaimBasis;
}

/**
 * The amount a claim's interest runs on and the day it runs from: for a first recourse the face of the range
 * and its maturity date (Negotiable Instruments Law art. 70); for further recourse the amount the pursuer
 * paid and the day it paid (art. 71).
 */
export interface ClaimBasis {
  kind: ClaimBasisKind;
  amountFen: number;
  from: string;
}

/** A first recourse's basis: the range's face, from the maturity date. */
export const faceBasis = (pkg: Pick<PackageRow, 'due_date'>, range: Range): ClaimBasis => ({
  kind: CLAIM_BASIS.face,
  amountFen: range.sub_end - range.sub_start + 1,
  from: pkg.due_date,
});

/** The basis a notice was sent with; a notice from before it was kept (null) was reckoned on face and maturity. */
export const noticeBasis = (
  notice: {
    basis_fen: number | string | null;
    basis_from: string | null;
    basis_kind: string | null;
    sub_start: number;
    sub_end: number;
  },
  pkg: Pick<PackageRow, 'due_date'>,
): ClaimBasis =>
  notice.basis_fen === null || notice.basis_from === null
    ? faceBasis(pkg, { sub_start: Number(notice.sub_start), sub_end: Number(notice.sub_end) })
    : {
        kind: notice.basis_kind === CLAIM_BASIS.paid ? CLAIM_BASIS.paid : CLAIM_BASIS.face,
        amountFen: Number(notice.basis_fen),
        from: notice.basis_from,
      };

const RANK_ACCEPTOR = 0;
const RANK_DRAWER = 1;
const FIRST_ENDORSER_RANK = 2;

/** The parties of a range in their ranks: acceptor, drawer, its endorsers in order, the guarantors. */
export async function chainOf(trx: Db, pkg: PackageRow, range: Range): Promise<ChainParty[]> {
  const endorsements = await trx
    .selectFrom('bill_applications')
    .select(['applicant_org_id', 'answered_at'])
    .where('package_id', '=', pkg.id)
    .where('kind', '=', APPLICATION_KIND.endorsement)
    .where('status', '=', APPLICATION_STATUS.signed)
    .where('sub_start', '<=', range.sub_start)
    .where('sub_end', '>=', range.sub_end)
    .orderBy('answered_at')
    .orderBy('id')
    .execute();
  const parties: ChainParty[] = [
    { orgId: pkg.acceptor_org_id, role: DEBTOR_ROLE.acceptor, rank: RANK_ACCEPTOR, guaranteedOrgId: null },
    { orgId: pkg.drawer_org_id, role: DEBTOR_ROLE.drawer, rank: RANK_DRAWER, guaranteedOrgId: null },
  ];
  endorsements.forEach((e, i) =>
    parties.push({
      orgId: e.applicant_org_id,
      role: DEBTOR_ROLE.endorser,
      rank: FIRST_ENDORSER_RANK + i,
      guaranteedOrgId: null,
    }),
  );
  const rankOf = (orgId: string, role: GuaranteedRole) =>
    parties.find((p) => p.orgId === orgId && p.role === role)?.rank;
  for (const g of await guaranteesOf(trx, pkg.id)) {
    const rank = rankOf(g.guaranteedOrgId, g.role);
    if (rank === undefined) continue;
    parties.push({
      orgId: g.guarantorOrgId,
      role: DEBTOR_ROLE.guarantor,
      rank,
      guaranteedOrgId: g.guaranteedOrgId,
    });
  }
  return parties;
}

/**
 * The parties the pursuer may reach from its standing, one per organisation (in its lowest rank): never
 * itself, nor anyone ranked at or after a place the pursuer itself took in the chain (a holder that endorsed
 * the bill before has no recourse against its own later parties); after an overdue presentation only the
 * drawer, the acceptor and their guarantors.
 */
export function reachable(chain: ChainParty[], pursuerOrgId: string, standing: Standing): ChainParty[] {
  const own = chain.filter((p) => p.orgId === pursuerOrgId && p.role !== DEBTOR_ROLE.guarantor);
  const limit = Math.min(standing.rankLimit, ...own.map((p) => p.rank));
  const allowed = chain.filter((p) => {
    if (p.orgId === pursuerOrgId) return false;
    if (standing.overdue && p.rank > RANK_DRAWER) return false;
    if (p.rank < limit) return true;
    return (
      standing.guaranteedOrgId !== null &&
      p.orgId === standing.guaranteedOrgId &&
      p.role !== DEBTOR_ROLE.guarantor
    );
  });
  const byOrg = new Map<string, ChainParty>();
  for (const p of [...allowed].sort((a, b) => a.rank - b.rank))
    if (!byOrg.has(p.orgId)) byOrg.set(p.orgId, p);
  return [...byOrg.values()];
}

/** Whether the party an organisation was pursued as is in the chain at all, whatever the pursuer's standing. */
export const inChain = (chain: ChainParty[], orgId: string) => chain.some((p) => p.orgId === orgId);

/** A payment by the acceptor or the drawer ends the bill's range; another payer takes it over. */
export const settlesRange = (role: DebtorRole) =>
  role === DEBTOR_ROLE.acceptor || role === DEBTOR_ROLE.drawer;

/**
 * Where the pursuer stands on a range it holds, or null when it has no recourse on it: it paid a recourse
 * claim on it (the latest such payment), or its presentation was refused by the acceptor, the bank or
 * day-end (not by a freeze, which closes a presentation without a refuser), or it sent a 非拒付追索 notice.
 */
export async function standingOf(
  trx: Db,
  pkg: PackageRow,
  pursuerOrgId: string,
  range: Range,
): Promise<Standing | null> {
  const paid = await trx
    .selectFrom('recourse_notices')
    .select([
      'debtor_rank',
      'debtor_role',
      'guaranteed_org_id',
      'overdue',
      'kind',
      'closed_at',
      'debtor_org_id',
      'agreed_amount_fen',
    ])
    .where('package_id', '=', pkg.id)
    .where('debtor_org_id', '=', pursuerOrgId)
    .where('sub_start', '=', range.sub_start)
    .where('sub_end', '=', range.sub_end)
    .where('status', '=', RECOURSE_STATUS.paid)
    .orderBy('closed_at', 'desc')
    .executeTakeFirst();
  if (paid) {
    const since = shanghaiDate(Number(paid.closed_at));
    return {
      kind: paid.kind as RecourseKind,
      since,
      lastDay: addMonths(since, FURTHER_RECOURSE_MONTHS),
      overdue: paid.overdue === 1,
      rankLimit: Number(paid.debtor_rank),
      guaranteedOrgId: paid.debtor_role === DEBTOR_ROLE.guarantor ? paid.guaranteed_org_id : null,
      further: true,
      // What it paid, from the day it paid (art. 71).
      basis: { kind: CLAIM_BASIS.paid, amountFen: Number(paid.agreed_amount_fen), from: since },
    };
  }
  const refused = await trx
    .selectFrom('payment_applications as pa')
    .innerJoin('bill_applications as a', 'a.id', 'pa.application_id')
    .select(['pa.answered_at', 'pa.overdue'])
    .where('a.package_id', '=', pkg.id)
    .where('pa.presenter_org_id', '=', pursuerOrgId)
    .where('a.status', '=', APPLICATION_STATUS.refused)
    .where('pa.refused_by', 'is not', null)
    .where('pa.refusal_code', '!=', REFUSAL_NOT_DUE)
    .where('a.sub_start', '<=', range.sub_start)
    .where('a.sub_end', '>=', range.sub_end)
    .orderBy('pa.answered_at', 'desc')
    .executeTakeFirst();
  if (refused) {
    const since = shanghaiDate(Number(refused.answered_at));
    return {
      kind: RECOURSE_KIND.refusal,
      since,
      lastDay: addMonths(since, RECOURSE_MONTHS),
      overdue: refused.overdue === 1,
      rankLimit: Number.POSITIVE_INFINITY,
      guaranteedOrgId: null,
      further: false,
      basis: faceBasis(pkg, range),
    };
  }
  const early = await trx
    .selectFrom('recourse_notices')
    .select('since')
    .where('package_id', '=', pkg.id)
    .where('pursuer_org_id', '=', pursuerOrgId)
    .where('sub_start', '=', range.sub_start)
    .where('sub_end', '=', range.sub_end)
    .where('kind', '=', RECOURSE_KIND.nonRefusal)
    .orderBy('notified_at')
    .executeTakeFirst();
  if (early) return nonRefusalStanding(early.since, faceBasis(pkg, range));
  return null;
}

/** A 非拒付追索 begins on the day of its first notice, with the refusal's window. */
export const nonRefusalStanding = (since: string, basis: ClaimBasis): Standing => ({
  kind: RECOURSE_KIND.nonRefusal,
  since,
  lastDay: addMonths(since, RECOURSE_MONTHS),
  overdue: false,
  rankLimit: Number.POSITIVE_INFINITY,
  guaranteedOrgId: null,
  further: false,
  basis,
});

/**
 * The claim on a day: the basis's amount (the face of the range, or what a payer paid), interest on it at the
 * platform's rate from the basis's day (maturity, or the day paid) to that day (none before it), and the
 * holder's costs; big.js, one rounding (lib/interest.ts).
 */
export function claimOf(basis: ClaimBasis, payDay: string, costsFen: number): RecourseClaim {
  const days = Math.max(0, daysBetween(basis.from, payDay));
  const interest = interestFen(basis.amountFen, RECOURSE_INTEREST_RATE, days, RECOURSE_DAY_COUNT_BASIS);
  return {
    basis: basis.kind,
    face: fenToYuan(basis.amountFen),
    rate: RECOURSE_INTEREST_RATE,
    interestFrom: basis.from,
    interestTo: payDay,
    days,
    interest: fenToYuan(interest),
    costs: fenToYuan(costsFen),
    total: fenToYuan(basis.amountFen + interest + costsFen),
  };
}

/** The claim's total in fen, for comparing with what a party agrees to pay. */
export function claimFen(basis: ClaimBasis, payDay: string, costsFen: number): number {
  const days = Math.max(0, daysBetween(basis.from, payDay));
  return (
    basis.amountFen +
    interestFen(basis.amountFen, RECOURSE_INTEREST_RATE, days, RECOURSE_DAY_COUNT_BASIS) +
    costsFen
  );
}
