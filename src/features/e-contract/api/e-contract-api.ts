import { pathOf } from '@contract/paths';
import { ECONTRACT_URL, type ContractStatus } from '@contract/e-contract';
import type {
  BatchSignRequest,
  Contract,
  EsignAccountState,
  Seal,
  SignInfo,
  SignRecord,
  SignStatus,
} from '@contract/e-contract-schemas';
import type { Page } from '@contract/envelope-schemas';
import { api } from '@/lib/api';
import { http, toHttpError } from '@/lib/http';

export interface ContractListArgs {
  page: number;
  size: number;
  status?: ContractStatus;
}

export interface RecordListArgs {
  page: number;
  size: number;
}

const TAG = 'EContract' as const;

/**
 * The electronic-contract calls. Any command (opening, signing, cancelling) or a CONTRACT_STATUS event makes
 * everything the screens show stale: one signing touches the contracts, the counts and the records.
 */
export const eContractApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    accountState: build.query<EsignAccountState, void>({
      query: () => ({ url: ECONTRACT_URL.isOpen, method: 'GET' }),
      providesTags: [TAG],
    }),
    signInfo: build.query<SignInfo, void>({
      query: () => ({ url: ECONTRACT_URL.signInfo, method: 'GET' }),
      providesTags: [TAG],
    }),
    seals: build.query<Seal[], void>({
      query: () => ({ url: ECONTRACT_URL.seals, method: 'GET' }),
      providesTags: [TAG],
    }),
    contracts: build.query<Page<Contract>, ContractListArgs>({
      query: (params) => ({ url: ECONTRACT_URL.contracts, method: 'GET', params }),
      providesTags: [TAG],
    }),
    signStatus: build.query<SignStatus, string>({
      query: (contractId) => ({ url: ECONTRACT_URL.status, method: 'GET', params: { contractId } }),
      providesTags: [TAG],
    }),
    signRecords: build.query<Page<SignRecord>, RecordListArgs>({
      query: (params) => ({ url: ECONTRACT_URL.records, method: 'GET', params }),
      providesTags: [TAG],
    }),
    signRecordResult: build.query<SignRecord, string>({
      query: (recordId) => ({ url: ECONTRACT_URL.recordResult, method: 'GET', params: { recordId } }),
      providesTags: [TAG],
    }),
    openAccount: build.mutation<EsignAccountState, void>({
      query: () => ({ url: ECONTRACT_URL.open, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    batchSign: build.mutation<SignRecord, BatchSignRequest>({
      query: (data) => ({ url: ECONTRACT_URL.batchSign, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    cancelSignRecord: build.mutation<SignRecord, string>({
      query: (recordId) => ({ url: ECONTRACT_URL.cancelRecord, method: 'POST', params: { recordId } }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useAccountStateQuery,
  useSignInfoQuery,
  useSealsQuery,
  useContractsQuery,
  useSignStatusQuery,
  useSignRecordsQuery,
  useSignRecordResultQuery,
  useOpenAccountMutation,
  useBatchSignMutation,
  useCancelSignRecordMutation,
} = eContractApi;

/** A CONTRACT_STATUS event (or a resync): whatever the screens show of contracts is stale. */
export const invalidateContracts = () => eContractApi.util.invalidateTags([TAG]);

/** The contract's PDF as a blob (the call needs the sign-in header, so no plain link can fetch it). */
export async function fetchContractPdf(contractId: string, signal?: AbortSignal): Promise<Blob> {
  try {
    const answer = await http.get<Blob>(pathOf(ECONTRACT_URL.preview, { id: contractId }), {
      responseType: 'blob',
      signal,
    });
    return answer.data;
  } catch (error) {
    throw toHttpError(error);
  }
}
