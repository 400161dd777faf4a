import { DISCOUNT_URL } from '@contract/discount';
import type {
  DiscountApplyRequest,
  DiscountQuoteRequest,
  DiscountQuoteSet,
  DiscountRecord,
  DiscountTrial,
  DiscountTrialRequest,
} from '@contract/discount-schemas';
import { api } from '@/lib/api';

/** Taking a quote is a discount application: 我的贴现 and the ledger's lists reload. */
const DISCOUNT_TAG = 'Discount' as const;
const BILL_TAG = 'Bill' as const;

/**
 * 轻松贴: every institution's quotes for the chosen held bills (each ask is new quotes, kept with expiries),
 * the calculator's figures for the part taken, and the application that takes a quote.
 */
const easeDiscountApi = api.enhanceEndpoints({ addTagTypes: [DISCOUNT_TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    askQuotes: build.mutation<DiscountQuoteSet[], DiscountQuoteRequest>({
      query: (data) => ({ url: DISCOUNT_URL.quotes, method: 'POST', data }),
    }),
    /** The calculator as the dialog types: its mistakes are the form's to show, not a notice. */
    quoteTrial: build.query<DiscountTrial, DiscountTrialRequest>({
      query: (data) => ({ url: DISCOUNT_URL.trial, method: 'POST', data, silent: true }),
    }),
    takeQuote: build.mutation<DiscountRecord, DiscountApplyRequest & { quoteId: string }>({
      query: (data) => ({ url: DISCOUNT_URL.apply, method: 'POST', data }),
      invalidatesTags: [DISCOUNT_TAG, BILL_TAG],
    }),
  }),
});

export const { useAskQuotesMutation, useQuoteTrialQuery, useTakeQuoteMutation } = easeDiscountApi;
