import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder for this run's seeded database images (sqlite-template.ts), shared by the test workers through the
 * environment they inherit, and removed when the run ends.
 */
export default function prepareSqliteTemplates(): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-sqlite-templates-'));
  process.env.CHAIN_BILL_SQLITE_TEMPLATES = folder;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
