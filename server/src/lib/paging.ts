import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

/** Query paging of every list (spec section 3): `page` 0-based (bounded by the schema), `size` default 10. */
export function pageRequest(query: { page?: number | undefined; size?: number | undefined }): PageRequest {
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: page * size };
}

/** The page envelope `{ content, totalElements, totalPages, size, number }`. */
export function pageOf<T>(content: T[], total: number, request: PageRequest) {
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / request.size),
    size: request.size,
    number: request.page,
  };
}

/** The number of rows a query matches: the count half of every count-then-page list. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  // Kysely cannot resolve a selection's shape over a generic table set; the one column is `n`.
  const row = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string | bigint };
  return Number(row.n);
}

/**
 * The one way a list reads a page from a query it builds: the page's rows (`limit`/`offset` applied here to
 * what `shape` selects and orders) and the count of everything `listed` matches, asked at once. Prepared
 * lists do the same through db/prepared-query.ts's pageAndTotal.
 */
export async function listedPage<DB, TB extends keyof DB, O, R>(
  listed: SelectQueryBuilder<DB, TB, O>,
  shape: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  page: Pick<PageRequest, 'size' | 'offset'>,
): Promise<{ rows: R[]; total: number }> {
  const [rows, total] = await Promise.all([
    shape(listed).limit(page.size).offset(page.offset).execute(),
    countRows(listed),
  ]);
  return { rows: rows as R[], total };
}

/**
 * A long list read a page at a time for an export that writes it without holding it all: the rows
 * `read(paging)` answers for pages of `batch` rows, at most `cap` rows in all, up to the first page that
 * comes back short.
 */
export async function* pagesOf<T>(
  read: (paging: PageRequest) => Promise<readonly T[]>,
  batch: number,
  cap: number,
): AsyncGenerator<T[]> {
  for (let offset = 0; offset < cap; offset += batch) {
    const size = Math.min(batch, cap - offset);
    const rows = await read({ page: Math.floor(offset / batch), size, offset });
    if (rows.length > 0) yield [...rows];
    if (rows.length < size) return;
  }
}
