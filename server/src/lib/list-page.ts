import type { PermissionPath } from '@contract/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageOf, pageRequest, type PageRequest } from './paging';
import { callerByTokenHash, pendingCaller, type CallerRow } from './caller';
import { ok } from './responses';
import { memberOrNull, requireOwner, requirePermission, type Member } from './tenant';

/** What a module's page read answers: the page's rows or views and how many the whole list holds. */
export interface ListRead<T> {
  items: readonly T[];
  total: number;
}

/**
 * Who reads a list. `member`: a signed-in user outside any organisation reads an empty page; a permission:
 * the same, then the owner or a member granted it; `owner`: the organisation's owner. A list declares it
 * once, beside its route; what else shows the list's rows (its export) asks the same of its caller.
 */
export type ListReadBy = 'member' | 'owner' | { permission: PermissionPath };

export interface ListAccess<R, T> {
  /** Who reads the list; `member` by default. */
  readBy?: ListReadBy;
  /** Turns each row read into the wire's view; rows are answered as they are without it. */
  view?: (row: R) => T;
  /**
   * For a route flagged `readsCaller` (lib/caller.ts): the page read in the same statement as its caller, and
   * what finishes it for the member once the caller is admitted (its total, when the rows do not carry it).
   * Without it, or when it answers null (a shape of the list it has no such read for), the route reads its
   * caller first, as the authentication hook does.
   */
  withCaller?: (tokenHash: string, page: PageRequest) => Promise<ReadWithCaller<R>> | null;
  /**
   * The route's reply, for a list whose read answers the very same array of items for as long as they are
   * current (the held list's kept pages, bills/queries.ts): such a page is answered with the bytes its
   * route serialised for it before (keptBodies). Not with `view`, which makes a new array each time.
   */
  reply?: FastifyReply;
}

/** A page read in the same statement as its caller: the caller's row, and the page for the admitted member. */
export interface ReadWithCaller<R> {
  caller: CallerRow | undefined;
  finish: (member: Member) => Promise<ListRead<R>>;
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
  let finish: ReadWithCaller<R>['finish'] | null = null;
  const tokenHash = pendingCaller(request);
  if (tokenHash !== null) {
    const combined = access.withCaller?.(tokenHash, page) ?? null;
    const answered = combined
      ? await combined
      : { caller: (await callerByTokenHash(request.server.db, { tokenHash }))[0], finish: null };
    // Refused here, like the hook refuses, before anything read is answered.
    request.server.admitCaller(request, answered.caller);
    finish = answered.finish;
  }
  const member = await listReader(request, access.readBy ?? 'member');
  if (!member) return ok(pageOf<T>([], 0, page));
  const { items, total } = finish ? await finish(member) : await read(member, page);
  if (access.reply && !access.view) return answerKept(access.reply, items as unknown as T[], total, page);
  return ok(pageOf<T>(access.view ? items.map(access.view) : ([...items] as unknown as T[]), total, page));
}

/**
 * The serialised answers of pages by their items: an array a read answers again only while its rows are
 * unchanged, so the same array with the same total and paging is the same answer, byte for byte. Kept as
 * long as the array is (a WeakMap: the read's own keeping decides).
 */
const keptBodies = new WeakMap<object, { total: number; page: number; size: number; body: string }>();

function answerKept<T>(reply: FastifyReply, items: T[], total: number, page: PageRequest) {
  const payload = ok(pageOf(items, total, page));
  const found = keptBodies.get(items);
  const kept =
    found !== undefined && found.total === total && found.page === page.page && found.size === page.size
      ? found
      : // The route's own serialiser (its response schema), as Fastify would have run it.
        { total, page: page.page, size: page.size, body: reply.serialize(payload) as string };
  if (kept !== found) keptBodies.set(items, kept);
  // A reply with a serialiser of its own gets no JSON content type from Fastify.
  reply.type('application/json; charset=utf-8').serializer(() => kept.body);
  return payload;
}

/** The caller as a reader of a list `readBy` guards: null outside any organisation, refused without the right. */
export async function listReader(request: FastifyRequest, readBy: ListReadBy): Promise<Member | null> {
  if (readBy === 'owner') return requireOwner(request);
  const member = memberOrNull(request);
  if (!member || readBy === 'member') return member;
  return requirePermission(request, readBy.permission);
}
