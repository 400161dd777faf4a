import type { HttpError } from '@/lib/http-error';
import { withNotifier } from '@/lib/notify';
import { commonMessages } from '@/locales/zh-CN/common';
import { errorMessages } from '@/locales/zh-CN/errors';

/** HTTP results the request layer treats specially. */
export const HTTP_STATUS = {
  ok: 200,
  created: 201,
  accepted: 202,
  noContent: 204,
  unauthorized: 401,
  forbidden: 403,
  gatewayTimeout: 504,
} as const;

/** Rejected without a notice (spec section 8): a dialog or the calling screen answers them. */
export const QUIET_STATUSES: ReadonlySet<number> = new Set([406, 412, 409, 451]);

type CatalogueStatus = keyof typeof errorMessages.httpStatus;
type OAuthMessageCode = keyof typeof errorMessages.oauthError;

const isCatalogueStatus = (status: number): status is CatalogueStatus =>
  Object.hasOwn(errorMessages.httpStatus, status);

const isOAuthMessageCode = (code: string): code is OAuthMessageCode =>
  Object.hasOwn(errorMessages.oauthError, code);

/** The catalogue's meaning of an HTTP result (spec section 8), or undefined for one it does not list. */
export function statusMessage(status: number): string | undefined {
  return isCatalogueStatus(status) ? errorMessages.httpStatus[status] : undefined;
}

/** The Chinese message of an OAuth error code (spec section 8), or undefined for a code it does not know. */
export function oauthErrorMessage(code: string | undefined): string | undefined {
  return code !== undefined && isOAuthMessageCode(code) ? errorMessages.oauthError[code] : undefined;
}

/**
 * What to tell the user about a failed call: the catalogue's text for a known OAuth code, the timeout
 * text for a 504, the server's own Chinese message, or the fallback.
 */
export function describeHttpError(
  error: HttpError,
  fallback: string = errorMessages.network.fallback,
): string {
  const known = oauthErrorMessage(error.code);
  if (known) return known;
  if (error.status === HTTP_STATUS.gatewayTimeout) return errorMessages.network.timeout;
  const serverMessage = serverMessageOf(error.body);
  return serverMessage ?? fallback;
}

/**
 * The catalogue notice's text for a failed call. 401 and 403 always read as the catalogue says (403 like
 * the missing `authorized` flag); an OAuth code has its own text; other 4xx (and a 2xx whose body
 * failed) prefer the server's message; 5xx never show the server's detail.
 */
export function catalogueMessage(failure: Pick<HttpError, 'status' | 'code' | 'body'>): string {
  const { status } = failure;
  if (status === HTTP_STATUS.unauthorized || status === HTTP_STATUS.forbidden) {
    return statusMessage(status) ?? errorMessages.network.fallback;
  }
  const oauth = oauthErrorMessage(failure.code);
  if (oauth) return oauth;
  if (status < 500) {
    const serverMessage = serverMessageOf(failure.body);
    if (serverMessage) return serverMessage;
  }
  return statusMessage(status) ?? errorMessages.network.fallback;
}

/** The notice titled 提示; the same text twice replaces the first, so ten failures show one notice. */
export function showErrorNotice(description: string): void {
  withNotifier(({ notification }) => {
    notification.error({ key: `http:${description}`, title: commonMessages.tip, description });
  });
}

export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
  const text = typeof msg === 'string' ? msg : typeof description === 'string' ? description : undefined;
  return text?.trim() ? text : undefined;
}
