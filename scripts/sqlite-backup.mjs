// Online backup of the server's SQLite database, taken while it runs and writes:
//   node scripts/sqlite-backup.mjs [DATA_DIR (./data)] [backup file (./chain-bill-<UTC time>.sqlite)]
// SQLite's backup API through better-sqlite3, from a connection of its own: the copy is one consistent
// snapshot of the database as it stood at one moment (every transaction committed before it, none after),
// and the server is never stopped or locked out for more than a step. The copy is checked before it counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export const DATABASE_FILE = 'chain-bill.sqlite';

/** better-sqlite3's largest step: every page there is, in one call. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies `sourceFile` into `destFile` (replaced if present) and answers the copy's page count. After the
 * opening call every step copies all pages in one call, within one read transaction: a server writing between
 * steps cannot keep restarting a copy that goes a page count at a time and never catches up.
 */
export async function backupSqlite(sourceFile, destFile) {
  const source = new Database(sourceFile, { fileMustExist: true });
  try {
    fs.rmSync(destFile, { force: true });
    const { totalPages } = await source.backup(destFile, {
      progress: () => ALL_PAGES,
    });
    const copy = new Database(destFile, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the backup failed its integrity check: ${check}`);
    } finally {
      copy.close();
    }
    return totalPages;
  } finally {
    source.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = path.resolve(process.argv[2] ?? './data');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dest = path.resolve(process.argv[3] ?? `chain-bill-${stamp}.sqlite`);
  const pages = await backupSqlite(path.join(dataDir, DATABASE_FILE), dest);
  console.log(`${dest}: ${pages} pages, integrity ok`);
}
