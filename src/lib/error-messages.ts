import { TIMEOUT_STATUS, type HttpError } from '@/lib/http';
import { messages } from '@/locales/zh-CN';

type OAuthMessageCode = keyof typeof messages.oauthError;

const isOAuthMessageCode = (code: string): code is OAuthMessageCode =>
  Object.hasOwn(messages.oauthError, code);

/** The Chinese message of an OAuth error code (spec section 8), or undefined for a code it does not know. */
export function oauthErrorMessage(code: string | undefined): string | undefined {
  return code !== undefined && isOAuthMessageCode(code) ? messages.oauthError[code] : undefined;
}

/**
 * What to tell the user about a failed call: the catalogue's text for a known OAuth code, the timeout
 * text for a 504, the server's own Chinese message, or the fallback.
 */
export function describeHttpError(error: HttpError, fallback: string = messages.network.fallback): string {
  const known = oauthErrorMessage(error.code);
  if (known) return known;
  if (error.status === TIMEOUT_STATUS) return messages.network.timeout;
  const serverMessage = serverMessageOf(error.body);
  return serverMessage ?? fallback;
}

function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
  const text = typeof msg === 'string' ? msg : typeof description === 'string' ? description : undefined;
  return text?.trim() ? text : undefined;
}
