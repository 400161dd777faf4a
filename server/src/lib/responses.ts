import { Type } from 'typebox';
import { ApiError, OAuthError } from '@contract/envelope-schemas';
import { MSG } from './messages';

/** The success envelope `{ code: 200, msg, data }`. */
export const ok = <T>(data: T, msg: string = MSG.ok) => ({ code: 200, msg, data });

/** `{ code, msg }` without data, e.g. logout. */
export const Done = Type.Object({ code: Type.Number(), msg: Type.String() });

/**
 * Error answers as routes declare them: `{ code, msg }` for API errors, `{ error, error_description }`
 * for 401 (the bearer challenge of RFC 6750) and for the token endpoint.
 */
export const ERRORS = {
  badRequest: { 400: ApiError },
  unauthorized: { 401: OAuthError },
  forbidden: { 403: ApiError },
  /** Also the answer for ids outside the caller's organisation, so they cannot be probed. */
  notFound: { 404: ApiError },
  conflict: { 409: ApiError },
  tooMany: { 429: ApiError },
  internal: { 500: ApiError },
} as const;

/** Every authenticated route can answer these. */
export const AUTHENTICATED_ERRORS = {
  ...ERRORS.badRequest,
  ...ERRORS.unauthorized,
  ...ERRORS.internal,
} as const;
