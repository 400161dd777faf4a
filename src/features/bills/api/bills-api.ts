import { pathOf } from '@contract/paths';
import { BILL_URL } from '@contract/bills';
import type {
  BatchAnswerResult,
  BillAccount,
  BillApplication,
  BillDetail,
  BillListFilter,
  BillPackage,
  Counterparty,
  EndorseRequest,
  Holding,
  IssueRequest,
} from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { EXPORT_URL, type ExportKind } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import { api } from '@/lib/api';
import { subscribeRealtime } from '@/lib/realtime';

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

/**
 * While any ledger list or detail is on a screen, one subscription to the realtime events: a counterparty's
 * answer or application (BILL_CHANGED), or events possibly missed (REALTIME_RESYNC), marks every bill query
 * stale, and those on screen are asked again.
 */
let watching = 0;
let unwatch: (() => void) | null = null;

async function reloadOnBillEvents(
  _: unknown,
  {
    dispatch,
    cacheEntryRemoved,
  }: { dispatch: (action: unknown) => unknown; cacheEntryRemoved: Promise<void> },
): Promise<void> {
  if (watching++ === 0) {
    const reload = () => void dispatch(billsApi.util.invalidateTags([TAG]));
    const offBill = subscribeRealtime(REALTIME_EVENT.bill, reload);
    const offResync = subscribeRealtime(REALTIME_EVENT.resync, reload);
    unwatch = () => {
      offBill();
      offResync();
    };
  }
  await cacheEntryRemoved;
  if (--watching === 0) {
    unwatch?.();
    unwatch = null;
  }
}

/** The bill ledger's calls; every command invalidates every list and detail (one bill touches several). */
export const billsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    heldBills: build.query<Page<Holding>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.held, method: 'GET', params }),
      providesTags: [TAG],
      onCacheEntryAdded: reloadOnBillEvents,
    }),
    issuedBills: build.query<Page<BillPackage>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.issued, method: 'GET', params }),
      providesTags: [TAG],
      onCacheEntryAdded: reloadOnBillEvents,
    }),
    pendingApplications: build.query<Page<BillApplication>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.pending, method: 'GET', params }),
      providesTags: [TAG],
      onCacheEntryAdded: reloadOnBillEvents,
    }),
    myApplications: build.query<Page<BillApplication>, BillListArgs>({
      query: (params) => ({ url: BILL_URL.mine, method: 'GET', params }),
      providesTags: [TAG],
      onCacheEntryAdded: reloadOnBillEvents,
    }),
    billDetail: build.query<BillDetail, string>({
      query: (id) => ({ url: pathOf(BILL_URL.detail, { id }), method: 'GET' }),
      providesTags: [TAG],
      onCacheEntryAdded: reloadOnBillEvents,
    }),
    counterparties: build.query<Counterparty[], string>({
      query: (keyword) => ({
        url: BILL_URL.counterparties,
        method: 'GET',
        params: { keyword },
        silent: true,
      }),
    }),
    billAccounts: build.query<BillAccount[], void>({
      query: () => ({ url: BILL_URL.accounts, method: 'GET' }),
    }),
    issueBill: build.mutation<BillDetail, IssueRequest>({
      query: (data) => ({ url: BILL_URL.issue, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    endorseBill: build.mutation<BillApplication, EndorseRequest>({
      query: (data) => ({ url: BILL_URL.endorse, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    requestAcceptance: build.mutation<BillDetail, string>({
      query: (id) => ({ url: pathOf(BILL_URL.acceptance, { id }), method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    requestReceipt: build.mutation<BillDetail, string>({
      query: (id) => ({ url: pathOf(BILL_URL.delivery, { id }), method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    revokeBill: build.mutation<BillDetail, string>({
      query: (id) => ({ url: pathOf(BILL_URL.revoke, { id }), method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    signApplication: build.mutation<BillApplication, { id: string; accountId?: string }>({
      query: ({ id, accountId }) => ({
        url: pathOf(BILL_URL.sign, { id }),
        method: 'POST',
        data: accountId ? { accountId } : {},
      }),
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
    batchSignApplications: build.mutation<BatchAnswerResult, { ids: string[]; accountId?: string }>({
      query: (data) => ({ url: BILL_URL.batchSign, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    batchRefuseApplications: build.mutation<BatchAnswerResult, { ids: string[]; reason: string }>({
      query: (data) => ({ url: BILL_URL.batchRefuse, method: 'POST', data }),
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
  useBillAccountsQuery,
  useIssueBillMutation,
  useEndorseBillMutation,
  useRequestAcceptanceMutation,
  useRequestReceiptMutation,
  useRevokeBillMutation,
  useSignApplicationMutation,
  useRefuseApplicationMutation,
  useWithdrawApplicationMutation,
  useBatchSignApplicationsMutation,
  useBatchRefuseApplicationsMutation,
  useExportBillListMutation,
} = billsApi;

/** Whatever the screens show of bills is stale (a refused command told that the row moved on). */
export const invalidateBills = () => billsApi.util.invalidateTags([TAG]);
