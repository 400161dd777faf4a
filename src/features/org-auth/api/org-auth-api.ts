import { BANK_URL } from '@contract/bank-account';
import type {
  AuthApplyRecord,
  BankAccountRequest,
  BankVerification,
  TransferAuthCheck,
} from '@contract/bank-account-schemas';
import type { Page } from '@contract/envelope-schemas';
import { api } from '@/lib/api';

/** Authentication requests kept on the page at a time. */
export const RECORDS_SIZE = 10;

/**
 * Organisation authentication by transfer (spec section 7). Commands are silent: the page says what went wrong
 * next to the form. A wrong amount counts, so the record is read again whatever the check answers.
 */
const orgAuthApi = api.enhanceEndpoints({ addTagTypes: ['OrgAuth'] }).injectEndpoints({
  endpoints: (build) => ({
    authApplyRecord: build.query<AuthApplyRecord, void>({
      query: () => ({ url: BANK_URL.authApplyRecord, silent: true }),
      providesTags: ['OrgAuth'],
    }),
    transferAuthRecords: build.query<BankVerification[], void>({
      query: () => ({
        url: BANK_URL.transferAuthRecords,
        params: { page: 0, size: RECORDS_SIZE },
        silent: true,
      }),
      transformResponse: (page: Page<BankVerification> | null) => page?.content ?? [],
      providesTags: ['OrgAuth'],
    }),
    applyTransferAuth: build.mutation<BankVerification, BankAccountRequest>({
      query: (body) => ({ url: BANK_URL.transferAuthApply, method: 'POST', data: body, silent: true }),
      invalidatesTags: ['OrgAuth'],
    }),
    checkTransferAuth: build.mutation<AuthApplyRecord, TransferAuthCheck>({
      query: (body) => ({ url: BANK_URL.transferAuthCheck, method: 'POST', data: body, silent: true }),
      invalidatesTags: ['OrgAuth'],
    }),
  }),
});

export const {
  useAuthApplyRecordQuery,
  useTransferAuthRecordsQuery,
  useApplyTransferAuthMutation,
  useCheckTransferAuthMutation,
} = orgAuthApi;
