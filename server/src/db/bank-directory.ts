import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Db } from './database';
import { lockWithinTransaction } from './locks';
import type { BankBranchTable } from './schema';

/**
 * The CNAPS branch directory shipped with the server (reference/bank-branches, MIT, see its README). Resolved
 * from this module's own location: server/src/db/ when run from source, dist/server/ in the bundle, where
 * scripts/build-server.mjs copies the folder.
 */
export const BANK_BRANCHES_FILE = new URL('./reference/bank-branches/branches.csv', import.meta.url);
const DIRECTORY_NAME = 'bank-branches';
const HEADER = 'cnaps,bank_code,bank_name,branch_name,province,city,city_code';
const COLUMNS = HEADER.split(',').length;
const BANK_NO = /^\d{12}$/;
/** Rows per INSERT: 6 values each, well inside SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 1000;

/** The rows of the directory file. Throws on a malformed line: the file ships with the server. */
export function parseBankBranches(text: string): BankBranchTable[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines[0] !== HEADER) throw new Error(`bank directory: unexpected header ${lines[0]}`);
  return lines.slice(1).map((line, index) => {
    const cells = line.split(',');
    const [bankNo, bankCode, bankName, fullName, province, city] = cells;
    if (
      cells.length !== COLUMNS ||
      !bankNo ||
      !BANK_NO.test(bankNo) ||
      bankCode !== bankNo.slice(0, 3) ||
      !bankName ||
      !fullName
    ) {
      throw new Error(`bank directory: malformed line ${index + 2}`);
    }
    return {
      bank_no: bankNo,
      bank_code: bankCode,
      bank_name: bankName,
      full_name: fullName,
      province: province ?? '',
      city: city ?? '',
    };
  });
}

async function loadedVersion(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('reference_data_versions')
    .select('version')
    .where('name', '=', DIRECTORY_NAME)
    .executeTakeFirst();
  return row?.version;
}

/**
 * Loads the directory into `bank_branches` when the table holds another edition of the file (or none): one
 * transaction that replaces every row, so a search never sees half a directory. A start with the same
 * file reads one row and returns false. Several nodes starting at once load it once (the lock, then the
 * version is read again).
 */
export async function ensureBankDirectory(
  db: Db,
  now: number,
  file: URL = BANK_BRANCHES_FILE,
): Promise<boolean> {
  const text = fs.readFileSync(file, 'utf8');
  const version = crypto.hash('sha256', text, 'hex');
  if ((await loadedVersion(db)) === version) return false;
  const rows = parseBankBranches(text);
  return db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, 'reference-data:bank-branches');
    if ((await loadedVersion(trx)) === version) return false;
    await trx.deleteFrom('bank_branches').execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('bank_branches')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    await trx
      .insertInto('reference_data_versions')
      .values({ name: DIRECTORY_NAME, version, loaded_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version, loaded_at: now }))
      .execute();
    return true;
  });
}
