import { DISCOUNT_URL } from '@contract/discount';
import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import type {
  DiscountApplyRequest,
  DiscountListFilter,
  DiscountListQuery,
  DiscountRecord,
  DiscountTrial,
  DiscountTrialRequest,
} from '@contract/discount-schemas';
import type { Page } from '@contract/envelope-schemas';
import { INSTITUTION_URL } from '@contract/institution';
import type { Institution } from '@contract/institution-schemas';
import { api } from '@/lib/api';

const TAG = 'Discount' as const;
/** A discount moves a bill's range: the ledger's lists reload too. */
const BILL_TAG = 'Bill' as const;

/** Discounts: the institutions, the calculator, the application and its withdrawal, the organisation's list. */
export const discountApi = api.enhanceEndpoints({ addTagTypes: [TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    institutions: build.query<Institution[], void>({
      query: () => ({ url: INSTITUTION_URL.list, method: 'GET' }),
    }),
    /** The calculator as the form types: its mistakes are the form's to show, not a notice. */
    discountTrial: build.query<DiscountTrial, DiscountTrialRequest>({
      query: (data) => ({ url: DISCOUNT_URL.trial, method: 'POST', data, silent: true }),
    }),
    discounts: build.query<Page<DiscountRecord>, DiscountListQuery>({
      query: (params) => ({ url: DISCOUNT_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    applyDiscount: build.mutation<DiscountRecord, DiscountApplyRequest>({
      query: (data) => ({ url: DISCOUNT_URL.apply, method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    /** 我的贴现 with its filter, as an export centre task. */
    exportDiscounts: build.mutation<ExportTask, DiscountListFilter>({
      query: (params) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: { kind: EXPORT_KIND.discounts, params },
      }),
    }),
    withdrawDiscount: build.mutation<DiscountRecord, string>({
      query: (id) => ({ url: DISCOUNT_URL.withdraw.replace(':id', encodeURIComponent(id)), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
  }),
});

export const {
  useInstitutionsQuery,
  useDiscountTrialQuery,
  useDiscountsQuery,
  useApplyDiscountMutation,
  useWithdrawDiscountMutation,
  useExportDiscountsMutation,
} = discountApi;

/** Reloads the discount list (a realtime event: the institution answered). */
export const invalidateDiscounts = () => discountApi.util.invalidateTags([TAG, BILL_TAG]);
