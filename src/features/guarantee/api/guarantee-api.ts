import type { Page } from '@contract/envelope-schemas';
import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { GUARANTEE_URL } from '@contract/guarantee';
import type {
  GuaranteeApplyRequest,
  GuaranteeCandidate,
  GuaranteeCandidatesQuery,
  GuaranteeListQuery,
  GuaranteeRecord,
} from '@contract/guarantee-schemas';
import { pathOf } from '@contract/paths';
import { api } from '@/lib/api';

const TAG = 'Guarantee' as const;
/** A guarantee is written on the bill's back: the ledger's detail reloads too. */
const BILL_TAG = 'Bill' as const;

/** 保证: the bills the organisation may ask one on, its application, the guarantor's answers, both lists. */
export const guaranteeApi = api.enhanceEndpoints({ addTagTypes: [TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    guaranteeCandidates: build.query<GuaranteeCandidate[], GuaranteeCandidatesQuery>({
      query: (params) => ({ url: GUARANTEE_URL.candidates, method: 'GET', params }),
      providesTags: [TAG],
    }),
    guarantees: build.query<Page<GuaranteeRecord>, GuaranteeListQuery>({
      query: (params) => ({ url: GUARANTEE_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    applyGuarantee: build.mutation<GuaranteeRecord, GuaranteeApplyRequest>({
      query: (data) => ({ url: GUARANTEE_URL.apply, method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    signGuarantee: build.mutation<GuaranteeRecord, string>({
      query: (id) => ({ url: pathOf(GUARANTEE_URL.sign, { id }), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    refuseGuarantee: build.mutation<GuaranteeRecord, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: pathOf(GUARANTEE_URL.refuse, { id }),
        method: 'POST',
        data: { reason },
      }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    withdrawGuarantee: build.mutation<GuaranteeRecord, string>({
      query: (id) => ({ url: pathOf(GUARANTEE_URL.withdraw, { id }), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    exportGuarantees: build.mutation<ExportTask, Omit<GuaranteeListQuery, 'page' | 'size'>>({
      query: ({ side, status, packageNo }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: {
          kind: EXPORT_KIND.guarantees,
          params: { side, ...(status ? { billStatus: status } : {}), ...(packageNo ? { packageNo } : {}) },
        },
      }),
    }),
  }),
});

export const {
  useGuaranteeCandidatesQuery,
  useGuaranteesQuery,
  useApplyGuaranteeMutation,
  useSignGuaranteeMutation,
  useRefuseGuaranteeMutation,
  useWithdrawGuaranteeMutation,
  useExportGuaranteesMutation,
} = guaranteeApi;

/** Reloads the guarantees (a realtime event: the other side answered or applied). */
export const invalidateGuarantees = () => guaranteeApi.util.invalidateTags([TAG, BILL_TAG]);
