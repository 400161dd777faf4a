import { sql, type Kysely } from 'kysely';

/**
 * The bill ledger: packages, holdings as sub-ticket ranges, applications and the chain of events. The
 * service checks after every command that a package's current holdings tile its face exactly; the indexes
 * below add what the database can hold on its own (one current holding per range start, one pending
 * application per holding).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_no', 'text', (c) => c.notNull().unique())
    .addColumn('drawer_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('drawer_name', 'text', (c) => c.notNull())
    .addColumn('acceptor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('acceptor_name', 'text', (c) => c.notNull())
    .addColumn('payee_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('drawer_branch_no', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('no_transfer', 'integer', (c) => c.notNull())
    .addColumn('splittable', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_packages_drawer')
    .on('bill_packages')
    .columns(['drawer_org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('bill_holdings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('bill_status', 'text', (c) => c.notNull())
    .addColumn('circ_status', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  // The held-bills list: an organisation's current holdings, newest first. ended_at is in the columns too, so
  // SQLite counts them from the index alone (a count that read the table took 40 ms for 10,000 holdings).
  await db.schema
    .createIndex('bill_holdings_current')
    .on('bill_holdings')
    .columns(['org_id', 'acquired_at', 'ended_at'])
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('bill_holdings_package')
    .on('bill_holdings')
    .columns(['package_id', 'org_id'])
    .execute();
  // Two commands that both took the same range would both insert a holding starting where it starts.
  await db.schema
    .createIndex('bill_holdings_one_current_start')
    .on('bill_holdings')
    .columns(['package_id', 'sub_start'])
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('bill_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('applicant_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('receiver_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('answered_by', 'text', (c) => c.references('users.id'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bill_applications_receiver')
    .on('bill_applications')
    .columns(['receiver_org_id', 'status', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('bill_applications_applicant')
    .on('bill_applications')
    .columns(['applicant_org_id', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('bill_applications_package')
    .on('bill_applications')
    .column('package_id')
    .execute();
  await db.schema
    .createIndex('bill_applications_one_pending')
    .on('bill_applications')
    .column('holding_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('bill_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('application_id', 'text', (c) => c.references('bill_applications.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('from_org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('to_org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_events_package')
    .on('bill_events')
    .columns(['package_id', 'at', 'seq'])
    .execute();

  await db.schema
    .createTable('bill_package_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
}
