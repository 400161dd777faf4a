// Fills the ledger of a seeded DATA_DIR with bill holdings for the held-bills bench, straight into SQLite
// (one transaction, about a second): HOLDINGS holdings in packages of RANGES_PER_PACKAGE ranges each. The
// signed-in organisation (Shanghai) holds every tenth range now; of the rest, half are ranges it held before
// (ended), half the Suzhou supplier's current ones. So the list reads one organisation's 10,000 current
// holdings out of 100,000 rows, most of them other organisations' or past.
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/** The demo organisations and owner (server/src/db/seed.ts). */
const SHANGHAI = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01';
const SUZHOU = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03';
const OWNER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';

export const HOLDINGS = 100_000;
const RANGES_PER_PACKAGE = 50;
/** Each range is 1,000.00 yuan. */
const RANGE_FEN = 100_000;
const DAY = 24 * 60 * 60 * 1000;

/** The spread above, for the PostgreSQL pass's own statements (databases.mjs). */
export const HOLDING_SPREAD = {
  holdings: HOLDINGS,
  rangesPerPackage: RANGES_PER_PACKAGE,
  rangeFen: RANGE_FEN,
  shanghai: SHANGHAI,
  suzhou: SUZHOU,
  owner: OWNER,
};

/**
 * What the ledger writes beside the holdings as it goes, written afresh for rows written past it (SQL both
 * databases run): each holding's copy of its bill's due date, then 应付票据 by acceptor and due date
 * (bill_payable_days), counted from the holdings as the migration that made it fills it.
 */
export const RECOUNT_LEDGER = [
  `update bill_holdings set due_date = (select p.due_date from bill_packages p where p.id = bill_holdings.package_id)
    where due_date = ''`,
  'delete from bill_payable_days',
  `insert into bill_payable_days (acceptor_org_id, due_date, bills, amount_fen)
    select p.acceptor_org_id, p.due_date, count(distinct p.id), sum(h.amount_fen)
    from bill_packages p join bill_holdings h on h.package_id = p.id
    where h.ended_at is null and h.bill_status = 'CS03' and h.circ_status <> 'TF0501'
    group by p.acceptor_org_id, p.due_date`,
];

export function seedHoldings(dataDir, count = HOLDINGS) {
  const db = new Database(path.join(dataDir, 'chain-bill.sqlite'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const insertPackage = db.prepare(`insert into bill_packages (id, package_no, drawer_org_id, drawer_name,
    acceptor_org_id, acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
    no_transfer, splittable, remark, created_by, created_at)
    values (?, ?, ?, '上海链票示范供应链有限公司', ?, '上海链票示范供应链有限公司', ?, '苏州华信精密零部件有限公司',
    '310290000021', ?, ?, ?, 0, 1, '', ?, ?)`);
  const insertHolding = db.prepare(`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end,
    amount_fen, bill_status, circ_status, acquired_at, ended_at) values (?, ?, ?, ?, ?, ?, 'CS03', 'TF0301', ?, ?)`);
  const fill = db.transaction(() => {
    for (let p = 0; p < count / RANGES_PER_PACKAGE; p++) {
      const packageId = crypto.randomUUID();
      const issued = new Date(now - (p % 150) * DAY).toISOString().slice(0, 10);
      const due = new Date(now + (30 + (p % 150)) * DAY).toISOString().slice(0, 10);
      const packageNo = `9bench${String(p).padStart(24, '0')}`;
      insertPackage.run(
        packageId,
        packageNo,
        SHANGHAI,
        SHANGHAI,
        SUZHOU,
        RANGES_PER_PACKAGE * RANGE_FEN,
        issued,
        due,
        OWNER,
        now,
      );
      for (let r = 0; r < RANGES_PER_PACKAGE; r++) {
        const i = p * RANGES_PER_PACKAGE + r;
        const start = r * RANGE_FEN + 1;
        const kind = i % 10 === 0 ? 'current' : i % 2 === 0 ? 'past' : 'other';
        insertHolding.run(
          crypto.randomUUID(),
          packageId,
          kind === 'other' ? SUZHOU : SHANGHAI,
          start,
          start + RANGE_FEN - 1,
          RANGE_FEN,
          now - i * 1000,
          kind === 'past' ? now : null,
        );
      }
    }
  });
  fill();
  // The ledger keeps a count of each organisation's current holdings (bill_org_holdings) as it writes them;
  // rows written here past the ledger are counted afresh.
  db.exec(`insert into bill_org_holdings (org_id, held)
    select org_id, count(*) from bill_holdings where ended_at is null group by org_id
    on conflict (org_id) do update set held = excluded.held, version = bill_org_holdings.version + 1`);
  for (const statement of RECOUNT_LEDGER) db.exec(statement);
  db.close();
}
