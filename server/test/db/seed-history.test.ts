import { createDatabase, migrate, type Db } from '../../src/db/database';
import { DEMO_ORGS, ensurePermissionCatalogue, seedDemoData } from '../../src/db/seed';
import { T0 } from '../support/helpers';

const DAY = 24 * 3600_000;

async function seeded(now: number): Promise<Db> {
  const db = await createDatabase({ dataDir: '', inMemory: true });
  await migrate(db);
  await ensurePermissionCatalogue(db);
  await seedDemoData(db, now);
  return db;
}

const historyOf = async (db: Db) => ({
  bills: await db.selectFrom('bills').selectAll().orderBy('id').execute(),
  operations: await db.selectFrom('bill_operations').selectAll().orderBy('id').execute(),
  notices: await db.selectFrom('plat_messages').selectAll().orderBy('id').execute(),
  reads: await db
    .selectFrom('plat_message_reads')
    .selectAll()
    .orderBy('message_id')
    .orderBy('user_id')
    .execute(),
  channels: await db.selectFrom('org_channels').selectAll().orderBy('org_id').orderBy('channel_id').execute(),
  functions: await db
    .selectFrom('org_function_openings')
    .selectAll()
    .orderBy('org_id')
    .orderBy('func_code')
    .execute(),
});

describe('the demo history', () => {
  let db: Db;
  beforeAll(async () => {
    db = await seeded(T0);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('is the same in every fresh database seeded at the same time', async () => {
    const other = await seeded(T0);
    expect(await historyOf(other)).toEqual(await historyOf(db));
    await other.destroy();
  });

  it('moves with the seed time', async () => {
    const later = await seeded(T0 + 10 * DAY);
    const a = await historyOf(db);
    const b = await historyOf(later);
    expect(b.operations.map((o) => o.id)).toEqual(a.operations.map((o) => o.id));
    expect(b.operations.every((o) => o.created_at <= T0 + 10 * DAY)).toBe(true);
    expect(Math.max(...b.operations.map((o) => Number(o.created_at)))).toBeGreaterThan(T0);
    await later.destroy();
  });

  it('gives the Shanghai company about 60 bills and 120 operations over six months, and Hangzhou a few', async () => {
    const { bills, operations, notices } = await historyOf(db);
    const of = <T extends { org_id: string }>(rows: T[], org: string) => rows.filter((r) => r.org_id === org);
    expect(of(bills, DEMO_ORGS.shanghai.id)).toHaveLength(60);
    expect(of(operations, DEMO_ORGS.shanghai.id).length).toBeGreaterThanOrEqual(100);
    expect(of(operations, DEMO_ORGS.shanghai.id).length).toBeLessThanOrEqual(140);
    expect(of(notices, DEMO_ORGS.shanghai.id)).toHaveLength(12);
    expect(of(bills, DEMO_ORGS.hangzhou.id).length).toBeGreaterThan(0);
    expect(of(operations, DEMO_ORGS.hangzhou.id).length).toBeGreaterThan(0);
    expect(of(notices, DEMO_ORGS.hangzhou.id).length).toBeGreaterThan(0);
    const types = new Set(operations.map((o) => o.biz_type));
    expect([...types].sort()).toEqual(['accept', 'discount', 'issue', 'pledge', 'trans']);
    for (const o of operations) {
      expect(Number(o.created_at)).toBeLessThanOrEqual(T0);
      expect(Number(o.created_at)).toBeGreaterThan(T0 - 200 * DAY);
      expect(o.counterparty).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('holds real package numbers, fen amounts of 5万 to 500万, ranges, six-month terms and status codes', async () => {
    const { bills, operations } = await historyOf(db);
    for (const bill of bills) {
      expect(bill.package_no).toMatch(/^[78]\d{29}$/);
      // Digits 14-21 are the registration date.
      expect(bill.package_no.slice(13, 21)).toBe(bill.issue_date.replace(/-/g, ''));
      expect(Number.isInteger(Number(bill.amount_fen))).toBe(true);
      expect(Number(bill.amount_fen)).toBeGreaterThanOrEqual(5_000_000);
      expect(Number(bill.amount_fen)).toBeLessThanOrEqual(500_000_000);
      expect(Number(bill.sub_end) - Number(bill.sub_start) + 1).toBe(Number(bill.amount_fen));
      const termDays = (Date.parse(bill.due_date) - Date.parse(bill.issue_date)) / DAY;
      expect(termDays).toBeGreaterThan(0);
      expect(termDays).toBeLessThanOrEqual(184);
      expect(['CS01', 'CS02', 'CS03', 'CS04', 'CS05', 'CS06']).toContain(bill.bill_status);
      expect(bill.circ_status).toMatch(/^TF0(101|301|302|303|304|305|401|402|501)$/);
    }
    const billIds = new Map(bills.map((b) => [b.id, b]));
    for (const op of operations) {
      const bill = op.bill_id ? billIds.get(op.bill_id) : undefined;
      expect(bill?.package_no).toBe(op.bill_no);
      expect(bill?.org_id).toBe(op.org_id);
      expect(Number(op.amount_fen)).toBeLessThanOrEqual(Number(bill?.amount_fen));
      expect(Number(op.sub_end) - Number(op.sub_start) + 1).toBe(Number(op.amount_fen));
    }
  });

  it('leaves some notices unread, gives the Shanghai company two channels with one default, and opens some functions', async () => {
    const { notices, reads, channels, functions } = await historyOf(db);
    const shanghaiNotices = notices.filter((n) => n.org_id === DEMO_ORGS.shanghai.id);
    const readIds = new Set(reads.map((r) => r.message_id));
    expect(shanghaiNotices.some((n) => !readIds.has(n.id) && n.type === 2)).toBe(true);
    expect(shanghaiNotices.some((n) => n.type === 3)).toBe(true);
    const shanghaiChannels = channels.filter((c) => c.org_id === DEMO_ORGS.shanghai.id);
    expect(shanghaiChannels).toHaveLength(2);
    expect(shanghaiChannels.filter((c) => c.is_default === 1)).toHaveLength(1);
    const opened = functions.filter((f) => f.org_id === DEMO_ORGS.shanghai.id).length;
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThan(10);
  });

  it('is written only into an empty database', async () => {
    const before = await historyOf(db);
    expect(await seedDemoData(db, T0 + DAY)).toBe(false);
    expect(await historyOf(db)).toEqual(before);
  });
});
