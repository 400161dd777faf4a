import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import { API_ERROR } from '@contract/errors';
import { ApiFailure } from '../../lib/errors';
import { MSG } from '../../lib/messages';

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

/** Query paging of every list (spec section 3): `page` 0-based, `size` default 10. */
export function pageRequest(query: { page?: number | undefined; size?: number | undefined }): PageRequest {
  const page = query.page ?? 0;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const offset = page * size;
  // A page number past 2^53 rows cannot be bound as an integer OFFSET; it is bad input, not a server fault.
  if (!Number.isSafeInteger(offset)) throw new ApiFailure(400, API_ERROR.badRequest, MSG.badRequest);
  return { page, size, offset };
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
