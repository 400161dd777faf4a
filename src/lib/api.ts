import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { request, type RequestConfig } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { dynamicMiddleware, rootReducer, takeInjectedSlices, type RootState } from '@/lib/store';

/** What an endpoint asks of the base query: an axios request config for the app's instance. */
export type HttpQueryArgs = RequestConfig;

/** The failure an endpoint sees: plain data, so it can sit in the store (the body is the parsed answer). */
export interface HttpQueryError {
  status: number;
  code: string | undefined;
  message: string;
  body: unknown;
}

/** RTK Query over `request()`, so every endpoint gets the request layer's headers, timeouts and handlers. */
export const httpBaseQuery: BaseQueryFn<HttpQueryArgs, unknown, HttpQueryError> = async (
  args,
  { signal },
) => {
  try {
    return { data: await request<unknown>({ ...args, signal }) };
  } catch (error) {
    const failure =
      error instanceof HttpError ? error : new HttpError(0, undefined, String(error), undefined);
    const { status, code, message, body } = failure;
    return { error: { status, code, message, body } };
  }
};

/** The app's one RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['Account', 'Company', 'Permission'],
  endpoints: () => ({}),
});

/**
 * An endpoint's cache selector (`endpoint.select(arg)`) as a selector of the app's state. RTK Query types it
 * for a state that has every injected endpoint, while the app's state declares the API slice as one that
 * joins later; in a state without it (one read before this module loaded) the selector sees its empty
 * initial state (the spec's defaults) rather than nothing.
 */
export function fromCache<Selected>(select: (state: never) => Selected): (state: RootState) => Selected {
  return rootReducer.selector(select as unknown as (state: RootState) => Selected);
}

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// RTK Query stays out of the first screen's JavaScript: it joins the store when this module first loads.
dynamicMiddleware.addMiddleware(api.middleware);
rootReducer.inject(api);
takeInjectedSlices();
