import { billRange } from '@contract/bills';
import type { Clearing, InterestPayer } from '@contract/discount';
import type { DiscountRecord } from '@contract/discount-schemas';
import type { ApplicationStatus } from '@contract/bills';
import type { Db } from '../../db/database';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { isoTime } from '../../lib/shanghai-time';

/** Shows the first four and last four digits, as the screens show account numbers. */
const masked = (accountNo: string) =>
  accountNo.length <= 8 ? accountNo : `${accountNo.slice(0, 4)} **** ${accountNo.slice(-4)}`;

function discountRows(db: Db, orgId: string) {
  return db
    .selectFrom('discount_applications as d')
    .innerJoin('bill_applications as a', 'a.id', 'd.application_id')
    .innerJoin('bill_packages as p', 'p.id', 'a.package_id')
    .innerJoin('organizations as i', 'i.id', 'd.institution_org_id')
    .innerJoin('bank_accounts as b', 'b.id', 'd.account_id')
    .where('d.holder_org_id', '=', orgId);
}

/** The organisation's discounts, newest first; `status` narrows to one application status, `id` to one. */
export async function discountPage(
  db: Db,
  orgId: string,
  paging: PageRequest,
  filter: { status?: ApplicationStatus | undefined; id?: string } = {},
): Promise<{ content: DiscountRecord[]; total: number }> {
  const { status, id } = filter;
  const filtered = discountRows(db, orgId)
    .$if(status !== undefined, (q) => q.where('a.status', '=', status!))
    .$if(id !== undefined, (q) => q.where('d.application_id', '=', id!));
  const [rows, count] = await Promise.all([
    filtered
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
      .orderBy('d.created_at', 'desc')
      .orderBy('d.application_id', 'desc')
      .limit(paging.size)
      .offset(paging.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
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
  const { content } = await discountPage(db, orgId, { page: 0, size: 1, offset: 0 }, { id });
  return content[0];
}
