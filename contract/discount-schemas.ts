import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { APPLICATION_STATUS } from './bills';
import { CLEARINGS, DISCOUNT_FILTER_TEXT_MAX, INTEREST_PAYERS, QUOTE_BILLS_MAX } from './discount';
import { PageQuery } from './envelope-schemas';

/**
 * The wire shapes of discount.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type that the SPA imports with `import type`.
 */

/** Text the server checks itself, so a mistake is answered with its own code and a Chinese message. */
const Typed = (maxLength: number) => Type.String({ maxLength });
/** Yuan with two decimals, e.g. "1000000.00". */
const Yuan = Type.String();

/** `POST /api/scbill/discount/trial` */
export const DiscountTrialRequest = Type.Object({
  /** The face of the discounted range, yuan ("1000000.00"). */
  faceAmount: Typed(32),
  /** Annual rate, per cent, at most four decimals ("2.0000"). */
  annualRate: Typed(16),
  /** YYYY-MM-DD */
  discountDate: Typed(16),
  /** YYYY-MM-DD, the bill's maturity. */
  maturityDate: Typed(16),
  /** PT02 (the seller pays) when absent. */
  interestPayer: Type.Optional(literalUnion(INTEREST_PAYERS)),
  /** PT03 only: the buyer's share of the interest, per cent ("40" or "40.00"). */
  buyerSharePercent: Type.Optional(Typed(16)),
});
export type DiscountTrialRequest = Static<typeof DiscountTrialRequest>;

export const DiscountTrial = Type.Object({
  faceAmount: Yuan,
  annualRate: Type.String(),
  discountDate: Type.String(),
  maturityDate: Type.String(),
  /** The business day the bill is paid on: maturity, or the next business day after it. */
  paymentDate: Type.String(),
  /** From the discount date to maturity, the first day counted and the last not. */
  days: Type.Integer(),
  /** From maturity to `paymentDate` when maturity is not a business day; else 0. */
  adjustDays: Type.Integer(),
  interestPayer: literalUnion(INTEREST_PAYERS),
  buyerSharePercent: Type.Optional(Type.String()),
  /** face x rate x (days + adjustDays) / 360, rounded half up to the fen. */
  interest: Yuan,
  /** The interest the buyer pays the institution. */
  buyerInterest: Yuan,
  /** The interest deducted from what the seller receives. */
  sellerInterest: Yuan,
  /** What the seller (the holder who discounts) receives. */
  netAmount: Yuan,
});
export type DiscountTrial = Static<typeof DiscountTrial>;

/** `POST /api/scbill/discount/quotes` */
export const DiscountQuoteRequest = Type.Object({
  /** The held bills (holdings) to be quoted, each for its whole amount. */
  holdingIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: QUOTE_BILLS_MAX }),
});
export type DiscountQuoteRequest = Static<typeof DiscountQuoteRequest>;

/** One institution's answer for one held bill, the seller paying the interest (PT02). */
export const DiscountQuote = Type.Object({
  id: Type.String(),
  institution: Type.Object({ orgId: Type.String(), name: Type.String() }),
  /** offered: a rate until `validUntil`; declined: `reason` says why. */
  status: literalUnion(['offered', 'declined'] as const),
  annualRate: Type.Union([Type.String(), Type.Null()]),
  interest: Type.Union([Yuan, Type.Null()]),
  netAmount: Type.Union([Yuan, Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** ISO time; null when declined. */
  validUntil: Type.Union([Type.String(), Type.Null()]),
  /** The offer with the most money for the holder (the lowest interest) of this bill's quotes. */
  best: Type.Boolean(),
});
export type DiscountQuote = Static<typeof DiscountQuote>;

/** The quotes of one held bill, side by side. */
export const DiscountQuoteSet = Type.Object({
  holdingId: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  maturityDate: Type.String(),
  discountDate: Type.String(),
  days: Type.Integer(),
  adjustDays: Type.Integer(),
  quotes: Type.Array(DiscountQuote),
});
export type DiscountQuoteSet = Static<typeof DiscountQuoteSet>;

/** `POST /api/scbill/discount/apply` */
export const DiscountApplyRequest = Type.Object({
  /** The holding whose front part is discounted. */
  holdingId: Type.String({ maxLength: 64 }),
  institutionOrgId: Type.String({ maxLength: 64 }),
  /** Yuan: the front part, all of it when the bill may not be split. */
  amount: Typed(32),
  /** Per cent a year, at most four decimals; absent when a quote is taken, whose rate is the application's. */
  annualRate: Type.Optional(Typed(16)),
  interestPayer: literalUnion(INTEREST_PAYERS),
  /** PT03 only: the buyer's share, per cent. */
  buyerSharePercent: Type.Optional(Typed(16)),
  clearing: literalUnion(CLEARINGS),
  /** The holder's verified settlement account to be paid into; its default one when absent. */
  accountId: Type.Optional(Type.String({ maxLength: 64 })),
  /** 轻松贴: the quote taken, live and the caller's, for this holding and institution. */
  quoteId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DiscountApplyRequest = Static<typeof DiscountApplyRequest>;

/** One discount as the holder's list shows it. */
export const DiscountRecord = Type.Object({
  /** The application's id. */
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  institution: Type.Object({ orgId: Type.String(), name: Type.String() }),
  annualRate: Type.String(),
  interestPayer: literalUnion(INTEREST_PAYERS),
  buyerSharePercent: Type.Union([Type.String(), Type.Null()]),
  clearing: literalUnion(CLEARINGS),
  discountDate: Type.String(),
  maturityDate: Type.String(),
  days: Type.Integer(),
  adjustDays: Type.Integer(),
  interest: Yuan,
  buyerInterest: Yuan,
  /** What the holder receives. */
  netAmount: Yuan,
  /** The account paid into (masked as the screens show accounts). */
  accountNo: Type.String(),
  status: literalUnion(Object.values(APPLICATION_STATUS)),
  /** The institution's refusal, or why online clearing failed. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** True once the net amount reached the holder's account through the platform. */
  paid: Type.Boolean(),
  appliedAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
export type DiscountRecord = Static<typeof DiscountRecord>;

/**
 * 我的贴现's filters, as the list call and its export take them: a part of the bill's package number
 * (spaces and line breaks ignored, empty ignored), the application's status, the institution, and a range
 * of discount dates (YYYY-MM-DD, either end open).
 */
export const DiscountListFilter = Type.Object({
  packageNo: Type.Optional(Type.String({ maxLength: DISCOUNT_FILTER_TEXT_MAX })),
  status: Type.Optional(literalUnion(Object.values(APPLICATION_STATUS))),
  institutionOrgId: Type.Optional(Type.String({ maxLength: 64 })),
  dateFrom: Type.Optional(Typed(16)),
  dateTo: Type.Optional(Typed(16)),
});
export type DiscountListFilter = Static<typeof DiscountListFilter>;

/** `GET /api/scbill/discount/list` */
export const DiscountListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  ...DiscountListFilter.properties,
});
export type DiscountListQuery = Static<typeof DiscountListQuery>;
