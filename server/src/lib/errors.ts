import { API_ERROR_STATUS, type ApiErrorCode, type OAuthErrorCode } from '@contract/errors';

/**
 * An API error answered as `{ code, msg }`. Its status follows from the code (API_ERROR_STATUS), so a code
 * never answers two statuses; build one with `fail`.
 */
export class ApiFailure extends Error {
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    readonly msg: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.status = API_ERROR_STATUS[code];
  }
}

/** The failure answering `code` with its status and the Chinese message `msg`: `throw fail(API_ERROR.x, MSG.y)`. */
export function fail(code: ApiErrorCode, msg: string, headers?: Record<string, string>): ApiFailure {
  return new ApiFailure(code, msg, headers);
}

/**
 * A refusal answered as it was composed where it was decided: the verification's 406 or 412 when the command
 * finds its proof spent by another request, with the fresh challenge it opened for the next proof.
 */
export class ComposedRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
  ) {
    super(body.code ?? 'refused');
  }
}

/** An OAuth error answered as `{ error, error_description }` (RFC 6749 section 5.2, RFC 6750 section 3.1). */
export class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(error);
  }
}
