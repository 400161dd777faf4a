import { BILL_STATUS, CIRCULATION, subTicketRange } from '@contract/bills';
import { INTEREST_PAYER } from '@contract/discount';
import type { DiscountQuote, DiscountQuoteSet } from '@contract/discount-schemas';
import { API_ERROR } from '@contract/errors';
import type { InstitutionGateway, InstitutionRefusal } from '../../adapters/institution/gateway';
import type { Db } from '../../db/database';
import type { DiscountQuoteTable } from '../../db/schema';
import { daysBetween } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { discountFigures } from '../../lib/interest';
import { fenToYuan } from '../../lib/money';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { holidayCalendar } from '../holiday/service';
import { institutionList } from '../institution/service';
import { DISCOUNT_MSG } from './messages';

interface QuoteDeps {
  db: Db;
  now: number;
  institutions: InstitutionGateway;
}

/** A held bill as 轻松贴 quotes it: the caller's current holding, received and free to discount today. */
async function quotableHolding(db: Db, orgId: string, holdingId: string, today: string) {
  const row = await db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .innerJoin('organizations as a', 'a.id', 'p.acceptor_org_id')
    .select([
      'h.id',
      'h.package_id',
      'h.sub_start',
      'h.sub_end',
      'h.amount_fen',
      'h.bill_status',
      'h.circ_status',
      'p.package_no',
      'p.due_date',
      'p.no_transfer',
      'a.name as acceptor_name',
      'a.credit_code as acceptor_credit_code',
    ])
    .where('h.id', '=', holdingId)
    .where('h.org_id', '=', orgId)
    .where('h.ended_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw fail(API_ERROR.notFound, DISCOUNT_MSG.holdingNotFound);
  if (row.no_transfer === 1) throw fail(API_ERROR.billNotTransferable, DISCOUNT_MSG.notTransferable);
  if (row.bill_status !== BILL_STATUS.received || row.circ_status !== CIRCULATION.negotiable) {
    throw fail(API_ERROR.billStateInvalid, DISCOUNT_MSG.notQuotable(row.package_no));
  }
  if (today >= row.due_date) throw fail(API_ERROR.billStateInvalid, DISCOUNT_MSG.matured(row.package_no));
  return row;
}

/**
 * 轻松贴: every institution's quote for each chosen held bill, for its whole amount, the seller paying the
 * interest (the form's default; the application may choose otherwise). Each answer is kept with its
 * expiry, so the application names the quote it takes. Every bill is checked before any institution is
 * asked: one that cannot be discounted refuses the whole request.
 */
export async function quoteHeldBills(
  { db, now, institutions }: QuoteDeps,
  orgId: string,
  holdingIds: readonly string[],
): Promise<DiscountQuoteSet[]> {
  const today = shanghaiDate(now);
  const holdings = [];
  for (const id of new Set(holdingIds)) holdings.push(await quotableHolding(db, orgId, id, today));
  const [calendar, banks] = await Promise.all([holidayCalendar(db), institutionList(db)]);
  const sets: DiscountQuoteSet[] = [];
  for (const holding of holdings) {
    const amountFen = Number(holding.amount_fen);
    const days = daysBetween(today, holding.due_date);
    const adjustDays = calendar.adjustDays(holding.due_date);
    const rows: DiscountQuoteTable[] = [];
    for (const bank of banks) {
      const answer = await institutions.quote(
        {
          institution: { orgId: bank.orgId, bankNo: bank.bankNo },
          act: 'discount',
          bill: {
            billNo: holding.package_no,
            acceptorName: holding.acceptor_name,
            acceptorCreditCode: holding.acceptor_credit_code ?? '',
            amountFen,
            maturityDate: holding.due_date,
          },
          onDate: today,
        },
        db,
      );
      const figures =
        answer.status === 'offered'
          ? discountFigures({
              faceFen: amountFen,
              annualRatePercent: answer.annualRate,
              days,
              adjustDays,
              payer: INTEREST_PAYER.seller,
            })
          : null;
      rows.push({
        id: newId(),
        org_id: orgId,
        holding_id: holding.id,
        institution_org_id: bank.orgId,
        amount_fen: amountFen,
        quote_date: today,
        annual_rate: answer.status === 'offered' ? answer.annualRate : null,
        reason: answer.status === 'declined' ? answer.reason : null,
        days,
        adjust_days: adjustDays,
        interest_fen: figures?.interestFen ?? null,
        net_fen: figures?.netFen ?? null,
        valid_until: answer.status === 'offered' ? answer.validUntil : null,
        created_at: now,
      });
    }
    if (rows.length > 0) await db.insertInto('discount_quotes').values(rows).execute();
    const bestNet = Math.max(...rows.map((row) => (row.net_fen === null ? -1 : Number(row.net_fen))));
    const names = new Map(banks.map((bank) => [bank.orgId, bank.name]));
    sets.push({
      holdingId: holding.id,
      packageId: holding.package_id,
      packageNo: holding.package_no,
      range: subTicketRange(Number(holding.sub_start), Number(holding.sub_end)),
      amount: fenToYuan(amountFen),
      maturityDate: holding.due_date,
      discountDate: today,
      days,
      adjustDays,
      quotes: rows.map((row): DiscountQuote => ({
        id: row.id,
        institution: { orgId: row.institution_org_id, name: names.get(row.institution_org_id) ?? '' },
        status: row.annual_rate === null ? 'declined' : 'offered',
        annualRate: row.annual_rate,
        interest: row.interest_fen === null ? null : fenToYuan(row.interest_fen),
        netAmount: row.net_fen === null ? null : fenToYuan(row.net_fen),
        reason: row.reason === null ? null : DISCOUNT_MSG.declined[row.reason as InstitutionRefusal],
        validUntil: row.valid_until === null ? null : isoTime(Number(row.valid_until)),
        best: row.net_fen !== null && Number(row.net_fen) === bestNet,
      })),
    });
  }
  return sets;
}

/**
 * A quote the caller may still take: its own, offered, and not past its expiry on the day it was given
 * (a quote's figures are for that discount date). Anything else is 409 QUOTE_EXPIRED, another
 * organisation's quote the same as a missing one.
 */
export async function liveQuote(db: Db, orgId: string, quoteId: string, now: number) {
  const quote = await db
    .selectFrom('discount_quotes')
    .selectAll()
    .where('id', '=', quoteId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!quote || quote.annual_rate === null || quote.valid_until === null) {
    throw fail(API_ERROR.quoteExpired, DISCOUNT_MSG.quoteUnavailable);
  }
  if (Number(quote.valid_until) <= now || quote.quote_date !== shanghaiDate(now)) {
    throw fail(API_ERROR.quoteExpired, DISCOUNT_MSG.quoteExpired);
  }
  return quote;
}
