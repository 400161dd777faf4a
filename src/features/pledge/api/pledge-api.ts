import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { PLEDGE_URL } from '@contract/pledge';
import type {
  PledgeApplyRequest,
  PledgeListFilter,
  PledgeListQuery,
  PledgeRecord,
} from '@contract/pledge-schemas';
import type { Page } from '@contract/envelope-schemas';
import { api } from '@/lib/api';

const TAG = 'Pledge' as const;
/** A pledge changes a bill's range: the ledger's lists reload too. */
const BILL_TAG = 'Bill' as const;

const byId = (url: string, id: string) => url.replace(':id', encodeURIComponent(id));

/** Pledges: the application and its withdrawal, the answer to a release, the organisation's list. */
export const pledgeApi = api.enhanceEndpoints({ addTagTypes: [TAG, BILL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    pledges: build.query<Page<PledgeRecord>, PledgeListQuery>({
      query: (params) => ({ url: PLEDGE_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    /** 我的质押 as xlsx through the export centre; the export carries a list's own status as `billStatus`. */
    exportPledges: build.mutation<ExportTask, PledgeListFilter>({
      query: ({ status, ...filter }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: { kind: EXPORT_KIND.pledges, params: { ...filter, ...(status ? { billStatus: status } : {}) } },
      }),
    }),
    applyPledge: build.mutation<PledgeRecord, PledgeApplyRequest>({
      query: (data) => ({ url: PLEDGE_URL.apply, method: 'POST', data }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    withdrawPledge: build.mutation<PledgeRecord, string>({
      query: (id) => ({ url: byId(PLEDGE_URL.withdraw, id), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    signPledgeRelease: build.mutation<PledgeRecord, string>({
      query: (id) => ({ url: byId(PLEDGE_URL.releaseSign, id), method: 'POST' }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
    refusePledgeRelease: build.mutation<PledgeRecord, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: byId(PLEDGE_URL.releaseRefuse, id),
        method: 'POST',
        data: { reason },
      }),
      invalidatesTags: [TAG, BILL_TAG],
    }),
  }),
});

export const {
  usePledgesQuery,
  useExportPledgesMutation,
  useApplyPledgeMutation,
  useWithdrawPledgeMutation,
  useSignPledgeReleaseMutation,
  useRefusePledgeReleaseMutation,
} = pledgeApi;

/** Reloads the pledge list (a realtime event: the institution answered, or the pledgee asks a release). */
export const invalidatePledges = () => pledgeApi.util.invalidateTags([TAG, BILL_TAG]);
