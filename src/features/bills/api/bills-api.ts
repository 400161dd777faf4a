import { pathOf } from '@contract/paths';
import { BILL_URL } from '@contract/bills';
import type {
  BillListFilter,
  BillApplication,
  BillDetail,
  BillPackage,
  Counterparty,
  EndorseRequest,
  Holding,
  IssueRequest,
} from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { EXPORT_URL, type ExportKind } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { api } from '@/lib/api';

export interface BillListArgs extends BillListFilter {
  page: number;
  size: number;
  /** One bill's rows only. */
  packageId?: string;
}

/** The export of one bill list with the filters its screen shows. */
export interface BillListExportArgs {
  kind: ExportKind;
  filter: BillListFilter;
}

const TAG = 'Bill' as const;

/** The bill ledger's calls; every command invalidates every list and detail (one bill touches several). */
export const billsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    heldBills: build.query<Page<Holding>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.held, method: 'GET', params }),
      providesTags: [TAG],
    }),
    issuedBills: build.query<Page<BillPackage>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.issued, method: 'GET', params }),
      providesTags: [TAG],
    }),
    pendingApplications: build.query<Page<BillApplication>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.pending, method: 'GET', params }),
      providesTags: [TAG],
    }),
    myApplications: build.query<Page<BillApplication>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.mine, method: 'GET', params }),
      providesTags: [TAG],
    }),
    billDetail: build.query<BillDetail, string>({
      query: (id) => ({ url: pathOf(BILL_URL.detail, { id }), method: 'GET' }),
      providesTags: [TAG],
    }),
    counterparties: build.query<Counterparty[], string>({
      query: (keyword) => ({
        url: BILL_URL.counterparties,
        method: 'GET',
        params: { keyword },
        silent: true,
      }),
    }),
    issueBill: build.mutation<BillDetail, IssueRequest>({
      query: (data) => ({ url: BILL_URL.issue, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    endorseBill: build.mutation<BillApplication, EndorseRequest>({
      query: (data) => ({ url: BILL_URL.endorse, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    signApplication: build.mutation<BillApplication, string>({
      query: (id) => ({ url: pathOf(BILL_URL.sign, { id }), method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    refuseApplication: build.mutation<BillApplication, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: pathOf(BILL_URL.refuse, { id }), method: 'POST', data: { reason } }),
      invalidatesTags: [TAG],
    }),
    withdrawApplication: build.mutation<BillApplication, string>({
      query: (id) => ({ url: pathOf(BILL_URL.withdraw, { id }), method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    /** The export centre lists the task; it reloads its list whenever it opens. */
    exportBillList: build.mutation<ExportTask, BillListExportArgs>({
      query: ({ kind, filter }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: { kind, params: filter },
      }),
    }),
  }),
});

export const {
  useHeldBillsQuery,
  useIssuedBillsQuery,
  usePendingApplicationsQuery,
  useMyApplicationsQuery,
  useBillDetailQuery,
  useCounterpartiesQuery,
  useIssueBillMutation,
  useEndorseBillMutation,
  useSignApplicationMutation,
  useRefuseApplicationMutation,
  useWithdrawApplicationMutation,
  useExportBillListMutation,
} = billsApi;

/** A realtime BILL_CHANGED: whatever the screens show of bills is stale. */
export const invalidateBills = () => billsApi.util.invalidateTags([TAG]);
