import Big from 'big.js';
import { PLEDGE_STATUS, type PledgeStatus } from '@contract/pledge';
import {
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_OPEN_STATES,
  PLEDGE_FIN_STATE,
  type PledgeFinAction,
  type PledgeFinState,
  type RepaymentMode,
} from '@contract/pledge-fin';
import type {
  CreditLine,
  OrgFinanceConfig,
  PledgeCost,
  PledgeFinBill,
  PledgeFinDetail,
  PledgeFinFilter,
  PledgeFinHistoryEntry,
  PledgeFinProduct,
  PledgeFinSummary,
} from '@contract/pledge-fin-schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import type { PledgeFinancingTable, PledgeFinProductTable } from '../../db/schema';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import type { DayCountBasis } from '../../lib/interest';
import { rangeOf } from '../bills/service';
import { settlementAccountOf } from '../settlement/service';
import { costOf } from './cost';
import { dueView, openDues, owedOf, paymentsOf } from './repayment';
import { PLEDGE_FIN_MSG } from './messages';
import { pledgeValueFen } from './rules';

const PLEDGE_FIN_ACTION_CANCEL: string = PLEDGE_FIN_ACTION.cancel;

export type FinancingRow = Selectable<PledgeFinancingTable>;
export type ProductRow = Selectable<PledgeFinProductTable>;

const masked = (accountNo: string) =>
  accountNo.length <= 8 ? accountNo : `${accountNo.slice(0, 4)} **** ${accountNo.slice(-4)}`;

const productRows = (db: Db) =>
  db
    .selectFrom('pledge_fin_products as p')
    .innerJoin('organizations as o', 'o.id', 'p.institution_org_id')
    .selectAll('p')
    .select('o.name as institution_name');

type ProductWithInstitution = ProductRow & { institution_name: string };

const productView = (row: ProductWithInstitution): PledgeFinProduct => ({
  id: row.id,
  institution: { orgId: row.institution_org_id, name: row.institution_name },
  name: row.name,
  annualRate: row.annual_rate,
  pledgeRatio: row.pledge_ratio,
  minAmount: fenToYuan(row.min_fen),
  maxAmount: fenToYuan(row.max_fen),
  maxTermDays: Number(row.max_term_days),
  feeRate: row.fee_rate,
  repaymentMode: row.repayment_mode as RepaymentMode,
  dayBasis: Number(row.day_basis),
  penaltyRate: row.penalty_rate,
});

/** Every institution's products, by institution then name. */
export async function productList(db: Db): Promise<PledgeFinProduct[]> {
  const rows = await productRows(db).orderBy('o.name').orderBy('p.name').orderBy('p.id').execute();
  return rows.map(productView);
}

export const productById = (db: Db, id: string): Promise<ProductWithInstitution | undefined> =>
  productRows(db).where('p.id', '=', id).executeTakeFirst();

