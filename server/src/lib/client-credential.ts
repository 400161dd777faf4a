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

/**
 * Requires `Authorization: Basic base64(clientId:clientSecret)` of the web client (RFC 6749 section 2.3.1);
 * anything else is 401 invalid_client with a Basic challenge. Returns the client id.
 */
export function requireClient(authorization: string | undefined, config: AppConfig): string {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const id = colon > 0 ? decoded.slice(0, colon) : '';
  const secret = colon > 0 ? decoded.slice(colon + 1) : '';
  const expected = `${config.clientId}:${config.clientSecret}`;
  if (!id || !sameSecret(`${id}:${secret}`, expected)) {
    throw new OAuthFailure(401, OAUTH_ERROR.invalidClient, MSG.invalidClient, {
      'WWW-Authenticate': 'Basic realm="chain-bill"',
    });
  }
  return id;
}
