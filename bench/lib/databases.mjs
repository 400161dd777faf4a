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
import { HOLDING_SPREAD, RECOUNT_LEDGER, seedHoldings } from './seed-holdings.mjs';
import {
  billRows,
  copySupplier,
  financedRefusedBillRows,
  LENDER,
  pledgeeRefusedBillRows,
  refusedBillRows,
  refusedFinancingRows,
} from './write-acts.mjs';

const PACKAGE_COLUMNS = `id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name, payee_org_id,
  payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable, remark, created_by,
  created_at`;
const HOLDING_COLUMNS = `id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status, circ_status,
  acquired_at, ended_at`;
const packageValues = (row) => [
  row.packageId,
  row.packageNo,
  row.drawer,
  row.drawerName ?? '上海链票示范供应链有限公司',
  row.drawer,
  row.drawerName ?? '上海链票示范供应链有限公司',
  row.holder,
  row.holderName ?? '苏州华信精密零部件有限公司',
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
  row.circStatus ?? 'TF0301',
  row.acquiredAt,
  null,
];

/** An event of the bill's history, the `seq`-th, on the whole of its one range. */
const eventOf = (row) => (seq, type, fields) => ({
  id: `${row.packageId}-event-${seq}`,
  package_id: row.packageId,
  application_id: null,
  kind: null,
  reason: null,
  sub_start: 1,
  sub_end: row.amountFen,
  amount_fen: row.amountFen,
  type,
  seq,
  ...fields,
});

/**
 * A bill's pledge to its pledgee in force (pledgeeRefusedBillRows): the application of the pledge kind its
 * holder made and the institution signed, the pledge resting on the holding, and their two events.
 */
const pledgeRows = (row, range) => {
  const p = row.pledge;
  const event = eventOf(row);
  const fields = {
    application_id: p.applicationId,
    kind: 'pledge',
    from_org_id: row.holder,
    to_org_id: p.pledgeeOrgId,
  };
  return {
    applications: [
      {
        id: p.applicationId,
        package_id: row.packageId,
        kind: 'pledge',
        applicant_org_id: row.holder,
        applicant_user_id: row.refusal.pledgorUserId,
        receiver_org_id: p.pledgeeOrgId,
        holding_id: row.holdingId,
        ...range,
        status: 'signed',
        reason: null,
        remark: '',
        answered_by: null,
        applied_at: p.pledgedAt - 60_000,
        answered_at: p.pledgedAt,
        receiver_account_id: null,
      },
    ],
    pledges: [
      {
        application_id: p.applicationId,
        package_id: row.packageId,
        pledgor_org_id: row.holder,
        pledgee_org_id: p.pledgeeOrgId,
        holding_id: row.holdingId,
        pledged_at: p.pledgedAt,
        released_at: null,
        paid_at: null,
        created_at: p.pledgedAt - 60_000,
      },
    ],
    events: [
      event(2, 'applied', { ...fields, user_id: row.refusal.pledgorUserId, at: p.pledgedAt - 60_000 }),
      event(3, 'signed', { ...fields, user_id: null, at: p.pledgedAt }),
    ],
  };
};

/**
 * The rows of a refused bill's history (refusedBillRows in write-acts.mjs), by table: its presentation as
 * the payment module writes it, a bill_applications row of the payment kind refused by the acceptor and its
 * payment_applications row, and the events of the bill's history (issued, presented, refused).
 */
