import type { Clearing } from '@contract/discount';
import { BILL_URL } from '@contract/bills';
import type { PayableDay, PayableQuery } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL, type PaymentRefusalCode } from '@contract/payment';
import type {
  PaymentCandidate,
  PaymentCandidateQuery,
  PaymentListQuery,
  PaymentRecord,
} from '@contract/payment-schemas';
import { api } from '@/lib/api';

const TAG = 'Payment' as const;
/** A presentation locks, settles or returns a range: the ledger's lists and detail reload too. */
const BILL_TAG = 'Bill' as const;

/** 提示付款: what the holder may present, its presentations and the acceptor's answers. */
export const paymentApi = api.enhanceEndpoints({ addTagTypes: [TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    paymentCandidates: build.query<Page<PaymentCandidate>, PaymentCandidateQuery>({
      query: (params) => ({ url: PAYMENT_URL.candidates, method: 'GET', params }),
      providesTags: [TAG],
    }),
    payments: build.query<Page<PaymentRecord>, PaymentListQuery>({
      query: (params) => ({ url: PAYMENT_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    presentPayment: build.mutation<PaymentRecord, { holdingId: string; overdueReason?: string }>({
      query: (data) => ({ url: PAYMENT_URL.present, method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    payPresentation: build.mutation<PaymentRecord, { id: string; clearing: Clearing }>({
      query: ({ id, clearing }) => ({
        url: pathOf(PAYMENT_URL.pay, { id }),
        method: 'POST',
        data: { clearing },
      }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    refusePresentation: build.mutation<
      PaymentRecord,
      { id: string; code: PaymentRefusalCode; text?: string }
    >({
      query: ({ id, ...data }) => ({ url: pathOf(PAYMENT_URL.refuse, { id }), method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    /** The ledger's shared 撤回 of an application, a presentation's too. */
    withdrawPresentation: build.mutation<unknown, string>({
      query: (id) => ({ url: pathOf(BILL_URL.withdraw, { id }), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    /** 应付票据: what the organisation pays as acceptor, by due date (bills' list, on this page's side). */
    payableDays: build.query<Page<PayableDay>, PayableQuery>({
      query: (params) => ({ url: BILL_URL.payable, method: 'GET', params }),
      providesTags: [TAG, BILL_TAG],
    }),
    exportPayments: build.mutation<ExportTask, Omit<PaymentListQuery, 'page' | 'size'>>({
      query: ({ side, state, packageNo, dueFrom, dueTo }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: {
          kind: EXPORT_KIND.payments,
          params: {
            side,
            ...(state ? { billStatus: state } : {}),
            ...(packageNo ? { packageNo } : {}),
            ...(dueFrom ? { dueFrom } : {}),
            ...(dueTo ? { dueTo } : {}),
          },
        },
      }),
    }),
  }),
});

export const {
  usePaymentCandidatesQuery,
  usePaymentsQuery,
  usePresentPaymentMutation,
  usePayPresentationMutation,
  useRefusePresentationMutation,
  useWithdrawPresentationMutation,
  useExportPaymentsMutation,
  usePayableDaysQuery,
} = paymentApi;

/** Reloads the presentations (a realtime event: the other side presented or answered, or day-end ran). */
export const invalidatePayments = () => paymentApi.util.invalidateTags([TAG, BILL_TAG]);
