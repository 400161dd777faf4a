/**
 * The envelope of answers and lists. Plain values and types only: the SPA imports this file at run time;
 * the TypeBox schemas are in envelope-schemas.ts.
 */

/** One page of a list (spec section 3). `number` is the 0-based page, `size` the page size asked for. */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
}

/** Paging of every list in the query string: `page` 0-based, `size` 1-MAX_PAGE_SIZE, default 10. */
export interface PageQuery {
  page?: number;
  size?: number;
  sort?: string;
}

/** No list is paged this far; the bound keeps `page x size` a small integer OFFSET on every database. */
export const MAX_PAGE_NUMBER = 1_000_000;
export const MAX_PAGE_SIZE = 100;
