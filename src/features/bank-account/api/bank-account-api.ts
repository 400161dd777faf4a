import { BANK_URL } from '@contract/bank-account';
import type { BankAccount, BankAccountRequest, BankAccountUpdate } from '@contract/bank-account-schemas';
import type { Page } from '@contract/envelope-schemas';
import { SETTLEMENT_URL } from '@contract/settlement';
import type { SettlementStatement } from '@contract/settlement-schemas';
import { api } from '@/lib/api';

/** Accounts an organisation keeps are few: one page holds them all. */
export const ACCOUNT_LIST_SIZE = 100;

/**
 * The organisation's bank accounts (spec section 7, bank accounts). Commands are silent: the page says what
 * went wrong next to what the user did. Binding is SMS-verified: the request layer opens the dialog on 406 and
 * replays.
 */
const bankAccountApi = api.enhanceEndpoints({ addTagTypes: ['BankAccount'] }).injectEndpoints({
  endpoints: (build) => ({
    bankAccounts: build.query<BankAccount[], void>({
      query: () => ({
        url: BANK_URL.accountList,
        params: { page: 0, size: ACCOUNT_LIST_SIZE },
        silent: true,
      }),
      transformResponse: (page: Page<BankAccount> | null) => page?.content ?? [],
      providesTags: ['BankAccount'],
    }),
    addBankAccount: build.mutation<BankAccount, BankAccountRequest>({
      query: (body) => ({ url: BANK_URL.account, method: 'POST', data: body, silent: true }),
      invalidatesTags: ['BankAccount'],
    }),
    updateBankAccount: build.mutation<BankAccount, BankAccountUpdate>({
      query: (body) => ({ url: BANK_URL.account, method: 'PUT', data: body, silent: true }),
      invalidatesTags: ['BankAccount'],
    }),
    /** A wrong amount counts, so the list is read again whatever the answer. */
    checkBankAccountAmount: build.mutation<BankAccount, { id: string; amount: string }>({
      query: ({ id, amount }) => ({
        url: BANK_URL.amountCheck,
        method: 'PUT',
        // In the body: the amount proves the account, and addresses end up in logs.
        data: { id, amount },
        silent: true,
      }),
      invalidatesTags: ['BankAccount'],
    }),
    /** The default settlement account's balance and a page of its lines; another default is another statement. */
    settlementStatement: build.query<SettlementStatement, { page: number; size: number }>({
      query: (params) => ({ url: SETTLEMENT_URL.statement, params, silent: true }),
      providesTags: ['BankAccount'],
    }),
    bindSettlementAccount: build.mutation<BankAccount, string>({
      query: (id) => ({ url: BANK_URL.bindSettlement, method: 'POST', data: { id }, silent: true }),
      invalidatesTags: ['BankAccount'],
    }),
  }),
});

export const {
  useBankAccountsQuery,
  useAddBankAccountMutation,
  useUpdateBankAccountMutation,
  useCheckBankAccountAmountMutation,
  useBindSettlementAccountMutation,
  useSettlementStatementQuery,
} = bankAccountApi;
