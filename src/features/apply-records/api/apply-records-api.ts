import { pathOf } from '@contract/paths';
import { APPLY_RECORD_URL } from '@contract/apply-record';
import type {
  ApplyRecord,
  ApplyRecordQuery,
  ApplyRequest,
  AuthoriseRequest,
} from '@contract/apply-record-schemas';
import type { Page } from '@contract/envelope-schemas';
import { ORG_URL } from '@contract/organization';
import type { OrganizationQueryResult } from '@contract/organization-schemas';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { request } from '@/lib/http';

/**
 * Apply records. The spec's close, refuse and auth calls pass an "extra flag" to the request helper whose
 * meaning is not shown; our reading: the action asks for confirmation first, then shows a loading state
 * until the answer. The confirmation is the tab's (every one of these buttons opens a confirm dialog), the
 * loading state is the mutation's `isLoading` on the confirm button.
 */
export const applyRecordsApi = api.enhanceEndpoints({ addTagTypes: ['ApplyRecord'] }).injectEndpoints({
  endpoints: (build) => ({
    applyRecords: build.query<Page<ApplyRecord>, ApplyRecordQuery>({
      query: (params) => ({ url: APPLY_RECORD_URL.list, method: 'GET', params }),
      providesTags: ['ApplyRecord'],
    }),
    myJoinApplications: build.query<ApplyRecord[], void>({
      query: () => ({ url: APPLY_RECORD_URL.mine, method: 'GET' }),
      providesTags: ['ApplyRecord'],
    }),
    applyToJoin: build.mutation<ApplyRecord, ApplyRequest>({
      query: (data) => ({ url: APPLY_RECORD_URL.apply, method: 'POST', data }),
      invalidatesTags: ['ApplyRecord'],
    }),
    /** 查询企业: a search, but sent as a POST with the keyword in the body (spec section 7). */
    searchOrganizations: build.mutation<OrganizationQueryResult, string>({
      query: (keyword) => ({ url: ORG_URL.query, method: 'POST', data: { keyword } }),
    }),
    closeApplyRecord: build.mutation<ApplyRecord, string>({
      query: (id) => ({ url: pathOf(APPLY_RECORD_URL.close, { id }), method: 'PUT' }),
      invalidatesTags: ['ApplyRecord'],
    }),
    refuseApplyRecord: build.mutation<ApplyRecord, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: pathOf(APPLY_RECORD_URL.refuse, { id }),
        method: 'PUT',
        data: { reason },
      }),
      invalidatesTags: ['ApplyRecord'],
    }),
    authoriseApplyRecord: build.mutation<ApplyRecord, AuthoriseRequest>({
      query: (data) => ({ url: APPLY_RECORD_URL.auth, method: 'PUT', data }),
      invalidatesTags: ['ApplyRecord'],
    }),
  }),
});

export const {
  useApplyRecordsQuery,
  useMyJoinApplicationsQuery,
  useApplyToJoinMutation,
  useSearchOrganizationsMutation,
  useCloseApplyRecordMutation,
  useRefuseApplyRecordMutation,
  useAuthoriseApplyRecordMutation,
} = applyRecordsApi;

export const invalidateApplyRecords = () => applyRecordsApi.util.invalidateTags(['ApplyRecord']);

/** Sends the file itself as the body; the server recognises its type by content. */
export function uploadAuthLetter(id: string, file: Blob): Promise<ApplyRecord> {
  return request<ApplyRecord>({
    url: pathOf(APPLY_RECORD_URL.authLetter, { id }),
    method: 'POST',
    data: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

export const downloadAuthLetter = (id: string) =>
  downloadFile({ url: pathOf(APPLY_RECORD_URL.authLetter, { id }), method: 'GET' }, 'authorisation-letter');
