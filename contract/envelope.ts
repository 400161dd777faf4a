/**
 * The paging bounds of every list. Plain values only: the SPA imports this file at run time; the shapes of
 * the envelope, a page and its query are in envelope-schemas.ts.
 */

/** No list is paged this far; the bound keeps `page x size` a small integer OFFSET on every database. */
export const MAX_PAGE_NUMBER = 1_000_000;
export const MAX_PAGE_SIZE = 100;
