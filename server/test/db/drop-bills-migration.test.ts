import { sql } from 'kysely';
import { DEMO_ORGS } from '../../src/db/seed';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 026: the bills table the ledger replaced goes', () => {
  it('keeps every line of the operation log, without the column that pointed into it, and drops the table', async () => {
    await atMigration('025-discount-quotes', async (db, migrateTo) => {
      const org = DEMO_ORGS.shanghai.id;
      await sql`insert into bills (id, org_id, package_no, sub_start, sub_end, amount_fen, drawer_name,
          acceptor_name, payee_name, bill_status, circ_status, issue_date, due_date, created_at)
        values ('B1', ${org}, '700000000000000000000000000001', 1, 100, 100, '甲', '乙', '丙', 'CS01', 'TF0101',
          '2026-03-01', '2026-09-01', ${T0})`.execute(db);
      await sql`insert into bill_operations (id, org_id, bill_id, biz_id, biz_type, op_type, bill_no, sub_start,
          sub_end, amount_fen, counterparty, status, operator_user_id, operator_name, created_at)
        values ('OP1', ${org}, 'B1', 'BIZ1', 'BILL_ISSUE', 'apply', '700000000000000000000000000001', 1, 100,
          12345, '乙', 'done', null, '张经理', ${T0})`.execute(db);
      const before = await db
        .selectFrom('bill_operations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();

      await migrateTo();

      const after = await db.selectFrom('bill_operations').selectAll().orderBy('id').execute();
      expect(after).toHaveLength(Number(before.n));
      const kept = after.find((row) => row.id === 'OP1');
      expect(kept).toMatchObject({ org_id: org, biz_id: 'BIZ1', amount_fen: 12345, operator_name: '张经理' });
      expect(kept).not.toHaveProperty('bill_id');
      const tables = await sql<{
        name: string;
      }>`select name from sqlite_master where type in ('table', 'index')`.execute(db);
      const names = tables.rows.map((row) => row.name);
      expect(names).not.toContain('bills');
      expect(names).not.toContain('bill_operations_next');
      expect(names).toEqual(
        expect.arrayContaining(['bill_operations_org_created', 'bill_operations_org_type_created']),
      );
      // The log still takes new lines with foreign keys on: nothing points at the dropped table.
      await sql`insert into bill_operations (id, org_id, biz_id, biz_type, op_type, bill_no, sub_start, sub_end,
          amount_fen, counterparty, status, operator_user_id, operator_name, created_at)
        values ('OP2', ${org}, 'BIZ2', 'BILL_ISSUE', 'apply', 'x', 1, 1, 1, '乙', 'done', null, '张经理', ${T0})`.execute(
        db,
      );
    });
  });
});
