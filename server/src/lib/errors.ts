import type { ApiErrorCode, OAuthErrorCode } from '@contract/errors';

/** An API error answered as `{ code, msg }` with an HTTP status of 4xx. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly msg: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
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
