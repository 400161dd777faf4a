import { Type, type Static, type TNull, type TSchema } from 'typebox';
import type { ApiErrorCode, OAuthErrorCode } from './errors';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/** `{ code: 200, msg, data }`: the success envelope of every `/api` call that returns data. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Number(), msg: Type.String(), data });
/** A generic schema has no single Static: the envelope of a `T` is the schema's fields with `data: T`. */
export type Envelope<T> = Omit<Static<ReturnType<typeof Envelope<TNull>>>, 'data'> & { data: T };

/** `{ code, msg }`: every API error answer (`code` one of API_ERROR). */
export const ApiError = Type.Object({ code: Type.Unsafe<ApiErrorCode>(Type.String()), msg: Type.String() });
export type ApiError = Static<typeof ApiError>;

/** `{ error, error_description }`: the OAuth error answer (RFC 6749 section 5.2). */
export const OAuthError = Type.Object({
  error: Type.Unsafe<OAuthErrorCode>(Type.String()),
  error_description: Type.String(),
});
export type OAuthError = Static<typeof OAuthError>;

/** One page of a list (spec section 3). `number` is the 0-based page, `size` the page size asked for. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Number(),
    totalPages: Type.Number(),
    size: Type.Number(),
    number: Type.Number(),
  });
/** A page of `T`: the schema's fields with `content: T[]` (a generic schema has no single Static). */
export type Page<T> = Omit<Static<ReturnType<typeof Page<TNull>>>, 'content'> & { content: T[] };

/** Paging of every list in the query string: `page` 0-based, `size` 1-MAX_PAGE_SIZE, default 10. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PageQuery = Static<typeof PageQuery>;
