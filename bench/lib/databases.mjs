// The databases a bench pass runs the server on: SQLite in the pass's DATA_DIR, and PostgreSQL on a schema of
// its own, prepared as the server tests prepare theirs (scripts/ensure-postgres.mjs: the local cluster, or
// TEST_DATABASE_URL). Each gives the server's environment and writes what the bench needs straight into the
// database: passed-puzzle verifications for the sign-ins, and the held-bills list's holdings.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { HOLDING_SPREAD, RECOUNT_PAYABLE_DAYS, seedHoldings } from './seed-holdings.mjs';
import { billRows, copySupplier } from './write-acts.mjs';

const PACKAGE_COLUMNS = `id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name, payee_org_id,
  payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable, remark, created_by,
  created_at`;
const HOLDING_COLUMNS = `id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status, circ_status,
  acquired_at, ended_at`;
const packageValues = (row) => [
  row.packageId,
  row.packageNo,
  row.drawer,
  '上海链票示范供应链有限公司',
  row.drawer,
  '上海链票示范供应链有限公司',
  row.holder,
  '苏州华信精密零部件有限公司',
  '310290000021',
  row.amountFen,
  row.issued,
  row.due,
  0,
  0,
  '',
  row.drawerOwner,
  row.acquiredAt,
];
const holdingValues = (row) => [
  row.holdingId,
  row.packageId,
  row.holder,
  1,
  row.amountFen,
  row.amountFen,
  'CS03',
  'TF0301',
  row.acquiredAt,
  null,
];
const CHALLENGE_COLUMNS = `id, kind, subject_key, mobile, user_id, org_id, operation_hash, operation_name,
  created_at, expires_at, consumed_at, invalidated_at`;
const challengeValues = (c) => [
  c.id,
  c.kind,
  c.subject_key,
  c.mobile,
  c.user_id,
  c.org_id,
  c.operation_hash,
  c.operation_name,
  c.created_at,
  c.expires_at,
  null,
  null,
];
const CODE_COLUMNS = `id, challenge_id, mobile, code_hmac, created_at, expires_at, used_at, invalidated_at,
  superseded_at`;
