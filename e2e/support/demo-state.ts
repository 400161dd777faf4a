import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from './env';

/**
 * Other journeys meet 杭州未认证贸易有限公司 unauthenticated and without a bound licence, as the demo data has
 * it: a journey that authenticates it puts the flags back when it is done (what it created stays).
 */
export function restoreUnauthenticated(orgName: string): void {
  const db = new Database(path.join(E2E_DATA_DIR, 'chain-bill.sqlite'), { fileMustExist: true });
  try {
    db.prepare('UPDATE organizations SET authorized = 0, bound = 0 WHERE name = ?').run(orgName);
  } finally {
    db.close();
  }
}

/**
 * Binds or unbinds an organisation's e-licence, as its licence authentication in the company centre would:
 * with it bound, the ledger's acts are confirmed by the licence holder's QR instead of an SMS code. Other
 * journeys meet the companies as the demo data has them, so a journey that binds one unbinds it when done.
 */
export function setLicenceBound(orgName: string, bound: boolean): void {
  const db = new Database(path.join(E2E_DATA_DIR, 'chain-bill.sqlite'), { fileMustExist: true });
  try {
    db.prepare('UPDATE organizations SET bound = ? WHERE name = ?').run(bound ? 1 : 0, orgName);
  } finally {
    db.close();
  }
}
