import Big from 'big.js';
import { COUNTERPARTY_FILTER_MAX, SIGN_WORKBENCH_BILL_PARAM } from '@contract/bills';
import type { BillListFilter } from '@contract/bills-schemas';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import { MAX_PAGE_NUMBER } from '@contract/envelope';
import { isAmount, normaliseAmount } from '@/components/amount-input/amount';
import type { BillListArgs } from '@/features/bills/api/bills-api';

/*
 * A bill list's filter and page live in the screen's address (`#/chain-bill/endorse?held.billStatus=CS03&
 * held.page=2`), so a reload, Back and a copied link show the same rows. Each list names its values with its
 * own prefix, as the 背书 screen shows two lists at once; the rest of the address (the workbench's `bill`, the
 * other list's values) is left as it is. Anyone can type an address: only the known names are read, and a
 * value the list would refuse is dropped rather than sent, so such a link opens the list as far as it makes
 * sense instead of on an error.
 */

/** The filters an address carries: those the filter bar sets (a workbench's one bill has its own name). */
const FILTER_KEYS = [
  'billStatus',
  'counterparty',
  'minAmount',
  'maxAmount',
  'dueFrom',
  'dueTo',
] as const satisfies ReadonlyArray<keyof BillListFilter>;
const PAGE_KEY = 'page';
const KEYS = [...FILTER_KEYS, PAGE_KEY];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_PATTERN = /^\d{1,7}$/;

/** As the spec's list helpers send a text filter: without spaces or line breaks anywhere in it. */
export const compact = (value: string | null | undefined) => value?.replace(/\s+/g, '') ?? '';

/** A day of the calendar as YYYY-MM-DD (not 2026-02-30). */
const isCalendarDay = (value: string) =>
  DAY_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export interface BillListParams {
  filter: BillListFilter;
  /** From 0, as the list call counts. */
  page: number;
}

/** The statuses a list holds, by code; a list without them (the workbench) takes no status filter. */
export type ListStatuses = Readonly<Record<string, string>> | undefined;

const nameOf = (prefix: string, key: string) => `${prefix}.${key}`;

/**
 * The list's own values of the address, without their prefix, as text: it changes only when this list's
 * values do, so what is read from it can be kept while the other list pages.
 */
export function ownParamsOf(params: URLSearchParams, prefix: string): string {
  const own = new URLSearchParams();
  for (const key of KEYS) {
    const value = params.get(nameOf(prefix, key));
    if (value !== null) own.set(key, value);
  }
  return own.toString();
}

/**
 * Both ends of a range, each kept if well-formed; ends that cross are both dropped, as the list would refuse
 * the pair.
 */
function rangeOf(
  low: string,
  high: string,
  valid: (value: string) => boolean,
  inOrder: (low: string, high: string) => boolean,
): [string?, string?] {
  const from = valid(low) ? low : undefined;
  const to = valid(high) ? high : undefined;
  return from && to && !inOrder(from, to) ? [] : [from, to];
}

/** Whether two filters ask for the same rows (the address's filters only). */
export const sameFilter = (one: BillListFilter, other: BillListFilter) =>
  FILTER_KEYS.every((key) => (one[key] ?? '') === (other[key] ?? ''));

/** The filter and page of a list's own values (ownParamsOf), the malformed ones left out. */
export function readListParams(own: string, statuses: ListStatuses): BillListParams {
  const params = new URLSearchParams(own);
  const text = (key: string) => compact(params.get(key));
  const filter: BillListFilter = {};
  const put = (key: keyof BillListFilter, value: string | undefined) => {
    if (value) filter[key] = value;
  };

  const status = text('billStatus');
  if (statuses && Object.hasOwn(statuses, status)) put('billStatus', status);
  const counterparty = text('counterparty');
  if (counterparty.length <= COUNTERPARTY_FILTER_MAX) put('counterparty', counterparty);
  const [minAmount, maxAmount] = rangeOf(
    normaliseAmount(text('minAmount')),
    normaliseAmount(text('maxAmount')),
    (value) => isAmount(value),
    (low, high) => new Big(low).lte(high),
  );
  put('minAmount', minAmount);
  put('maxAmount', maxAmount);
  const [dueFrom, dueTo] = rangeOf(text('dueFrom'), text('dueTo'), isCalendarDay, (low, high) => low <= high);
  put('dueFrom', dueFrom);
  put('dueTo', dueTo);

  const page = params.get(PAGE_KEY) ?? '';
  const number = PAGE_PATTERN.test(page) ? Number(page) : 0;
  return { filter, page: number <= MAX_PAGE_NUMBER ? number : 0 };
}

/** The address with the list's own values replaced by `list` (the first page and empty filters left out). */
export function writeListParams(
  params: URLSearchParams,
  prefix: string,
  list: BillListParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(nameOf(prefix, key));
  for (const key of FILTER_KEYS) {
    const value = list.filter[key];
    if (value) next.set(nameOf(prefix, key), value);
  }
  if (list.page > 0) next.set(nameOf(prefix, PAGE_KEY), String(list.page));
  return next;
}

/** What a list's call asks for: its filter and page, a page of the usual size. */
export const listArgsOf = ({ filter, page }: BillListParams): BillListArgs => ({
  page,
  size: DEFAULT_PAGE_SIZE,
  ...filter,
});

/** The prefix of the 待签收 list's values in the address. */
export const PENDING_LIST_PREFIX = 'pending';

/**
 * What the 待签收 list asks for at an address: the page's call, and the same call made ahead on a first visit
 * (app/routes/bill-screens.tsx), which the page then finds answered.
 */
export const pendingListArgs = (params: URLSearchParams): BillListArgs => ({
  ...listArgsOf(readListParams(ownParamsOf(params, PENDING_LIST_PREFIX), undefined)),
  packageId: params.get(SIGN_WORKBENCH_BILL_PARAM) || undefined,
});