const codeValues = (s) => [
  s.id,
  s.challenge_id,
  s.mobile,
  s.code_hmac,
  s.created_at,
  s.expires_at,
  null,
  null,
  null,
];
/** Inserts `row` (column names as keys) through `run(sql, values)`. */
const insertRow = (run, table, row, dollar) => {
  const columns = Object.keys(row);
  return run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks(columns.length, dollar)})`,
    columns.map((column) => row[column]),
  );
};
const marks = (n, dollar) => Array.from({ length: n }, (_, i) => (dollar ? `$${i + 1}` : '?')).join(', ');

/** How long a granted verification stays good (the captcha module's own TTL is ten minutes too). */
const VERIFICATION_MS = 10 * 60_000;

/** `count` random verification values and the rows that store them, one per client address. */
function verificationRows(count, clientAddress) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const value = crypto.randomBytes(24).toString('base64');
    return {
      value,
      hash: crypto.createHash('sha256').update(value).digest('hex'),
      clientIp: clientAddress(i),
      createdAt: now,
      expiresAt: now + VERIFICATION_MS,
    };
  });
}

export function sqliteDatabase(dataDir) {
  const file = path.join(dataDir, 'chain-bill.sqlite');
  let writer = null;
  return {
    name: 'SQLite',
    env: {},
    async grantVerifications(count, clientAddress) {
      const rows = verificationRows(count, clientAddress);
      const db = new Database(file);
      const insert = db.prepare(
        "INSERT INTO captcha_verifications (hash, scene, client_ip, created_at, expires_at, used_at) VALUES (?, 'login', ?, ?, ?, NULL)",
      );
      db.transaction(() => {
        for (const row of rows) insert.run(row.hash, row.clientIp, row.createdAt, row.expiresAt);
      })();
      db.close();
      return rows.map((row) => row.value);
    },
    async seedHoldings() {
      seedHoldings(dataDir);
    },
    async seedBills(count, spread) {
      const rows = billRows(count, spread);
      const db = new Database(file);
      db.pragma('busy_timeout = 10000');
      const pkg = db.prepare(`INSERT INTO bill_packages (${PACKAGE_COLUMNS}) VALUES (${marks(17)})`);
      const holding = db.prepare(`INSERT INTO bill_holdings (${HOLDING_COLUMNS}) VALUES (${marks(10)})`);
      db.transaction(() => {
        for (const row of rows) {
          pkg.run(...packageValues(row));
          holding.run(...holdingValues(row));
        }
      })();
      db.exec(`insert into bill_org_holdings (org_id, held)
        select org_id, count(*) from bill_holdings where ended_at is null group by org_id
        on conflict (org_id) do update set held = excluded.held`);
      for (const statement of RECOUNT_PAYABLE_DAYS) db.exec(statement);
      db.close();
      return rows;
    },
    async seedWriteOrgs() {
      const db = new Database(file);
      db.pragma('busy_timeout = 10000');
      await copySupplier(async (table, column, value, change) => {
        const rows = db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(value);
        rows.forEach((row, i) =>
          insertRow((sql, values) => db.prepare(sql).run(...values), table, change(row, i)),
        );
      });
      db.close();
    },
    async scalar(sql, values) {
      writer ??= new Database(file);
      return Number(
        writer
          .prepare(sql)
          .pluck()
          .get(...values),
      );
    },
    async writeSmsProof({ code, challenge, smsCode }) {
      writer ??= new Database(file);
      writer.pragma('busy_timeout = 10000');
      writer.transaction(() => {
        writer
          .prepare(`INSERT INTO verification_challenges (${CHALLENGE_COLUMNS}) VALUES (${marks(12)})`)
          .run(...challengeValues(challenge));
        writer
          .prepare(`INSERT INTO sms_codes (${CODE_COLUMNS}) VALUES (${marks(9)})`)
          .run(...codeValues(smsCode));
      })();
      return code;
    },
    async drop() {
      writer?.close();
    },
  };
}

/** `url` with `search_path` set to `schema`, as server/test/support/postgres-test-db.ts makes it. */
function withSearchPath(url, schema) {
  const parsed = new URL(url);
  const others = (parsed.searchParams.get('options') ?? '').replace(/-c\s*search_path=\S+/g, '').trim();
  parsed.searchParams.set('options', `${others} -c search_path=${schema}`.trim());
  return parsed.toString();
}

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema on the local PostgreSQL (or TEST_DATABASE_URL's); `drop` removes it with everything in it. */
export async function postgresDatabase() {
  const serverUrl = execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../scripts/ensure-postgres.mjs', import.meta.url))],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
  const schema = `bench_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const url = withSearchPath(serverUrl, schema);
  let writer = null;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url },
    async grantVerifications(count, clientAddress) {
      const rows = verificationRows(count, clientAddress);
      await withClient(url, (client) =>
        client.query(
          `INSERT INTO captcha_verifications (hash, scene, client_ip, created_at, expires_at, used_at)
           SELECT hash, 'login', ip, $3, $4, NULL FROM unnest($1::text[], $2::text[]) AS v(hash, ip)`,
          [
            rows.map((row) => row.hash),
            rows.map((row) => row.clientIp),
            rows[0].createdAt,
            rows[0].expiresAt,
          ],
        ),
      );
      return rows.map((row) => row.value);
    },
    // The same spread as the SQLite pass (seed-holdings.mjs), generated by the server in three statements.
    async seedHoldings() {
      const { holdings, rangesPerPackage, rangeFen, shanghai, suzhou, owner } = HOLDING_SPREAD;
      const now = Date.now();
      await withClient(url, async (client) => {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name,
             payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable,
             remark, created_by, created_at)
           SELECT 'bench-package-' || p, '9bench' || lpad(p::text, 24, '0'), $1, '上海链票示范供应链有限公司', $1,
             '上海链票示范供应链有限公司', $2, '苏州华信精密零部件有限公司', '310290000021', $3::bigint * $4::bigint,
             to_char(to_timestamp($5::bigint / 1000.0) AT TIME ZONE 'UTC' - make_interval(days => p % 150), 'YYYY-MM-DD'),
             to_char(to_timestamp($5::bigint / 1000.0) AT TIME ZONE 'UTC' + make_interval(days => 30 + p % 150), 'YYYY-MM-DD'),
             0, 1, '', $6, $5
           FROM generate_series(0, $7::int - 1) AS p`,
          [shanghai, suzhou, rangesPerPackage, rangeFen, now, owner, holdings / rangesPerPackage],
        );
        await client.query(
          `INSERT INTO bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
             circ_status, acquired_at, ended_at)
           SELECT 'bench-holding-' || i, 'bench-package-' || (i / $3::int),
             CASE WHEN i % 10 = 0 OR i % 2 = 0 THEN $1 ELSE $2 END,
             (i % $3::int) * $4::bigint + 1, (i % $3::int) * $4::bigint + $4::bigint, $4::bigint, 'CS03', 'TF0301',
             $5::bigint - i * 1000::bigint, CASE WHEN i % 10 <> 0 AND i % 2 = 0 THEN $5::bigint END
           FROM generate_series(0, $6::int - 1) AS i`,
          [shanghai, suzhou, rangesPerPackage, rangeFen, now, holdings],
        );
        await client.query(`INSERT INTO bill_org_holdings (org_id, held)
          SELECT org_id, count(*) FROM bill_holdings WHERE ended_at IS NULL GROUP BY org_id
          ON CONFLICT (org_id) DO UPDATE SET held = excluded.held`);
        for (const statement of RECOUNT_PAYABLE_DAYS) await client.query(statement);
        await client.query('COMMIT');
        await client.query('ANALYZE');
      });
    },
    async seedBills(count, spread) {
      const rows = billRows(count, spread);
      await withClient(url, async (client) => {
        await client.query('BEGIN');
        for (const row of rows) {
          await client.query(
            `INSERT INTO bill_packages (${PACKAGE_COLUMNS}) VALUES (${marks(17, true)})`,
            packageValues(row),
          );
          await client.query(
            `INSERT INTO bill_holdings (${HOLDING_COLUMNS}) VALUES (${marks(10, true)})`,
            holdingValues(row),
          );
        }
        await client.query(`INSERT INTO bill_org_holdings (org_id, held)
          SELECT org_id, count(*) FROM bill_holdings WHERE ended_at IS NULL GROUP BY org_id
          ON CONFLICT (org_id) DO UPDATE SET held = excluded.held`);
        for (const statement of RECOUNT_PAYABLE_DAYS) await client.query(statement);
        await client.query('COMMIT');
        await client.query('ANALYZE');
      });
      return rows;
    },
    async seedWriteOrgs() {
      await withClient(url, async (client) => {
        await copySupplier(async (table, column, value, change) => {
          const { rows } = await client.query(`SELECT * FROM ${table} WHERE ${column} = $1`, [value]);
          for (const [i, row] of rows.entries())
            await insertRow((sql, values) => client.query(sql, values), table, change(row, i), true);
        });
      });
    },
    async scalar(sql, values) {
      await this.connectWriter();
      const numbered = values.reduce((text, _, i) => text.replace('?', `$${i + 1}`), sql);
      const { rows } = await writer.query({ text: numbered, values, rowMode: 'array' });
      return Number(rows[0][0]);
    },
    async connectWriter() {
      if (!writer) {
        writer = new pg.Client({ connectionString: url });
        await writer.connect();
      }
    },
    async writeSmsProof({ code, challenge, smsCode }) {
      if (!writer) {
        writer = new pg.Client({ connectionString: url });
        await writer.connect();
      }
      await writer.query(
        `INSERT INTO verification_challenges (${CHALLENGE_COLUMNS}) VALUES (${marks(12, true)})`,
        challengeValues(challenge),
      );
      await writer.query(
        `INSERT INTO sms_codes (${CODE_COLUMNS}) VALUES (${marks(9, true)})`,
        codeValues(smsCode),
      );
      return code;
    },
    async drop() {
      await writer?.end();
      await withClient(serverUrl, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    },
  };
}
