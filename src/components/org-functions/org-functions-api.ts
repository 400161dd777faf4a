import { useMemo } from 'react';
import type { FuncCode } from '@contract/shell';
import type { OrgFunction } from '@contract/shell-schemas';
import { api } from '@/lib/api';
import { functionStateOf, type FunctionState } from './function-state';

export const ORG_FUNCTION_URL = {
  list: '/api/scbill/org-acct-function-endpoint',
  open: '/api/scbill/org-acct/open-func',
} as const;

/**
 * The organisation's functions as the server decides them (opened, available or 即将上线, offered, what
 * opening each needs): the one answer the dashboard, the menu and the company centre all read.
 */
const orgFunctionsApi = api.enhanceEndpoints({ addTagTypes: ['OrgFunction'] }).injectEndpoints({
  endpoints: (build) => ({
    orgFunctions: build.query<OrgFunction[], void>({
      query: () => ({ url: ORG_FUNCTION_URL.list, method: 'GET', params: {}, silent: true }),
      transformResponse: (answer: OrgFunction[] | null) => answer ?? [],
      providesTags: ['OrgFunction'],
    }),
    openFunction: build.mutation<unknown, FuncCode>({
      query: (funcCode) => ({ url: ORG_FUNCTION_URL.open, method: 'POST', data: { funcCode } }),
      invalidatesTags: ['OrgFunction'],
    }),
  }),
});

export const { useOrgFunctionsQuery, useOpenFunctionMutation } = orgFunctionsApi;

/** Loads the functions again (the organisation changed: an agreement, an authorisation, an account). */
export const orgFunctionsChanged = () => orgFunctionsApi.util.invalidateTags(['OrgFunction']);

/**
 * Where the organisation stands with each function, by code, from what is loaded already (it asks for
 * nothing: the session loads the functions once the first screen is drawn).
 */
export function useLoadedFunctionStates(): ReadonlyMap<string, FunctionState> | undefined {
  const { data } = orgFunctionsApi.endpoints.orgFunctions.useQueryState();
  return useMemo(
    () => (data ? new Map(data.map((f) => [f.funcCode, functionStateOf(f)])) : undefined),
    [data],
  );
}
