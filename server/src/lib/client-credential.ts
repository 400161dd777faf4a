import crypto from 'node:crypto';
import { OAUTH_ERROR } from '@contract/errors';
import type { AppConfig } from '../config';
import { OAuthFailure } from './errors';
import { MSG } from './messages';

const digest = (value: string): Buffer => crypto.createHash('sha256').update(value).digest();

/** Compares digests so that neither the length nor a common prefix of the secret shows in the timing. */
const sameSecret = (a: string, b: string): boolean => crypto.timingSafeEqual(digest(a), digest(b));

/** The `Authorization: Bearer …` value, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

export interface FormClientCredential {
  client_id?: string | undefined;
  client_secret?: string | undefined;
}

function basicCredential(authorization: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  return colon > 0 ? { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : null;
}

/**
 * Requires the web client's credential (RFC 6749 section 2.3.1): `Authorization: Basic base64(id:secret)`,
 * or, only when no Authorization header is sent, `client_id` + `client_secret` in the form (the spec's
 * refresh payload carries them). Anything else is 401 invalid_client with a Basic challenge. Returns the id.
 */
export function requireClient(
  authorization: string | undefined,
  config: AppConfig,
  form: FormClientCredential = {},
): string {
  const given =
    authorization === undefined
      ? form.client_id && form.client_secret !== undefined
        ? { id: form.client_id, secret: form.client_secret }
        : null
      : basicCredential(authorization);
  const expected = `${config.clientId}:${config.clientSecret}`;
  if (!given || !sameSecret(`${given.id}:${given.secret}`, expected)) {
    throw new OAuthFailure(401, OAUTH_ERROR.invalidClient, MSG.invalidClient, {
      'WWW-Authenticate': 'Basic realm="chain-bill"',
    });
  }
  return given.id;
}
