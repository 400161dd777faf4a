import { API_ERROR } from '@contract/errors';
import { DAY_BASES, REPAYMENT_MODES, type RepaymentMode } from '@contract/pledge-fin';
import Big from 'big.js';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { institutionOf } from '../institution/service';
import { rateOf } from './cost';
import { PLEDGE_FIN_MSG } from './messages';

/** What an institution offers as one pledge financing product. */
export interface ProductRegistration {
  id?: string;
  institutionOrgId: string;
  name: string;
  annualRate: string;
  /** Per cent, above 0 and at most 100. */
  pledgeRatio: string;
  minFen: number;
  maxFen: number;
  maxTermDays: number;
  feeRate: string;
  repaymentMode: RepaymentMode;
  dayBasis: number;
  penaltyRate: string;
}

/** Registers an institution's product; a mistake in its terms is refused before anything is written. */
export async function registerProduct(db: Db, input: ProductRegistration, now: number): Promise<string> {
  if (!(await institutionOf(db, input.institutionOrgId))) {
    throw fail(API_ERROR.pledgeFinProductInvalid, PLEDGE_FIN_MSG.productInvalid);
  }
  const ratio = new Big(input.pledgeRatio);
  const valid =
    input.name.trim() !== '' &&
    ratio.gt(0) &&
    ratio.lte(100) &&
    Number.isSafeInteger(input.minFen) &&
    Number.isSafeInteger(input.maxFen) &&
    input.minFen >= 1 &&
    input.minFen <= input.maxFen &&
    Number.isInteger(input.maxTermDays) &&
    input.maxTermDays >= 1 &&
    REPAYMENT_MODES.includes(input.repaymentMode) &&
    DAY_BASES.includes(input.dayBasis);
  if (!valid) throw fail(API_ERROR.pledgeFinProductInvalid, PLEDGE_FIN_MSG.productInvalid);
  const id = input.id ?? newId();
  await db
    .insertInto('pledge_fin_products')
    .values({
      id,
      institution_org_id: input.institutionOrgId,
      name: input.name.trim(),
      annual_rate: rateOf(input.annualRate),
      pledge_ratio: ratio.toFixed(2),
      min_fen: input.minFen,
      max_fen: input.maxFen,
      max_term_days: input.maxTermDays,
      fee_rate: rateOf(input.feeRate, true),
      repayment_mode: input.repaymentMode,
      day_basis: input.dayBasis,
      penalty_rate: rateOf(input.penaltyRate),
      created_at: now,
    })
    .execute();
  return id;
}

/** Sets what an institution will lend an organisation in all (its credit line), replacing an earlier one. */
export async function registerCreditLine(
  db: Db,
  line: { orgId: string; institutionOrgId: string; lineFen: number },
  now: number,
): Promise<void> {
  if (!Number.isSafeInteger(line.lineFen) || line.lineFen < 0) {
    throw fail(API_ERROR.amountInvalid, PLEDGE_FIN_MSG.principalInvalid);
  }
  await db
    .insertInto('pledge_fin_credit_lines')
    .values({
      org_id: line.orgId,
      institution_org_id: line.institutionOrgId,
      line_fen: line.lineFen,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['org_id', 'institution_org_id']).doUpdateSet({ line_fen: line.lineFen }))
    .execute();
}
