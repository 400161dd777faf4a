import type { Rule } from 'antd/es/form';
import { isAccountNo, normalizeAccountNo } from '@contract/bank-account';
import { API_ERROR } from '@contract/errors';
import { bankMessages } from '@/locales/zh-CN/bank';

/**
 * Bank account numbers as screens show them (docs/domain.md: grouped by four). Masked: the first and last four
 * digits stay (two of each for a number of eight or fewer), the rest become *, then grouped:
 * 6222021234567890 -> 6222 **** **** 7890.
 */
export function groupByFour(digits: string): string {
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

export function maskAccountNo(accountNo: string): string {
  const keep = accountNo.length > 8 ? 4 : 2;
  if (accountNo.length <= keep * 2) return groupByFour(accountNo);
  const hidden = '*'.repeat(accountNo.length - keep * 2);
  return groupByFour(`${accountNo.slice(0, keep)}${hidden}${accountNo.slice(-keep)}`);
}

/** Form rules of an account number: 6-32 digits once spaces are removed (the server's rule). */
export const accountNoRules: Rule[] = [
  { required: true, whitespace: true, message: bankMessages.accountNo.required },
  {
    validator: async (_rule, value: unknown) => {
      const typed = typeof value === 'string' ? normalizeAccountNo(value) : '';
      if (typed !== '' && !isAccountNo(typed)) throw new Error(bankMessages.accountNo.invalid);
    },
  },
];

/** The field of an account form (accountName, accountNo, branchNo) a refusal's code is about. */
export function accountFieldOf(
  code: string | undefined,
): 'accountName' | 'accountNo' | 'branchNo' | undefined {
  switch (code) {
    case API_ERROR.accountNoInvalid:
    case API_ERROR.bankAccountExists:
      return 'accountNo';
    case API_ERROR.bankBranchNotFound:
      return 'branchNo';
    case API_ERROR.accountNameMismatch:
      return 'accountName';
    default:
      return undefined;
  }
}