const refusalRows = (row) => {
  const event = eventOf(row);
  const r = row.refusal;
  const range = { sub_start: 1, sub_end: row.amountFen, amount_fen: row.amountFen };
  const reason = '与自己有直接债权债务关系的持票人未履行约定义务（基准测试）';
  const presenter = r.presenterOrgId ?? row.holder;
  const presentedSeq = row.pledge ? 4 : 2;
  const pledged = row.pledge ? pledgeRows(row, range) : { applications: [], pledges: [], events: [] };
  return {
    bill_applications: [
      ...pledged.applications,
      {
        id: r.applicationId,
        package_id: row.packageId,
        kind: 'payment',
        applicant_org_id: presenter,
        applicant_user_id: r.presenterUserId,
        receiver_org_id: row.drawer,
        holding_id: row.holdingId,
        ...range,
        status: 'refused',
        reason,
        remark: '',
        answered_by: r.acceptorUserId,
        applied_at: r.presentedAt,
        answered_at: r.refusedAt,
        receiver_account_id: null,
      },
    ],
    payment_applications: [
      {
        application_id: r.applicationId,
        presenter_org_id: presenter,
        acceptor_org_id: row.drawer,
        presented_by: row.pledge ? 'pledgee' : 'holder',
        presented_on: r.presentedOn,
        overdue: 0,
        overdue_reason: null,
        answer_due: r.answerDue,
        clearing: null,
        refused_by: 'acceptor',
        refusal_code: 'DC00',
        refusal_text: '基准测试',
        payment_id: null,
        created_at: r.presentedAt,
        answered_at: r.refusedAt,
      },
    ],
    bill_pledges: pledged.pledges,
    bill_events: [
      event(1, 'issued', {
        from_org_id: null,
        to_org_id: row.drawer,
        user_id: row.drawerOwner,
        at: row.acquiredAt,
      }),
      ...pledged.events,
      event(presentedSeq, 'applied', {
        application_id: r.applicationId,
        kind: 'payment',
        from_org_id: presenter,
        to_org_id: row.drawer,
        user_id: r.presenterUserId,
        at: r.presentedAt,
      }),
      event(presentedSeq + 1, 'refused', {
        application_id: r.applicationId,
        kind: 'payment',
        from_org_id: presenter,
        to_org_id: row.drawer,
        reason,
        user_id: r.acceptorUserId,
        at: r.refusedAt,
      }),
    ],
  };
};

/** A bill pledged and at rest (a financed bill's companion): its issue, and its pledge's rows (pledgeRows). */
const pledgedBillRows = (row) => {
  const range = { sub_start: 1, sub_end: row.amountFen, amount_fen: row.amountFen };
  const pledged = pledgeRows(row, range);
  return {
    bill_applications: pledged.applications,
    bill_pledges: pledged.pledges,
    bill_events: [
      eventOf(row)(1, 'issued', {
        from_org_id: null,
        to_org_id: row.drawer,
        user_id: row.drawerOwner,
        at: row.acquiredAt,
      }),
      ...pledged.events,
    ],
  };
};

/** The organisations pursued on refused bills: their drawers and acceptors. */
const debtorsOf = (rows) => [...new Set(rows.map((row) => row.drawer))];

/**
 * What a seed writes, the same on either database: `bills` (their packages and holdings), `tables` (more
 * rows, by table, one object a seeded row), the organisations whose settlement accounts the sandbox bank
 * funds, and what the seed answers.
 */
function refusedBillsSeed(count, spread) {
  if (spread.financed) {
    // Each bill backs a financing with a second bill (financedRefusedBillRows); the lender pays the rests.
    const rows = financedRefusedBillRows(count, spread);
    const companions = rows.map((row) => row.companion);
    return {
      bills: [...rows, ...companions],
      tables: [
        ...rows.map(refusalRows),
        ...companions.map(pledgedBillRows),
        ...rows.map((row) => row.financing),
      ],
      funded: [...debtorsOf(rows), LENDER],
      answer: rows,
    };
  }
  const rows = (spread.pledgee ? pledgeeRefusedBillRows : refusedBillRows)(count, spread);
  return { bills: rows, tables: rows.map(refusalRows), funded: debtorsOf(rows), answer: rows };
}
function refusedFinancingsSeed(count, spread) {
  const rows = refusedFinancingRows(count, spread);
  return { bills: [], tables: rows.map((row) => row.tables), funded: [LENDER], answer: rows };
}

/**
 * The debtors' settlement accounts at the sandbox bank, with money enough for every 线上 清偿 of a pass (and
 * the lender's, for every pay-out and rest a pass retries).
 */
