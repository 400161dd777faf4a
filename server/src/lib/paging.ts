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
