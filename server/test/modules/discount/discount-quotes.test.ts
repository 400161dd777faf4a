import { APPLICATION_STATUS, BILL_URL, CIRCULATION } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import type { DiscountQuote, DiscountQuoteSet, DiscountRecord } from '@contract/discount-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { SANDBOX_QUOTE_VALID_MS } from '../../../src/adapters/institution/sandbox';
import { ApiFailure } from '../../../src/lib/errors';
import { signAgreement } from '../../../src/modules/agreement/service';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { liveQuote } from '../../../src/modules/discount/quotes';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  billCall,
  challengeCount,
  confirmed,
  dataOf,
  errorCodeOf,
  heldOf,
  ledgerAppEach,
  type LedgerTokens,
  MOBILE,
  openFunctions,
  ORG,
  refusedBefore,
  userIdOf,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

/** Suzhou's received, negotiable, transferable holdings not yet due, from the demo's ledger. */
async function quotable(accessToken: string): Promise<Holding[]> {
  const held = await dataOf<Page<Holding>>(
    await billCall(t.app, 'GET', `${BILL_URL.held}?size=100&billStatus=CS03`, accessToken),
  );
  const today = shanghaiDate(t.app.now());
  return held.content.filter(
    (h) => h.circulation === 'TF0301' && !h.noTransfer && h.dueDate > today && h.endedAt === null,
  );
}
const ask = (accessToken: string, holdingIds: string[]) =>
  billCall(t.app, 'POST', DISCOUNT_URL.quotes, accessToken, { holdingIds });
/** Ningbo signs the financing agreement and opens 票据贴现 and 轻松贴融资, as Suzhou has in the demo. */
async function ningboOpensEaseDiscount() {
  await t.app.db.transaction().execute((trx) =>
    signAgreement(trx, {
      orgId: ORG.ningbo,
      userId: userIdOf(MOBILE.ningbo),
      code: 'FINANCE_SERVICE',
      platformChannelId: t.config.channelId,
      now: t.app.now(),
    }),
  );
  await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_DISCOUNT', 'EASE_DISCOUNT']);
}

describe('轻松贴: quotes from every institution at once', () => {
  it('quotes each held bill by every institution, side by side, the best marked, each with its expiry', async () => {
    const [first] = await quotable(token.suzhou);
    expect(first).toBeDefined();
    const [set] = await dataOf<DiscountQuoteSet[]>(await ask(token.suzhou, [first!.id]));
    expect(set).toMatchObject({
      holdingId: first!.id,
      packageNo: first!.packageNo,
      amount: first!.amount,
      maturityDate: first!.dueDate,
      discountDate: shanghaiDate(t.app.now()),
    });
    expect(set!.quotes.map((q) => q.institution.name).sort()).toEqual(
      Object.values(DEMO_INSTITUTIONS)
        .map((i) => i.name)
        .sort(),
    );
    const offered = set!.quotes.filter((q) => q.status === 'offered');
    expect(offered.length).toBeGreaterThan(0);
    for (const quote of offered) {
      expect(quote.annualRate).toMatch(/^\d+\.\d{4}$/);
      const face = Math.round(Number(first!.amount) * 100);
      const interest = Math.round((face * Number(quote.annualRate) * (set!.days + set!.adjustDays)) / 36000);
      expect(quote.interest).toBe((interest / 100).toFixed(2));
      expect(quote.netAmount).toBe(((face - interest) / 100).toFixed(2));
      expect(Date.parse(quote.validUntil!)).toBe(t.app.now() + SANDBOX_QUOTE_VALID_MS);
    }
    const best = offered.filter((q) => q.best);
    expect(best.length).toBeGreaterThanOrEqual(1);
    const most = Math.max(...offered.map((q) => Number(q.netAmount)));
    expect(best.every((q) => Number(q.netAmount) === most)).toBe(true);
    for (const declined of set!.quotes.filter((q) => q.status === 'declined')) {
      expect(declined).toMatchObject({ annualRate: null, netAmount: null, best: false, validUntil: null });
      expect(declined.reason).toBeTruthy();
    }
  });

  it('keeps each quote until its expiry: then, or on another day, it can no longer be taken', async () => {
    const [first] = await quotable(token.suzhou);
    const [set] = await dataOf<DiscountQuoteSet[]>(await ask(token.suzhou, [first!.id]));
    const offer = set!.quotes.find((q) => q.status === 'offered')!;
    const declined = set!.quotes.find((q) => q.status === 'declined');
    await expect(liveQuote(t.app.db, ORG.suzhou, offer.id, t.app.now())).resolves.toMatchObject({
      id: offer.id,
      annual_rate: offer.annualRate,
    });
    const refusedWith = async (orgId: string, id: string) => {
      const error = await liveQuote(t.app.db, orgId, id, t.app.now()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiFailure);
      return (error as ApiFailure).code;
    };
    expect(await refusedWith(ORG.ningbo, offer.id)).toBe(API_ERROR.quoteExpired);
    if (declined) expect(await refusedWith(ORG.suzhou, declined.id)).toBe(API_ERROR.quoteExpired);
    t.clock.advance(SANDBOX_QUOTE_VALID_MS);
    expect(await refusedWith(ORG.suzhou, offer.id)).toBe(API_ERROR.quoteExpired);
  });

  it('refuses a holding that is not the caller’s, or not free to discount, before asking any institution', async () => {
    const [first] = await quotable(token.suzhou);
    await ningboOpensEaseDiscount();
    const foreign = await ask(token.ningbo, [first!.id]);
    expect(foreign.statusCode).toBe(404);
    const unknown = await ask(token.suzhou, [first!.id, 'no-such-holding']);
    expect(unknown.statusCode).toBe(404);
    expect(await t.app.db.selectFrom('discount_quotes').select('id').execute()).toEqual([]);
    const tooMany = await ask(
      token.suzhou,
      Array.from({ length: 11 }, () => first!.id),
    );
    expect(tooMany.statusCode).toBe(400);
    const none = await ask(token.suzhou, []);
    expect(none.statusCode).toBe(400);
    expect(errorCodeOf(none)).toBeTruthy();
  });
});

