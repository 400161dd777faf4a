// The day-end over 100,000 maturing holdings on SQLite: a seeded DATA_DIR gets HOLDINGS received bills that
// all mature on one business day (one holding each, Suzhou's and Ningbo's in turn, accepted by Shanghai), of
// which CLEARED still wait on an endorsement; then that day's close runs every step (到期清退, 到期提醒) and
// the time is printed. A figure, not a test: docs/performance.md records it.
//
//   npx tsx bench/day-end.ts        (BENCH_DAY_END_HOLDINGS, BENCH_DAY_END_CLEARED to change the counts)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { RECOUNT_PAYABLE_DAYS } from './lib/seed-holdings.mjs';

const HOLDINGS = Number(process.env.BENCH_DAY_END_HOLDINGS ?? 100_000);
const CLEARED = Number(process.env.BENCH_DAY_END_CLEARED ?? 1_000);
/** A business day (a Wednesday) and its close. */
const DAY = '2026-12-16';
const CLOSE = Date.parse(`${DAY}T21:00:00+08:00`);
const SHANGHAI = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01';
const SUZHOU = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03';
const NINGBO = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a04';
const OWNER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';
const FACE_FEN = 100_000_00;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-day-end-'));
const config = { ...loadConfig({ SANDBOX: 'on', SEED_DEMO: 'on', DATA_DIR: dataDir, LOG_LEVEL: 'error' }) };
config.dayEndTimer = false;

// Migrate and seed, then write the maturing bills straight into the file.
await (await buildApp(config, { now: () => CLOSE - 40 * 24 * 3600_000 })).close();
const sqlite = new Database(path.join(dataDir, 'chain-bill.sqlite'));
const insertPackage = sqlite.prepare(`insert into bill_packages (id, package_no, drawer_org_id, drawer_name,
  acceptor_org_id, acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
  no_transfer, splittable, remark, created_by, created_at, acceptor_account_no, acceptor_bank_name)
  values (?, ?, ?, '上海链票示范供应链有限公司', ?, '上海链票示范供应链有限公司', ?, '持票企业', '310290000021', ?,
  '2026-07-01', ?, 0, 1, '', ?, ?, '31001234567890', '上海浦东发展银行')`);
const insertHolding = sqlite.prepare(`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end,
  amount_fen, bill_status, circ_status, acquired_at, ended_at) values (?, ?, ?, 1, ?, ?, 'CS03', ?, ?, null)`);
const insertApplication =
  sqlite.prepare(`insert into bill_applications (id, package_id, kind, applicant_org_id,
  applicant_user_id, receiver_org_id, holding_id, sub_start, sub_end, amount_fen, status, reason, remark,
  answered_by, applied_at, answered_at, receiver_account_id)
  values (?, ?, 'endorsement', ?, ?, ?, ?, 1, ?, ?, 'pending', null, '', null, ?, null, null)`);
const seededAt = CLOSE - 20 * 24 * 3600_000;
sqlite.transaction(() => {
  for (let i = 0; i < HOLDINGS; i += 1) {
    const packageId = crypto.randomUUID();
    const holdingId = crypto.randomUUID();
    const holder = i % 2 === 0 ? SUZHOU : NINGBO;
    const locked = i < CLEARED;
    insertPackage.run(
      packageId,
      `9dayend${String(i).padStart(23, '0')}`,
      SHANGHAI,
      SHANGHAI,
      holder,
      FACE_FEN,
      DAY,
      OWNER,
      seededAt,
    );
    insertHolding.run(
      holdingId,
      packageId,
      holder,
      FACE_FEN,
      FACE_FEN,
      locked ? 'TF0302' : 'TF0301',
      seededAt,
    );
    if (locked) {
      const other = holder === SUZHOU ? NINGBO : SUZHOU;
      insertApplication.run(
        crypto.randomUUID(),
        packageId,
        holder,
        OWNER,
        other,
        holdingId,
        FACE_FEN,
        FACE_FEN,
        seededAt,
      );
    }
  }
})();
sqlite.exec(`insert into bill_org_holdings (org_id, held)
  select org_id, count(*) from bill_holdings where ended_at is null group by org_id
  on conflict (org_id) do update set held = excluded.held`);
for (const statement of RECOUNT_PAYABLE_DAYS) sqlite.exec(statement);
sqlite.close();

const app = await buildApp(config, { now: () => CLOSE });
const started = process.hrtime.bigint();
const run = await app.dayEnd.runNow(DAY);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    holdings: HOLDINGS,
    status: run.status,
    steps: run.steps.map((step) => `${step.name}: ${step.processed}`),
    seconds: Number(seconds.toFixed(1)),
    load: os.loadavg()[0]?.toFixed(1),
  }),
);
