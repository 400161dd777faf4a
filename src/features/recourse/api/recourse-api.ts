import type { Page } from '@contract/envelope-schemas';
import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { pathOf } from '@contract/paths';
import { RECOURSE_URL } from '@contract/recourse';
import type {
  RecourseAgreeRequest,
  RecourseAttachment,
  RecourseCandidate,
  RecourseCandidatesQuery,
  RecourseListQuery,
  RecourseNotifyRequest,
  RecourseRecord,
} from '@contract/recourse-schemas';
import { api } from '@/lib/api';
import { request } from '@/lib/http';

const TAG = 'Recourse' as const;
/** A recourse act is written on the bill's back and may settle or pass its range: the ledger reloads too. */
const BILL_TAG = 'Bill' as const;

/** 追索: the ranges the organisation may pursue for, its notices, the answers of both sides, both lists. */
export const recourseApi = api.enhanceEndpoints({ addTagTypes: [TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    recourseCandidates: build.query<RecourseCandidate[], RecourseCandidatesQuery>({
      query: (params) => ({ url: RECOURSE_URL.candidates, method: 'GET', params }),
      providesTags: [TAG],
    }),
    recourseNotices: build.query<Page<RecourseRecord>, RecourseListQuery>({
      query: (params) => ({ url: RECOURSE_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    notifyRecourse: build.mutation<RecourseRecord[], RecourseNotifyRequest>({
      query: (data) => ({ url: RECOURSE_URL.notify, method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    agreeRecourse: build.mutation<RecourseRecord, { id: string } & RecourseAgreeRequest>({
      query: ({ id, ...data }) => ({ url: pathOf(RECOURSE_URL.agree, { id }), method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    rejectRecourse: build.mutation<RecourseRecord, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: pathOf(RECOURSE_URL.reject, { id }),
        method: 'POST',
        data: { reason },
      }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    signRecourse: build.mutation<RecourseRecord, string>({
      query: (id) => ({ url: pathOf(RECOURSE_URL.sign, { id }), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    withdrawRecourse: build.mutation<RecourseRecord, string>({
      query: (id) => ({ url: pathOf(RECOURSE_URL.withdraw, { id }), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    exportRecourse: build.mutation<ExportTask, Omit<RecourseListQuery, 'page' | 'size'>>({
      query: ({ side, status, packageNo }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: {
          kind: EXPORT_KIND.recourse,
          params: {
            recourseSide: side,
            ...(status ? { billStatus: status } : {}),
            ...(packageNo ? { packageNo } : {}),
          },
        },
      }),
    }),
  }),
});

export const {
  useRecourseCandidatesQuery,
  useRecourseNoticesQuery,
  useNotifyRecourseMutation,
  useAgreeRecourseMutation,
  useRejectRecourseMutation,
  useSignRecourseMutation,
  useWithdrawRecourseMutation,
  useExportRecourseMutation,
} = recourseApi;

/** The proof of a 非拒付追索, sent as the body itself; the server recognises its type by content. */
export function uploadRecourseProof(file: Blob): Promise<RecourseAttachment> {
  return request<RecourseAttachment>({
    url: RECOURSE_URL.attachment,
    method: 'POST',
    data: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

/** Reloads the recourse lists (a realtime event: the other side answered or sent a notice). */
export const invalidateRecourse = () => recourseApi.util.invalidateTags([TAG, BILL_TAG]);
