import type { Clearing, InterestPayer } from '@contract/discount';
import type { DiscountListFilter, DiscountRecord } from '@contract/discount-schemas';
import { APPLICATION_STATUS_LABEL, billRange, type ApplicationStatus } from '@contract/bills';
import { CLEARING_LABEL, INTEREST_PAYER_LABEL } from '@contract/discount';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import { isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { fenToYuan } from '../../lib/money';
import { listExport } from '../../lib/list-export';
import type { PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDateTime } from '../../lib/shanghai-time';
import { DISCOUNT_MSG } from './messages';

/** Shows the first four and last four digits, as the screens show account numbers. */
const masked = (accountNo: string) =>
  accountNo.length <= 8 ? accountNo : `${accountNo.slice(0, 4)} **** ${accountNo.slice(-4)}`;

/** What the list is narrowed by, as bound values: each filter absent is null. */
interface DiscountValues {
  orgId: string;
  /** A LIKE pattern of the package number (containsPattern). */
  packagePattern: string | null;
  status: string | null;
  institutionOrgId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  id: string | null;
}

function discountRows(db: Db, v: DiscountValues) {
  return db
    .selectFrom('discount_applications as d')
    .innerJoin('bill_applications as a', 'a.id', 'd.application_id')
    .innerJoin('bill_packages as p', 'p.id', 'a.package_id')
    .innerJoin('organizations as i', 'i.id', 'd.institution_org_id')
    .innerJoin('bank_accounts as b', 'b.id', 'd.account_id')
    .where('d.holder_org_id', '=', v.orgId)
    .$if(v.packagePattern !== null, (q) => q.where(likeEscaped('p.package_no', v.packagePattern!)))
    .$if(v.status !== null, (q) => q.where('a.status', '=', v.status!))
    .$if(v.institutionOrgId !== null, (q) => q.where('d.institution_org_id', '=', v.institutionOrgId!))
    .$if(v.dateFrom !== null, (q) => q.where('d.discount_date', '>=', v.dateFrom!))
    .$if(v.dateTo !== null, (q) => q.where('d.discount_date', '<=', v.dateTo!))
    .$if(v.id !== null, (q) => q.where('d.application_id', '=', v.id!));
}

/** 我的贴现's filter as the query reads it: each absent filter is null. */
export interface DiscountFilter {
  packageNo: string | null;
  status: ApplicationStatus | null;
  institutionOrgId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  id?: string;
}

/**
 * The list call's (or its export's) filters, checked: the package number without spaces or line breaks and
 * dropped when nothing is left, each date a calendar day and the range not crossed (400 otherwise).
 */
export function discountFilterOf(query: DiscountListFilter): DiscountFilter {
  const bad = (message: string) => fail(API_ERROR.badRequest, message);
  const text = (value: string | undefined) => value?.replace(/\s+/g, '') || null;
  const dateFrom = text(query.dateFrom);
  const dateTo = text(query.dateTo);
  for (const date of [dateFrom, dateTo])
    if (date && !isCalendarDate(date)) throw bad(DISCOUNT_MSG.filterDateInvalid);
  if (dateFrom && dateTo && dateFrom > dateTo) throw bad(DISCOUNT_MSG.filterDateRangeInvalid);
  return {
    packageNo: text(query.packageNo),
    status: (query.status as ApplicationStatus | undefined) ?? null,
    institutionOrgId: text(query.institutionOrgId),
    dateFrom,
    dateTo,
  };
}

const NO_FILTER: DiscountFilter = {
  packageNo: null,
  status: null,
  institutionOrgId: null,
  dateFrom: null,
  dateTo: null,
};

const valuesOf = (orgId: string, filter: DiscountFilter): DiscountValues => ({
  orgId,
  packagePattern: filter.packageNo === null ? null : containsPattern(filter.packageNo),
  status: filter.status,
  institutionOrgId: filter.institutionOrgId,
  dateFrom: filter.dateFrom,
  dateTo: filter.dateTo,
  id: filter.id ?? null,
});

const filteredRows = (db: Db, orgId: string, filter: DiscountFilter) =>
  discountRows(db, valuesOf(orgId, filter));

type PageValues = DiscountValues & Pick<PageRequest, 'size' | 'offset'>;

/**
 * The page and the count, prepared for each set of filters given (db/prepared-query.ts): 我的贴现 opens with
 * every visit of the 贴现 page, and building and compiling its query took longer than running it.
 */
const discountPageQuery = preparedByPresence((db: Db, v: PageValues) =>
  discountRows(db, v)
    .select([
      'd.application_id',
      'd.institution_org_id',
      'd.annual_rate',
      'd.interest_payer',
      'd.buyer_share_percent',
      'd.clearing',
      'd.discount_date',
      'd.days',
      'd.adjust_days',
      'd.interest_fen',
      'd.buyer_pays_fen',
      'd.net_fen',
      'd.payment_id',
      'd.created_at',
      'a.package_id',
      'a.sub_start',
      'a.sub_end',
      'a.amount_fen',
      'a.status',
      'a.reason',
      'a.answered_at',
      'p.package_no',
      'p.splittable',
      'p.due_date',
      'i.name as institution_name',
      'b.account_no',
    ])
    // The total rides on every row: one query where the page and its count took two round trips.
    .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.application_id', 'desc')
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint')),
);

const discountCountQuery = preparedByPresence((db: Db, v: DiscountValues) =>
  discountRows(db, v).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

/** How many of the organisation's discounts the filter holds (an export's size). */
export async function discountCount(db: Db, orgId: string, filter: DiscountFilter): Promise<number> {
  const row = await filteredRows(db, orgId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organisation's discounts, newest first, as the filter narrows them (`id` to one). */
export async function discountPage(
  db: Db,
  orgId: string,
  paging: PageRequest,
  filter: DiscountFilter = NO_FILTER,
): Promise<{ content: DiscountRecord[]; total: number }> {
  const values = valuesOf(orgId, filter);
  const rows = await discountPageQuery(db, { ...values, size: paging.size, offset: paging.offset });
  const total = await carriedTotal(rows, paging.offset, () => discountCountQuery(db, values));
  return {
    total,
    content: rows.map((row): DiscountRecord => ({
      id: row.application_id,
      packageId: row.package_id,
      packageNo: row.package_no,
      range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
      amount: fenToYuan(row.amount_fen),
      institution: { orgId: row.institution_org_id, name: row.institution_name },
      annualRate: row.annual_rate,
      interestPayer: row.interest_payer as InterestPayer,
      buyerSharePercent: row.buyer_share_percent,
      clearing: row.clearing as Clearing,
      discountDate: row.discount_date,
      maturityDate: row.due_date,
      days: Number(row.days),
      adjustDays: Number(row.adjust_days),
      interest: fenToYuan(row.interest_fen),
      buyerInterest: fenToYuan(row.buyer_pays_fen),
      netAmount: fenToYuan(row.net_fen),
      accountNo: masked(row.account_no),
      status: row.status as ApplicationStatus,
      reason: row.reason,
      paid: row.payment_id !== null,
      appliedAt: isoTime(Number(row.created_at)),
      answeredAt: row.answered_at === null ? null : isoTime(Number(row.answered_at)),
    })),
  };
}

/** One discount of the organisation, or undefined (another organisation's answers the same). */
export async function discountById(db: Db, orgId: string, id: string): Promise<DiscountRecord | undefined> {
  const { content } = await discountPage(db, orgId, { page: 0, size: 1, offset: 0 }, { ...NO_FILTER, id });
  return content[0];
}

/** 我的贴现 as the export centre writes it, with the list's filters. */
export const DISCOUNT_EXPORT = listExport({
  sheet: '我的贴现',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '贴现金额（元）', width: 16 },
    { header: '贴现机构', width: 24 },
    { header: '年利率（%）', width: 12 },
    { header: '付息方式', width: 10 },
    { header: '买方付息比例（%）', width: 16 },
    { header: '清算方式', width: 10 },
    { header: '贴现日', width: 12 },
    { header: '到期日', width: 12 },
    { header: '计息天数', width: 10 },
    { header: '贴现利息（元）', width: 16 },
    { header: '实付金额（元）', width: 16 },
    { header: '入账账户', width: 24 },
    { header: '状态', width: 10 },
    { header: '原因', width: 30 },
    { header: '申请时间', width: 20 },
    { header: '签收时间', width: 20 },
  ],
  filterOf: discountFilterOf,
  count: (db, orgId, filter) => discountCount(db, orgId, filter),
  page: (db, orgId, paging, filter) => discountPage(db, orgId, paging, filter),
  cells: (d) => [
    d.packageNo,
    d.range,
    d.amount,
    d.institution.name,
    d.annualRate,
    INTEREST_PAYER_LABEL[d.interestPayer],
    d.buyerSharePercent ?? '',
    CLEARING_LABEL[d.clearing],
    d.discountDate,
    d.maturityDate,
    String(d.days + d.adjustDays),
    d.interest,
    d.netAmount,
    d.accountNo,
    APPLICATION_STATUS_LABEL[d.status],
    d.reason ?? '',
    shanghaiDateTime(Date.parse(d.appliedAt)),
    d.answeredAt ? shanghaiDateTime(Date.parse(d.answeredAt)) : '',
  ],
});
