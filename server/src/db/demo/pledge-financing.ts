import { REPAYMENT_MODE } from '@contract/pledge-fin';
import { registerCreditLine, registerProduct } from '../../modules/pledge-fin/service';
import type { Db } from '../database';
import { DEMO_ORGS } from '../seed';
import { DEMO_INSTITUTIONS } from './institutions';

const WAN = 10_000 * 100;

/**
 * The simulated institutions' pledge financing products (rates near what Chinese banks charged for
 * bill-backed working capital loans in 2025) and the credit lines they granted the demo companies that
 * finance: Suzhou and Ningbo hold bills, Shanghai draws and accepts them.
 */
export const DEMO_PLEDGE_PRODUCTS = {
  spdbMonthly: {
    id: '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e01',
    institutionOrgId: DEMO_INSTITUTIONS.spdb.orgId,
    name: '票据质押流贷（按月付息）',
    annualRate: '3.8500',
    pledgeRatio: '80',
    minFen: 10 * WAN,
    maxFen: 5_000 * WAN,
    maxTermDays: 180,
    feeRate: '0.1000',
    repaymentMode: REPAYMENT_MODE.monthly,
    dayBasis: 360,
    penaltyRate: '5.7750',
  },
  cmbBullet: {
    id: '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e02',
    institutionOrgId: DEMO_INSTITUTIONS.cmb.orgId,
    name: '票据池融资（利随本清）',
    annualRate: '3.6000',
    pledgeRatio: '90',
    minFen: 1 * WAN,
    maxFen: 3_000 * WAN,
    maxTermDays: 365,
    feeRate: '0',
    repaymentMode: REPAYMENT_MODE.atMaturity,
    dayBasis: 365,
    penaltyRate: '5.4000',
  },
  cibQuarterly: {
    id: '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e03',
    institutionOrgId: DEMO_INSTITUTIONS.cib.orgId,
    name: '商票质押贷（按季付息）',
    annualRate: '4.1000',
    pledgeRatio: '70',
    minFen: 50 * WAN,
    maxFen: 10_000 * WAN,
    maxTermDays: 360,
    feeRate: '0.0500',
    repaymentMode: REPAYMENT_MODE.quarterly,
    dayBasis: 360,
    penaltyRate: '6.1500',
  },
} as const;

/** Credit lines: each financing company with two of the institutions. */
export const DEMO_CREDIT_LINES = [
  { orgId: DEMO_ORGS.suzhou.id, institutionOrgId: DEMO_INSTITUTIONS.spdb.orgId, lineFen: 2_000 * WAN },
  { orgId: DEMO_ORGS.suzhou.id, institutionOrgId: DEMO_INSTITUTIONS.cmb.orgId, lineFen: 500 * WAN },
  { orgId: DEMO_ORGS.ningbo.id, institutionOrgId: DEMO_INSTITUTIONS.spdb.orgId, lineFen: 1_000 * WAN },
  { orgId: DEMO_ORGS.ningbo.id, institutionOrgId: DEMO_INSTITUTIONS.cib.orgId, lineFen: 3_000 * WAN },
] as const;

/** Registers the products and credit lines through the module, in the caller's transaction. */
export async function seedDemoPledgeFinancing(db: Db, now: number): Promise<void> {
  for (const product of Object.values(DEMO_PLEDGE_PRODUCTS)) await registerProduct(db, product, now);
  for (const line of DEMO_CREDIT_LINES) await registerCreditLine(db, line, now);
}
