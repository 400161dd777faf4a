import Big from 'big.js';
import { daysBetween } from '../../lib/calendar-date';
import { INSTITUTION_REFUSAL, type BillFacts, type InstitutionRefusal } from './gateway';

/**
 * The sandbox institutions' written policy (docs/domain.md, the sandbox institutions): how each answers a
 * quote and an application. A policy is plain data so the sandbox page and the docs can show it as it is.
 */

/** Up to `maxDays` of remaining term, the rate is `rate` (per cent a year, 4 decimals). */
export interface RateTier {
  maxDays: number;
  rate: string;
}

export interface InstitutionPolicy {
  /** Rate tiers by acceptor credit code; `*` for any other acceptor (absent: others are refused). */
  rates: Record<string, readonly RateTier[]>;
  /** The most it takes on one bill part, in fen. */
  limitFen: number;
}

/** The demo's core enterprise (上海链票示范供应链有限公司), the acceptor of the demo's bills. */
const CORE_ACCEPTOR = '91310000MA1FL8LK3Y';

/** A term within a year; each tier longer, each a little dearer. */
const tiers = (base: string): readonly RateTier[] =>
  [
    { maxDays: 90, step: '0' },
    { maxDays: 180, step: '0.10' },
    { maxDays: 366, step: '0.25' },
  ].map(({ maxDays, step }) => ({ maxDays, rate: new Big(base).plus(step).toFixed(4) }));

/**
 * Per head-office CNAPS number. 浦发 takes any acceptor, the core enterprise cheaper; 招商 only the core
 * enterprise, at the lowest rates, up to a high limit; 兴业 any acceptor at one rate, up to a low limit.
 * An institution not named here answers by the default.
 */
export const SANDBOX_INSTITUTION_POLICIES: Readonly<Record<string, InstitutionPolicy>> = {
  '310290000013': {
    rates: { [CORE_ACCEPTOR]: tiers('1.8500'), '*': tiers('2.6000') },
    limitFen: 5_000_000_00,
  },
  '308584000013': { rates: { [CORE_ACCEPTOR]: tiers('1.7800') }, limitFen: 20_000_000_00 },
  '309391000011': {
    rates: { [CORE_ACCEPTOR]: tiers('1.9500'), '*': tiers('1.9500') },
    limitFen: 2_000_000_00,
  },
};

export const DEFAULT_INSTITUTION_POLICY: InstitutionPolicy = {
  rates: { '*': tiers('2.2000') },
  limitFen: 10_000_000_00,
};

export const policyOf = (bankNo: string): InstitutionPolicy =>
  SANDBOX_INSTITUTION_POLICIES[bankNo] ?? DEFAULT_INSTITUTION_POLICY;

export type PolicyDecision =
  { decision: 'sign'; annualRate: string } | { decision: 'refuse'; reason: InstitutionRefusal };

/**
 * What the policy answers for a bill part on `onDate`: the rate of its acceptor's tier for the remaining
 * term, or a refusal, checked in this order: acceptor, term, limit, and for an application the rate asked
 * (an applicant may offer more than the policy's rate, never less).
 */
export function decide(
  policy: InstitutionPolicy,
  bill: BillFacts,
  onDate: string,
  askedRate: string | null = null,
): PolicyDecision {
  const tiersFor = policy.rates[bill.acceptorCreditCode] ?? policy.rates['*'];
  if (!tiersFor) return { decision: 'refuse', reason: INSTITUTION_REFUSAL.acceptorNotApproved };
  const days = daysBetween(onDate, bill.maturityDate);
  const tier = days > 0 ? tiersFor.find((t) => days <= t.maxDays) : undefined;
  if (!tier) return { decision: 'refuse', reason: INSTITUTION_REFUSAL.termOutOfRange };
  if (bill.amountFen > policy.limitFen) return { decision: 'refuse', reason: INSTITUTION_REFUSAL.overLimit };
  if (askedRate !== null && new Big(askedRate).lt(tier.rate)) {
    return { decision: 'refuse', reason: INSTITUTION_REFUSAL.rateTooLow };
  }
  return { decision: 'sign', annualRate: tier.rate };
}
