import { DISCOUNT_URL } from '@contract/discount';
import type { DiscountQuoteRequest, DiscountQuoteSet } from '@contract/discount-schemas';
import { api } from '@/lib/api';

/** 轻松贴: every institution's quotes for the chosen held bills (each ask is new quotes, kept with expiries). */
const easeDiscountApi = api.injectEndpoints({
  endpoints: (build) => ({
    askQuotes: build.mutation<DiscountQuoteSet[], DiscountQuoteRequest>({
      query: (data) => ({ url: DISCOUNT_URL.quotes, method: 'POST', data }),
    }),
  }),
});

export const { useAskQuotesMutation } = easeDiscountApi;