describe('轻松贴: applying for a discount with a quote, in one step', () => {
  const takeBody = (set: DiscountQuoteSet, quote: DiscountQuote, fields: object = {}) => ({
    quoteId: quote.id,
    holdingId: set.holdingId,
    institutionOrgId: quote.institution.orgId,
    amount: set.amount,
    interestPayer: 'PT02',
    clearing: 'SM00',
    ...fields,
  });
  const take =
    (accessToken: string, body: object) =>
    (headers: Record<string, string> = {}) =>
      billCall(t.app, 'POST', DISCOUNT_URL.apply, accessToken, body, headers);
  /** Suzhou's quotes for its first quotable bill, and the best live offer among them. */
  async function quoted() {
    const holding = (await quotable(token.suzhou)).find((h) => h.splittable)!;
    const [set] = await dataOf<DiscountQuoteSet[]>(await ask(token.suzhou, [holding.id]));
    const best = set!.quotes.find((q) => q.status === 'offered' && q.best)!;
    return { holding, set: set!, best };
  }

  it('discounts the front part at the quote’s rate, the institution and bill being the quote’s', async () => {
    const { holding, set, best } = await quoted();
    const half = (Number(set.amount) / 2).toFixed(2);
    const record = await dataOf<DiscountRecord>(
      await confirmed(t, token.suzhou, take(token.suzhou, takeBody(set, best, { amount: half }))),
      201,
    );
    expect(record).toMatchObject({
      packageId: holding.packageId,
      amount: half,
      institution: { orgId: best.institution.orgId, name: best.institution.name },
      annualRate: best.annualRate,
      interestPayer: 'PT02',
      days: set.days,
      adjustDays: set.adjustDays,
      status: APPLICATION_STATUS.pending,
    });
    const face = Math.round(Number(half) * 100);
    const interest = Math.round((face * Number(best.annualRate) * (set.days + set.adjustDays)) / 36000);
    expect(record.interest).toBe((interest / 100).toFixed(2));
    // The front part is locked for the institution's answer; the rest stays free.
    const after = (await heldOf(t, token.suzhou)).content.filter(
      (h) => h.packageId === holding.packageId && h.endedAt === null,
    );
    expect(after.map((h) => [h.amount, h.circulation])).toEqual(
      expect.arrayContaining([
        [half, CIRCULATION.locked],
        [(Number(set.amount) - Number(half)).toFixed(2), CIRCULATION.negotiable],
      ]),
    );
  });

  it('refuses an expired, declined, foreign or mismatched quote, and a rate sent beside it, before any confirmation', async () => {
    const { holding, set, best } = await quoted();
    const other = set.quotes.find((q) => q.status === 'offered' && q.id !== best.id);
    const declined = set.quotes.find((q) => q.status === 'declined');
    const refusals: Array<[string, object, number, string]> = [
      ['a rate beside the quote', { annualRate: '0.0100' }, 400, API_ERROR.rateInvalid],
      ['a quote of no one', { quoteId: 'no-such-quote' }, 409, API_ERROR.quoteExpired],
      ['another holding', { holdingId: 'not-this-holding' }, 400, API_ERROR.badRequest],
      ...(other
        ? [['another institution', { institutionOrgId: other.institution.orgId }, 400, API_ERROR.badRequest]]
        : []),
      ...(declined ? [['a declined quote', { quoteId: declined.id }, 409, API_ERROR.quoteExpired]] : []),
    ] as Array<[string, object, number, string]>;
    for (const [what, fields, status, code] of refusals) {
      expect(await refusedBefore(t, take(token.suzhou, takeBody(set, best, fields))), what).toEqual([
        status,
        code,
      ]);
    }

    // Another organisation with both functions open is answered as for a quote that does not exist.
    await ningboOpensEaseDiscount();
    const before = await challengeCount(t);
    const foreign = await take(token.ningbo, takeBody(set, best))();
    const missing = await take(token.ningbo, takeBody(set, best, { quoteId: 'no-such-quote' }))();
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual(missing.json());

    t.clock.advance(SANDBOX_QUOTE_VALID_MS);
    const expired = await take(token.suzhou, takeBody(set, best))();
    expect(expired.statusCode).toBe(409);
    expect(errorCodeOf(expired)).toBe(API_ERROR.quoteExpired);
    expect(expired.json<{ msg: string }>().msg).toBe('报价已过期，请重新询价');
    expect(await challengeCount(t)).toBe(before);
    const still = (await heldOf(t, token.suzhou)).content.find((h) => h.id === holding.id);
    expect(still).toMatchObject({ circulation: CIRCULATION.negotiable, endedAt: null });
  });

  it('needs 轻松贴融资 open, for quotes and for applying with one', async () => {
    const { set, best } = await quoted();
    await t.app.db
      .deleteFrom('org_function_openings')
      .where('org_id', '=', ORG.suzhou)
      .where('func_code', '=', 'EASE_DISCOUNT')
      .execute();
    const quotes = await ask(token.suzhou, [set.holdingId]);
    expect(quotes.statusCode).toBe(409);
    expect(errorCodeOf(quotes)).toBe(API_ERROR.functionNotOpened);
    const before = await challengeCount(t);
    const applied = await take(token.suzhou, takeBody(set, best))();
    expect(errorCodeOf(applied)).toBe(API_ERROR.functionNotOpened);
    expect(await challengeCount(t)).toBe(before);
  });
});