const DEBTOR_BALANCE_FEN = 1_000_000_000_000;
const fundAccounts = (orgIds, dollar, now) => ({
  sql: `INSERT INTO sandbox_settlement_accounts (account_no, account_name, branch_no, balance_fen, opened_at,
      updated_at)
    SELECT account_no, account_name, branch_no, ${dollar ? '$1' : '?'}, ${dollar ? '$2' : '?'}, ${dollar ? '$2' : '?'}
    FROM bank_accounts WHERE is_default = 1 AND org_id IN (${orgIds
      .map((_, i) => (dollar ? `$${i + 3}` : '?'))
      .join(', ')})
    ON CONFLICT (account_no) DO UPDATE SET balance_fen = excluded.balance_fen`,
  values: dollar ? [DEBTOR_BALANCE_FEN, now, ...orgIds] : [DEBTOR_BALANCE_FEN, now, now, ...orgIds],
});
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
/** The demo's first institution (server/src/db/demo/institutions.ts), whose notices the sandbox lists. */
const LISTED_INSTITUTION = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b01';

/**
 * `count` recourse notices the demo's first institution sent as a pledgee, waiting for the party: copies of
 * the demo's refused bill's notice (`template`, a row of recourse_notices), each its own, newest first, so
 * the sandbox's list of the institutions' notices has a page to show.
 */
const institutionNoticeRows = (template, count, now = Date.now()) =>
  Array.from({ length: count }, (_, i) => ({
    ...template,
    id: `bench-institution-notice-${i}`,
    pursuer_org_id: LISTED_INSTITUTION,
    applicant_user_id: null,
    status: 'notified',
    notified_at: now - i * 1000,
    closed_at: null,
  }));
