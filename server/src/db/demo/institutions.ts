import { registerInstitution, type InstitutionRegistration } from '../../modules/institution/service';
import type { Db } from '../database';

/**
 * The demo's institutions: three real head offices (their CNAPS numbers are the banks' own), each marked as
 * simulated in its name, with credit codes and settlement accounts of the demo's invention, so nothing here
 * can be taken for the bank itself.
 */
export const DEMO_INSTITUTIONS = {
  spdb: {
    orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b01',
    name: '浦发银行（模拟）',
    creditCode: '91310000MA1KB2900W',
    bankNo: '310290000013',
    accountNo: '310290000013088801',
  },
  cmb: {
    orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b02',
    name: '招商银行（模拟）',
    creditCode: '91440300MA5KB5840C',
    bankNo: '308584000013',
    accountNo: '308584000013088802',
  },
  cib: {
    orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b03',
    name: '兴业银行（模拟）',
    creditCode: '91350100MA2KB39101',
    bankNo: '309391000011',
    accountNo: '309391000011088803',
  },
} as const satisfies Record<string, InstitutionRegistration & { orgId: string }>;

/** Registers the demo institutions through the module's own registration, in the caller's transaction. */
export async function seedDemoInstitutions(db: Db, now: number): Promise<void> {
  for (const institution of Object.values(DEMO_INSTITUTIONS)) await registerInstitution(db, institution, now);
}