/** The principal of the organisation's open financings with the institution, but `exceptId`'s. */
export async function usedLineFen(
  db: Db,
  orgId: string,
  institutionOrgId: string,
  exceptId?: string,
): Promise<number> {
  let query = db
    .selectFrom('pledge_financings')
    .select((eb) => eb.fn.sum<number | string | null>('principal_fen').as('used'))
    .where('org_id', '=', orgId)
    .where('institution_org_id', '=', institutionOrgId)
    .where('state', 'in', PLEDGE_FIN_OPEN_STATES);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function lineFen(db: Db, orgId: string, institutionOrgId: string): Promise<number> {
  const row = await db
    .selectFrom('pledge_fin_credit_lines')
    .select('line_fen')
    .where('org_id', '=', orgId)
    .where('institution_org_id', '=', institutionOrgId)
    .executeTakeFirst();
  return Number(row?.line_fen ?? 0);
}

/** The organisation's credit lines, each with what its open financings use and what is left. */
export async function orgFinanceConfig(db: Db, orgId: string): Promise<OrgFinanceConfig> {
  const lines = await db
    .selectFrom('pledge_fin_credit_lines as l')
    .innerJoin('organizations as o', 'o.id', 'l.institution_org_id')
    .select(['l.institution_org_id', 'l.line_fen', 'o.name'])
    .where('l.org_id', '=', orgId)
    .orderBy('o.name')
    .execute();
  const creditLines: CreditLine[] = [];
  for (const line of lines) {
    const used = await usedLineFen(db, orgId, line.institution_org_id);
    creditLines.push({
      institution: { orgId: line.institution_org_id, name: line.name },
      line: fenToYuan(line.line_fen),
      used: fenToYuan(used),
      available: fenToYuan(Math.max(0, Number(line.line_fen) - used)),
    });
  }
  const account = await settlementAccountOf(db, orgId);
  return {
    orgId,
    creditLines,
    settlementAccount: account
      ? { accountNo: masked(account.accountNo), accountName: account.accountName, bankName: account.bankName }
      : null,
  };
}

/** The financing of the organisation; undefined for a missing one and for another organisation's alike. */
export const financingOf = (db: Db, orgId: string, id: string): Promise<FinancingRow | undefined> =>
  db
    .selectFrom('pledge_financings')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();

/** The bills a financing names, in the order chosen, with their holdings as they are now. */
/**
 * A financing's pledge is the institution's from the pay-out: signed at once, so it is in force until it is
 * released or the bill is paid to the institution at maturity. Its release is asked and signed in one
 * transaction (pledge-fin/repayment.ts), so 解除待签收 is never seen here.
 */
function pledgeStatusOf(row: {
  pledge_id: string | null;
  released_at: number | null;
  paid_at: number | null;
}): PledgeStatus | null {
  if (row.pledge_id === null) return null;
  if (row.paid_at !== null) return PLEDGE_STATUS.paid;
  return row.released_at !== null ? PLEDGE_STATUS.released : PLEDGE_STATUS.pledged;
}

export async function billsOf(
  db: Db,
  financingId: string,
  ratio: string | null,
): Promise<{ bills: PledgeFinBill[]; pledgeValueFen: number }> {
  const rows = await db
    .selectFrom('pledge_fin_bills as f')
    .innerJoin('bill_holdings as h', 'h.id', 'f.holding_id')
    .innerJoin('bill_packages as p', 'p.id', 'f.package_id')
    .leftJoin('bill_pledges as g', 'g.application_id', 'f.pledge_id')
    .select([
      'g.released_at',
      'g.paid_at',
      'f.pledge_id',
      'f.holding_id',
      'f.package_id',
      'h.sub_start',
      'h.sub_end',
      'h.amount_fen',
      'p.package_no',
      'p.acceptor_name',
      'p.due_date',
      'p.splittable',
    ])
    .where('f.financing_id', '=', financingId)
    .orderBy('f.seq')
    .execute();
  const valueOf = (amountFen: number) => (ratio === null ? 0 : pledgeValueFen(amountFen, ratio));
  const bills = rows.map((row): PledgeFinBill => ({
    holdingId: row.holding_id,
    packageId: row.package_id,
    packageNo: row.package_no,
    range: rangeOf(row, { sub_start: row.sub_start, sub_end: row.sub_end }),
    amount: fenToYuan(row.amount_fen),
    acceptorName: row.acceptor_name,
    maturityDate: row.due_date,
    pledgeValue: fenToYuan(valueOf(Number(row.amount_fen))),
    pledgeStatus: pledgeStatusOf(row),
  }));
  const total = rows.reduce((sum, row) => sum + valueOf(Number(row.amount_fen)), 0);
  return { bills, pledgeValueFen: total };
}

const summaryRows = (db: Db, orgId: string) =>
  db
    .selectFrom('pledge_financings as f')
    .innerJoin('users as u', 'u.id', 'f.created_by')
    .leftJoin('pledge_fin_products as p', 'p.id', 'f.product_id')
    .leftJoin('organizations as i', 'i.id', 'f.institution_org_id')
    .where('f.org_id', '=', orgId);

const summarySelection = (query: ReturnType<typeof summaryRows>) =>
  query
    .selectAll('f')
    .select(['u.name as applicant_name', 'p.name as product_name', 'i.name as institution_name'])
    .select((eb) =>
      eb
        .selectFrom('pledge_fin_bills as b')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('b.financing_id', '=', 'f.id')
        .as('bill_count'),
    );

type SummaryRow = FinancingRow & {
  applicant_name: string;
  product_name: string | null;
  institution_name: string | null;
  bill_count: number | string | bigint | null;
};

const summaryView = (row: SummaryRow): PledgeFinSummary => ({
  id: row.id,
  finNo: row.fin_no,
  state: row.state as PledgeFinState,
  product: row.product_id && row.product_name ? { id: row.product_id, name: row.product_name } : null,
  institution:
    row.institution_org_id && row.institution_name
      ? { orgId: row.institution_org_id, name: row.institution_name }
      : null,
  amount: row.principal_fen === null ? null : fenToYuan(row.principal_fen),
  annualRate: row.annual_rate,
  valueDate: row.value_date,
  maturityDate: row.maturity_date,
  purpose: row.purpose,
  billCount: Number(row.bill_count ?? 0),
  applicantName: row.applicant_name,
  createdAt: isoTime(Number(row.created_at)),
  submittedAt: row.submitted_at === null ? null : isoTime(Number(row.submitted_at)),
});

interface SummaryValues {
  orgId: string;
  /** containsPattern of the number typed, taken literally: a % or _ in it is not a wildcard. */
  finNoPattern: string | null;
  state: string | null;
  institutionOrgId: string | null;
}

/** The organisation's financings narrowed by the filters given in `v` (a query of presence). */
const filteredSummaries = (db: Db, v: SummaryValues) =>
  summaryRows(db, v.orgId)
    .$if(v.finNoPattern !== null, (q) => q.where(likeEscaped('f.fin_no', v.finNoPattern as string)))
    .$if(v.state !== null, (q) => q.where('f.state', '=', v.state as string))
    .$if(v.institutionOrgId !== null, (q) => q.where('f.institution_org_id', '=', v.institutionOrgId));

/**
 * The list's page (its total on every row) and count, prepared for each set of filters given
 * (db/prepared-query.ts): the list opens with every visit of the 质押融资 page.
 */
const summaryPage = preparedByPresence((db: Db, v: SummaryValues & { size: number; offset: number }) =>
  summarySelection(filteredSummaries(db, v))
    // The total rides on every row: one query where the page and its count took two round trips.
    .select((eb) => eb.fn.countAll<number | string>().over().as('list_total'))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint')),
);
const summaryCount = preparedByPresence((db: Db, v: SummaryValues) =>
  filteredSummaries(db, v).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

/** A page of the organisation's financings, newest first, narrowed by the filters given. */
export async function financingPage(db: Db, orgId: string, filter: PledgeFinFilter, page: PageRequest) {
  const values: SummaryValues = {
    orgId,
    finNoPattern: filter.finNo ? containsPattern(filter.finNo) : null,
    state: filter.state || null,
    institutionOrgId: filter.institutionOrgId || null,
  };
  const rows = await summaryPage(db, { ...values, size: page.size, offset: page.offset });
  const total = await carriedTotal(rows, page.offset, () => summaryCount(db, values));
  return { items: (rows as ReadonlyArray<SummaryRow>).map(summaryView), total };
}

/** The cost a financing's own terms give; null while a draft lacks any of them. */
export function costOfFinancing(row: FinancingRow): PledgeCost | null {
  if (
    row.principal_fen === null ||
    row.annual_rate === null ||
    row.value_date === null ||
    row.maturity_date === null ||
    row.fee_rate === null ||
    row.day_basis === null ||
    row.repayment_mode === null ||
    row.maturity_date <= row.value_date
  ) {
    return null;
  }
  return costOf({
    principalFen: Number(row.principal_fen),
    annualRate: row.annual_rate,
    valueDate: row.value_date,
    maturityDate: row.maturity_date,
    dayBasis: Number(row.day_basis) as DayCountBasis,
    feeRate: row.fee_rate,
    repaymentMode: row.repayment_mode as RepaymentMode,
  });
}

/** One financing of the organisation in full; undefined when it has none of that id. */
export async function financingDetail(
  db: Db,
  orgId: string,
  id: string,
  now: number,
): Promise<PledgeFinDetail | undefined> {
  const row = (await summarySelection(summaryRows(db, orgId)).where('f.id', '=', id).executeTakeFirst()) as
    SummaryRow | undefined;
  if (!row) return undefined;
  const { bills, pledgeValueFen: pledgeValue } = await billsOf(db, row.id, row.pledge_ratio);
  const approver = row.approved_by
    ? await db.selectFrom('users').select('name').where('id', '=', row.approved_by).executeTakeFirst()
    : undefined;
  const dues = await openDues(db, row, shanghaiDate(now));
  const due = dues[0];
  const restOwed = await restOwedFen(db, row.id);
  return {
    ...summaryView(row),
    netPaidOut: row.net_fen === null ? null : fenToYuan(row.net_fen),
    paidOutAt: row.paid_out_at === null ? null : isoTime(Number(row.paid_out_at)),
    payments: await paymentsOf(db, row.id),
    nextPayment: due ? dueView(due) : null,
    owed: row.state === PLEDGE_FIN_STATE.repaying ? fenToYuan(owedOf(dues)) : null,
    restOwed: restOwed > 0 ? fenToYuan(restOwed) : null,
    bills,
    pledgeValue: fenToYuan(pledgeValue),
    approverName: approver?.name ?? null,
    opinion: row.opinion,
    cost: row.state === PLEDGE_FIN_STATE.draft ? safeCost(row) : costOfFinancing(row),
  };
}

/** What the institution still owes the borrower of the financing's proceeds, in fen. */
export async function restOwedFen(db: Db, financingId: string): Promise<number> {
  const rows = await db
    .selectFrom('pledge_fin_rests')
    .select('amount_fen')
    .where('financing_id', '=', financingId)
    .where('paid_at', 'is', null)
    .execute();
  return rows.reduce((sum, row) => sum.plus(row.amount_fen), new Big(0)).toNumber();
}

/** A draft's terms may not yet add up to a loan (a maturity before today's value date): no cost then. */
function safeCost(row: FinancingRow): PledgeCost | null {
  try {
    return costOfFinancing(row);
  } catch {
    return null;
  }
}

/** Who did what to the organisation's financing, oldest first; undefined when it has none of that id. */
export async function historyOf(
  db: Db,
  orgId: string,
  id: string,
): Promise<PledgeFinHistoryEntry[] | undefined> {
  if (!(await financingOf(db, orgId, id))) return undefined;
  const rows = await db
    .selectFrom('pledge_fin_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('pledge_financings as f', 'f.id', 'h.financing_id')
    .leftJoin('organizations as i', 'i.id', 'f.institution_org_id')
    .select([
      'h.id',
      'h.action',
      'h.from_state',
      'h.to_state',
      'h.opinion',
      'h.at',
      'u.name as user_name',
      'i.name as institution_name',
    ])
    .where('h.financing_id', '=', id)
    .orderBy('h.seq')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action as PledgeFinAction,
    fromState: row.from_state as PledgeFinState | null,
    toState: row.to_state as PledgeFinState,
    // Without a member: the institution's act (the pay-out), or the platform's (a cancel for the bills).
    operatorName:
      row.user_name ??
      (row.action === PLEDGE_FIN_ACTION_CANCEL
        ? PLEDGE_FIN_MSG.platformOperator
        : (row.institution_name ?? '')),
    opinion: row.opinion,
    at: isoTime(Number(row.at)),
  }));
}
