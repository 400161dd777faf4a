import type { AccountRef } from '../../adapters/settlement/gateway';
import type { Db } from '../../db/database';
import { verifiedSettlementAccountOf } from '../bank-account/service';
import { institutionOf } from '../institution/service';

/** A settlement account as payments and statements name it. */
export interface SettlementAccountRef extends AccountRef {
  bankName: string;
  branchName: string;
}

/**
 * Where an organisation's money is: an enterprise's verified default settlement account, an institution's
 * registered one; null when an enterprise has none verified (it can neither pay nor be paid online).
 */
export async function settlementAccountOf(db: Db, orgId: string): Promise<SettlementAccountRef | null> {
  // Asked side by side, not one after the other: an enterprise's answer needs both.
  const [institution, account] = await Promise.all([
    institutionOf(db, orgId),
    verifiedSettlementAccountOf(db, orgId),
  ]);
  if (institution) return institution.account;
  return account
    ? {
        accountNo: account.accountNo,
        accountName: account.accountName,
        branchNo: account.branchNo,
        bankName: account.bankName,
        branchName: account.branchName,
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
