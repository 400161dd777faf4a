import { BILL_URL } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import type { DiscountQuoteSet } from '@contract/discount-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { SANDBOX_QUOTE_VALID_MS } from '../../../src/adapters/institution/sandbox';
import { ApiFailure } from '../../../src/lib/errors';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { liveQuote } from '../../../src/modules/discount/quotes';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  billCall,
  dataOf,
  errorCodeOf,
  type LedgerTokens,
  ledgerTokens,
  ORG,
} from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
beforeEach(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
});
afterEach(async () => {
  await t.app.close();
});

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