const NOTICE_TEMPLATE_SQL = `SELECT * FROM recourse_notices ORDER BY notified_at LIMIT 1`;
/** The statement that inserts `row` (column names as keys); `dollar`: PostgreSQL's `$n` marks. */
const insertStatement = (table, row, dollar) => {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks(columns.length, dollar)})`,
    values: columns.map((column) => row[column]),
  };
};
/**
 * The write paths' seeds, alike on both databases: `writeBills(rows)` writes bills' packages and holdings,
 * `writeSeed(seed)` a seed of refusedBillsSeed's shape, each in one transaction.
 */
const seedsOn = (writeBills, writeSeed) => ({
  seedBills: (count, spread) => writeBills(billRows(count, spread)),
  seedRefusedBills: (count, spread) => writeSeed(refusedBillsSeed(count, spread)),
  seedRefusedFinancings: (count, spread) => writeSeed(refusedFinancingsSeed(count, spread)),
});
/** The statements that write a seed's tables, then fund its accounts. */
const seedStatements = ({ tables, funded }, dollar) => [
  ...tables.flatMap((byTable) =>
    Object.entries(byTable).flatMap(([table, records]) =>
      records.map((record) => insertStatement(table, record, dollar)),
    ),
  ),
  fundAccounts(funded, dollar, Date.now()),
];
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
  /** Writes bills' packages and holdings, and what `more(db)` adds, in one transaction; answers `rows`. */
  const writeBills = async (rows, more = () => {}) => {
    const db = new Database(file);
    db.pragma('busy_timeout = 10000');
    const pkg = db.prepare(`INSERT INTO bill_packages (${PACKAGE_COLUMNS}) VALUES (${marks(17)})`);
    const holding = db.prepare(`INSERT INTO bill_holdings (${HOLDING_COLUMNS}) VALUES (${marks(10)})`);
    db.transaction(() => {
      for (const row of rows) {
        pkg.run(...packageValues(row));
        holding.run(...holdingValues(row));
      }
      more(db);
    })();
    db.exec(`insert into bill_org_holdings (org_id, held)
      select org_id, count(*) from bill_holdings where ended_at is null group by org_id
      on conflict (org_id) do update set held = excluded.held, version = bill_org_holdings.version + 1`);
    for (const statement of RECOUNT_LEDGER) db.exec(statement);
    db.close();
    return rows;
  };
  /** Writes a seed (refusedBillsSeed and the like) in one transaction; answers what it answers. */
  const writeSeed = async (seed) => {
    await writeBills(seed.bills, (db) => {
      for (const { sql, values } of seedStatements(seed, false)) db.prepare(sql).run(...values);
    });
    return seed.answer;
  };
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
    async seedInstitutionNotices(count) {
      const db = new Database(file);
      db.pragma('busy_timeout = 10000');
      const template = db.prepare(NOTICE_TEMPLATE_SQL).get();
      db.transaction(() => {
        for (const row of institutionNoticeRows(template, count)) {
          const { sql, values } = insertStatement('recourse_notices', row);
          db.prepare(sql).run(...values);
        }
      })();
      db.close();
    },
    ...seedsOn(writeBills, writeSeed),
    async seedWriteOrgs() {
      const db = new Database(file);
      db.pragma('busy_timeout = 10000');
      await copySupplier(async (table, column, value, change) => {
        const rows = db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(value);
        rows.forEach((row, i) => {
          const { sql, values } = insertStatement(table, change(row, i));
          db.prepare(sql).run(...values);
        });
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
  /**
   * The bench's own writes beside the server's (proofs for the acts it confirms, counts it reads): a pool,
   * since the act flows run at once and one `pg.Client` takes one query at a time.
   */
  let writer = null;
  const writerPool = () => (writer ??= new pg.Pool({ connectionString: url, max: 4 }));
  /** Writes bills' packages and holdings, and what `more(client)` adds, in one transaction; answers `rows`. */
  const writeBills = (rows, more = async () => {}) =>
    withClient(url, async (client) => {
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
      await more(client);
      await client.query(`INSERT INTO bill_org_holdings (org_id, held)
        SELECT org_id, count(*) FROM bill_holdings WHERE ended_at IS NULL GROUP BY org_id
        ON CONFLICT (org_id) DO UPDATE SET held = excluded.held, version = bill_org_holdings.version + 1`);
      for (const statement of RECOUNT_LEDGER) await client.query(statement);
      await client.query('COMMIT');
      await client.query('ANALYZE');
      return rows;
    });
  /** Writes a seed (refusedBillsSeed and the like) in one transaction; answers what it answers. */
  const writeSeed = async (seed) => {
    await writeBills(seed.bills, async (client) => {
      for (const { sql, values } of seedStatements(seed, true)) await client.query(sql, values);
    });
    return seed.answer;
  };
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
          ON CONFLICT (org_id) DO UPDATE SET held = excluded.held, version = bill_org_holdings.version + 1`);
        for (const statement of RECOUNT_LEDGER) await client.query(statement);
        await client.query('COMMIT');
        await client.query('ANALYZE');
      });
    },
    async seedInstitutionNotices(count) {
      await withClient(url, async (client) => {
        const { rows } = await client.query(NOTICE_TEMPLATE_SQL);
        await client.query('BEGIN');
        for (const row of institutionNoticeRows(rows[0], count)) {
          const { sql, values } = insertStatement('recourse_notices', row, true);
          await client.query(sql, values);
        }
        await client.query('COMMIT');
      });
    },
    ...seedsOn(writeBills, writeSeed),
    async seedWriteOrgs() {
      await withClient(url, async (client) => {
        await copySupplier(async (table, column, value, change) => {
          const { rows } = await client.query(`SELECT * FROM ${table} WHERE ${column} = $1`, [value]);
          for (const [i, row] of rows.entries()) {
            const { sql, values } = insertStatement(table, change(row, i), true);
            await client.query(sql, values);
          }
        });
      });
    },
    async scalar(sql, values) {
      const numbered = values.reduce((text, _, i) => text.replace('?', `$${i + 1}`), sql);
      const { rows } = await writerPool().query({ text: numbered, values, rowMode: 'array' });
      return Number(rows[0][0]);
    },
    async writeSmsProof({ code, challenge, smsCode }) {
      const pool = writerPool();
      await pool.query(
        `INSERT INTO verification_challenges (${CHALLENGE_COLUMNS}) VALUES (${marks(12, true)})`,
        challengeValues(challenge),
      );
      await pool.query(
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
