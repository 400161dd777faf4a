import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import type { RouteHandle } from '@/features/shell/model/route-handle';

export type RouteHandleTable = ReadonlyArray<{ path: string; handle: RouteHandle }>;

/** The handle of the route table's entry that matches `pathname`, if any. */
export function findRouteHandle(table: RouteHandleTable, pathname: string): RouteHandle | undefined {
  return table.find((entry) => matchPath({ path: entry.path, end: true }, pathname))?.handle;
}

/** The handle of the page on screen (src/app/route-table.tsx describes every page), titled by its query. */
export function useCurrentRouteHandle(table: RouteHandleTable): RouteHandle | undefined {
  const { pathname, search } = useLocation();
  const handle = findRouteHandle(table, pathname);
  return useMemo(
    () => (handle?.titleOf ? { ...handle, title: handle.titleOf(new URLSearchParams(search)) } : handle),
    [handle, search],
  );
}
