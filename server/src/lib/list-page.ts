import type { PermissionPath } from '@contract/permissions';
import type { FastifyRequest } from 'fastify';
import { pageOf, pageRequest, type PageRequest } from './paging';
import { ok } from './responses';
import { memberOrNull, requireOwner, requirePermission, type Member } from './tenant';

/** What a module's page read answers: the page's rows or views and how many the whole list holds. */
export interface ListRead<T> {
  items: readonly T[];
  total: number;
}

export interface ListAccess<R, T> {
  /**
   * Who reads the list. `member` (the default): a signed-in user outside any organisation reads an empty
   * page; a permission: the same, then the owner or a member granted it; `owner`: the organisation's owner.
   */
  readBy?: 'member' | 'owner' | { permission: PermissionPath };
  /** Turns each row read into the wire's view; rows are answered as they are without it. */
  view?: (row: R) => T;
}

/**
 * Every list route's answer, the one idiom: the page the query asks for (`page`, `size`: every list's
 * querystring has them), the caller's organisation and what it may read, the module's read of one page, and
 * the page envelope.
 */
export async function answerList<R, T = R>(
  request: FastifyRequest,
  read: (member: Member, page: PageRequest) => Promise<ListRead<R>>,
  access: ListAccess<R, T> = {},
) {
  const page = pageRequest(request.query as { page?: number; size?: number });
  const readBy = access.readBy ?? 'member';
  let member: Member | null;
  if (readBy === 'owner') member = requireOwner(request);
  else {
    member = memberOrNull(request);
    if (member && readBy !== 'member') member = await requirePermission(request, readBy.permission);
  }
  if (!member) return ok(pageOf<T>([], 0, page));
  const { items, total } = await read(member, page);
  return ok(pageOf<T>(access.view ? items.map(access.view) : ([...items] as unknown as T[]), total, page));
}
