import type { AccountRef } from '../../adapters/settlement/gateway';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';

/** A settlement account as payments and statements name it. */
export interface SettlementAccountRef extends AccountRef {
  bankName: string;
  branchName: string;
}

/**
 * The organisation's account, an institution's registered one first (rank 0), else its verified default
 * bank account (rank 1): one prepared query where the two were asked one after the other. The bank
 * accounts screen reads it with every visit of its statement.
 */
const accountOfOrg = preparedQuery((db: Db, v: { orgId: string }) =>
  db
    .selectFrom('institutions as i')
    .innerJoin('organizations as o', 'o.id', 'i.org_id')
    .select([
      sql<number>`0`.as('rank'),
      'i.account_no',
      'o.name as account_name',
      'i.branch_no',
      'i.bank_name',
      'i.branch_name',
    ])
    .where('i.org_id', '=', v.orgId)
    .unionAll(
      db
        .selectFrom('bank_accounts as b')
        .select([
          sql<number>`1`.as('rank'),
          'b.account_no',
          'b.account_name',
          'b.branch_no',
          'b.bank_name',
          'b.branch_name',
        ])
        .where('b.org_id', '=', v.orgId)
        .where('b.verified', '=', 1)
        .where('b.is_default', '=', 1),
    )
    .orderBy('rank')
    .limit(1),
);

/**
 * Where an organisation's money is: an enterprise's verified default settlement account, an institution's
 * registered one; null when an enterprise has none verified (it can neither pay nor be paid online).
 */
export async function settlementAccountOf(db: Db, orgId: string): Promise<SettlementAccountRef | null> {
  const [row] = await accountOfOrg(db, { orgId });
  return row
    ? {
        accountNo: row.account_no,
        accountName: row.account_name,
        branchNo: row.branch_no,
        bankName: row.bank_name,
        branchName: row.branch_name,
      }
    : null;
}

/** The organisation whose settlement account this is (enterprise or institution), or undefined. */
export async function accountOwnerOf(db: Db, accountNo: string): Promise<SettlementAccountRef | undefined> {
  const institution = await db
    .selectFrom('institutions as i')
    .innerJoin('organizations as o', 'o.id', 'i.org_id')
    .select(['i.account_no', 'o.name', 'i.branch_no', 'i.bank_name', 'i.branch_name'])
    .where('i.account_no', '=', accountNo)
    .executeTakeFirst();
  if (institution) {
    return {
      accountNo: institution.account_no,
      accountName: institution.name,
      branchNo: institution.branch_no,
      bankName: institution.bank_name,
      branchName: institution.branch_name,
    };
  }
  const account = await db
    .selectFrom('bank_accounts')
    .select(['account_no', 'account_name', 'branch_no', 'bank_name', 'branch_name'])
    .where('account_no', '=', accountNo)
    .where('verified', '=', 1)
    .executeTakeFirst();
  return account
    ? {
        accountNo: account.account_no,
        accountName: account.account_name,
        branchNo: account.branch_no,
        bankName: account.bank_name,
        branchName: account.branch_name,
      }
    : undefined;
}
