import type { Contract } from '@contract/e-contract-schemas';
import type { Page } from '@contract/envelope-schemas';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type {
  OrgFinanceConfig,
  PledgeCost,
  PledgeCostRequest,
  PledgeFinApproveRequest,
  PledgeFinCancelRequest,
  PledgeFinPayoutRetryRequest,
  PledgeFinRestRetryRequest,
  PledgeFinCountersignRetryRequest,
  PledgeFinCreateRequest,
  PledgeFinDetail,
  PledgeFinFilter,
  PledgeFinHistoryEntry,
  PledgeFinInterestPaymentRequest,
  PledgeFinProduct,
  PledgeFinSaveRequest,
  PledgeFinSummary,
} from '@contract/pledge-fin-schemas';
import { api } from '@/lib/api';

const TAG = 'PledgeFin' as const;

export interface PledgeFinPageArgs {
  page: number;
  size: number;
  filter: PledgeFinFilter;
}

/**
 * 质押融资: the products, the organisation's credit lines, the real-time cost, the application from draft to
 * approval and cancel, its contracts, the scheduled payments, the list, the detail and its history.
 */
export const pledgeFinApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    pledgeFinProducts: build.query<PledgeFinProduct[], void>({
      query: () => ({ url: PLEDGE_FIN_URL.configList, method: 'POST' }),
    }),
    orgFinanceConfig: build.query<OrgFinanceConfig, string>({
      query: (orgId) => ({ url: pathOf(PLEDGE_FIN_URL.orgFinanceConfig, { id: orgId }), method: 'GET' }),
      providesTags: [TAG],
    }),
    /** The cost as the form types: its mistakes are the form's to show, not a notice. */
    pledgeCost: build.query<PledgeCost, PledgeCostRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.costCal, method: 'POST', data, silent: true }),
    }),
    pledgeFinancings: build.query<Page<PledgeFinSummary>, PledgeFinPageArgs>({
      query: ({ page, size, filter }) => ({
        url: PLEDGE_FIN_URL.pageByPledger,
        method: 'POST',
        params: { page, size },
        data: filter,
      }),
      providesTags: [TAG],
    }),
    pledgeFinDetail: build.query<PledgeFinDetail, string>({
      query: (id) => ({ url: pathOf(PLEDGE_FIN_URL.detail, { id }), method: 'GET' }),
      providesTags: [TAG],
    }),
    pledgeFinHistory: build.query<PledgeFinHistoryEntry[], string>({
      query: (id) => ({ url: pathOf(PLEDGE_FIN_URL.opHistory, { id }), method: 'GET' }),
      providesTags: [TAG],
    }),
    savePledgeFin: build.mutation<PledgeFinDetail, PledgeFinSaveRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.save, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    submitPledgeFin: build.mutation<PledgeFinDetail, PledgeFinCreateRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.create, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    approvePledgeFin: build.mutation<PledgeFinDetail, PledgeFinApproveRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.approve, method: 'PUT', data }),
      invalidatesTags: [TAG],
    }),
    cancelPledgeFin: build.mutation<PledgeFinDetail, PledgeFinCancelRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.cancel, method: 'PUT', data }),
      invalidatesTags: [TAG],
    }),
    /** Asks the institution to pay out again a financing whose pay-out the bank refused (放款中). */
    retryPledgeFinPayout: build.mutation<PledgeFinDetail, PledgeFinPayoutRetryRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.payoutRetry, method: 'PUT', data }),
      invalidatesTags: [TAG],
    }),
    /** Asks the institution to transfer again the rest of the proceeds the bank refused to pay the borrower. */
    retryPledgeFinRest: build.mutation<PledgeFinDetail, PledgeFinRestRetryRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.restRetry, method: 'PUT', data }),
      invalidatesTags: [TAG],
    }),
    /** Asks the institution again to sign the contracts its e-sign service failed to sign. */
    retryPledgeFinCountersign: build.mutation<PledgeFinDetail, PledgeFinCountersignRetryRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.countersignRetry, method: 'PUT', data }),
      invalidatesTags: [TAG],
    }),
    /** The loan contract and the pledge contract, drafted once the financing is approved. */
    pledgeFinContracts: build.query<Contract[], string>({
      query: (id) => ({ url: pathOf(PLEDGE_FIN_URL.contracts, { id }), method: 'GET' }),
      providesTags: [TAG],
    }),
    /** Pays the next scheduled payment; the request layer asks for the QR or SMS confirmation. */
    payPledgeFinInstallment: build.mutation<PledgeFinDetail, PledgeFinInterestPaymentRequest>({
      query: (data) => ({ url: PLEDGE_FIN_URL.interestPayment, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  usePledgeFinProductsQuery,
  useOrgFinanceConfigQuery,
  usePledgeCostQuery,
  usePledgeFinancingsQuery,
  usePledgeFinDetailQuery,
  usePledgeFinHistoryQuery,
  useSavePledgeFinMutation,
  useSubmitPledgeFinMutation,
  useApprovePledgeFinMutation,
  useCancelPledgeFinMutation,
  useRetryPledgeFinPayoutMutation,
  useRetryPledgeFinRestMutation,
  useRetryPledgeFinCountersignMutation,
  usePledgeFinContractsQuery,
  usePayPledgeFinInstallmentMutation,
} = pledgeFinApi;

/** Reloads everything of 质押融资 (a realtime event: a financing changed). */
export const invalidatePledgeFin = () => pledgeFinApi.util.invalidateTags([TAG]);
