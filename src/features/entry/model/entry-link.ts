import { paths } from '@/config/paths';

/**
 * The entry query parameters of spec section 2 (token, bizType, bizId, crToken, jumpPageType), read from
 * the page address's query string (before the `#`) and from the hash's own query alike.
 *
 * This module is part of the first screen's JavaScript (main.tsx calls `captureEntryLink` before the
 * router starts), so it stays tiny; the handler that signs in loads only when a link carries them.
 */

export const ENTRY_PARAM_NAMES = ['token', 'crToken', 'jumpPageType', 'bizType', 'bizId'] as const;
export type EntryParamName = (typeof ENTRY_PARAM_NAMES)[number];
export type EntryParams = Partial<Record<EntryParamName, string>>;

/** The parameters that make an address an entry link: one of them must be present. */
const TRIGGERS: readonly EntryParamName[] = ['token', 'crToken'];

interface AddressParts {
  search: string;
  hash: string;
}

function splitHash(hash: string): { route: string; query: string } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const at = body.indexOf('?');
  return at < 0 ? { route: body, query: '' } : { route: body.slice(0, at), query: body.slice(at + 1) };
}

/** The entry parameters of an address; the hash's query wins over the page's when both name one. */
export function readEntryParams({ search, hash }: AddressParts): EntryParams | null {
  const sources = [new URLSearchParams(search), new URLSearchParams(splitHash(hash).query)];
  const params: EntryParams = {};
  for (const source of sources) {
    for (const name of ENTRY_PARAM_NAMES) {
      const value = source.get(name)?.trim();
      if (value) params[name] = value;
    }
  }
  return TRIGGERS.some((name) => params[name]) ? params : null;
}

function withoutEntryParams(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of ENTRY_PARAM_NAMES) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The address without the entry parameters (they are credentials: they must not stay in the address bar,
 * the history or a bookmark), showing `route` in the hash.
 */
export function addressWithoutEntryParams(
  { pathname, search, hash }: AddressParts & { pathname: string },
  route: string,
): string {
  const hashQuery = withoutEntryParams(splitHash(hash).query);
  return `${pathname}${withoutEntryParams(search)}#${route}${hashQuery}`;
}

let pending: EntryParams | null = null;

/**
 * At start: when the address is an entry link, keep its parameters in memory, take them out of the
 * address and show the entry route, which signs in with them. Returns whether it was one.
 */
export function captureEntryLink(win: Window = window): boolean {
  const params = readEntryParams(win.location);
  if (!params) return false;
  pending = params;
  win.history.replaceState(win.history.state, '', addressWithoutEntryParams(win.location, paths.entry));
  return true;
}

/** The captured parameters, until the entry handler is done with them. */
export function pendingEntryParams(): EntryParams | null {
  return pending;
}

export function forgetEntryParams(): void {
  pending = null;
}

/** Tests (and a handler started from elsewhere) set what the entry route handles. */
export function setPendingEntryParams(params: EntryParams | null): void {
  pending = params;
}
