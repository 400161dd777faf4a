import { BANK_NO_LENGTH, BANK_URL, emptyBankPage, hasBankCriteria } from '@contract/bank-account';
import type { BankBranch, BankSearchRequest } from '@contract/bank-account-schemas';
import type { Page } from '@contract/envelope-schemas';
import { api } from '@/lib/api';

/** Branches a picker shows at a time; more matches ask for a longer query. */
export const BRANCH_OPTIONS_SIZE = 20;

export interface BankSearch {
  criteria: BankSearchRequest;
  size: number;
}

/**
 * What a typed query searches: digits are a prefix of the branch number, anything else a part of the branch's
 * name. Spaces and line breaks are dropped (spec section 5, the listing helpers). Null when there is nothing
 * to search for: spec section 5's empty-page rule, on the client, means no request at all.
 */
export function bankSearchOf(typed: string, size: number = BRANCH_OPTIONS_SIZE): BankSearch | null {
  const query = typed.replace(/\s+/g, '');
  const criteria: BankSearchRequest = /^\d+$/.test(query)
    ? query.length <= BANK_NO_LENGTH
      ? { bankNo: query }
      : {}
    : { fullName: query };
  return hasBankCriteria(criteria) ? { criteria, size } : null;
}

const bankSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/scbill/basic-data/bank/page`; the caller never asks it without criteria. */
    bankPage: build.query<Page<BankBranch>, BankSearch>({
      query: ({ criteria, size }) => ({
        url: BANK_URL.branchPage,
        method: 'POST',
        params: { page: 0, size },
        data: criteria,
        silent: true,
      }),
      transformResponse: (page: Page<BankBranch> | null) => page ?? emptyBankPage<BankBranch>(),
    }),
  }),
});

export const { useBankPageQuery } = bankSearchApi;
