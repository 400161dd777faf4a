/*
 * The failure every call of the request layer rejects with. Apart from http.ts so that what only reads
 * failures (the error catalogue, screens) does not depend on the request layer, and src/lib has no circle.
 */

export interface HttpErrorFlags {
  /** The sign-in could not be renewed; the user has been logged out (spec section 4). */
  refreshToken?: boolean;
  /** The user closed the SMS/QR/e-licence dialog; nothing was shown. */
  verificationCancelled?: boolean;
  /** Seconds the server asked to wait (`Retry-After` of a 429). */
  retryAfter?: number;
}

/** A failed call: the HTTP status (0 when no answer came), the body's error code and its message. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly refreshToken: boolean;
  readonly verificationCancelled: boolean;
  readonly retryAfter: number | undefined;
  constructor(
    readonly status: number,
    /** `error` of an OAuth answer or `code` of an API error answer. */
    readonly code: string | undefined,
    message: string,
    readonly body: unknown,
    flags: HttpErrorFlags = {},
  ) {
    super(message);
    this.refreshToken = flags.refreshToken === true;
    this.verificationCancelled = flags.verificationCancelled === true;
    this.retryAfter = flags.retryAfter;
  }
}

/** What a screen needs to explain a failed call, whether `request()` threw it or an RTK Query endpoint holds it. */
export interface CallFailure {
  status: number;
  code: string | undefined;
}

/** The status and code of a failure (an HttpError, or an endpoint's `error`), or null for anything else. */
export function callFailureOf(error: unknown): CallFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return typeof status === 'number' ? { status, code: typeof code === 'string' ? code : undefined } : null;
}
