import crypto from 'node:crypto';
import { PARTNER_TOKEN_WINDOW_MS } from '@contract/organization';
import type { Db } from '../../db/database';

/**
 * The partner platform's token on `POST /api/register/sgscsp` (spec section 7: form-encoded, with a token
 * header; its form is ours). The partner and the platform share a secret (SGSCSP_SECRET); the token is
 * `<timestamp ms>.<nonce>.<signature>`, the signature being hex HMAC-SHA256 of
 * `<timestamp>.<nonce>.<canonical form>` where the canonical form is the submitted fields sorted by name
 * and URL-encoded (`creditCode=…&mobile=…&name=…&orgName=…`). So a token cannot be replayed (its nonce is
 * spent), reused for other fields (they are signed), or kept for later (PARTNER_TOKEN_WINDOW_MS).
 */
export function canonicalForm(fields: Record<string, string>): string {
  return Object.keys(fields)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key] ?? '')}`)
    .join('&');
}

export function signPartnerToken(
  secret: string,
  fields: Record<string, string>,
  timestamp: number,
  nonce: string,
): string {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${nonce}.${canonicalForm(fields)}`)
    .digest('hex');
  return `${timestamp}.${nonce}.${signature}`;
}

const TOKEN = /^(\d{10,16})\.([A-Za-z0-9_-]{16,64})\.([0-9a-f]{64})$/;

export type PartnerTokenOutcome = 'ok' | 'malformed' | 'stale' | 'signature' | 'replayed';

/** Checks the token and spends its nonce (within the caller's transaction). */
export async function checkPartnerToken(
  db: Db,
  input: { secret: string; token: string | undefined; fields: Record<string, string>; now: number },
): Promise<PartnerTokenOutcome> {
  const match = TOKEN.exec(input.token ?? '');
  if (!match) return 'malformed';
  const [, stamp = '', nonce = '', given = ''] = match;
  const timestamp = Number(stamp);
  if (Math.abs(input.now - timestamp) > PARTNER_TOKEN_WINDOW_MS) return 'stale';
  const expected = signPartnerToken(input.secret, input.fields, timestamp, nonce).split('.')[2] ?? '';
  if (!crypto.timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) return 'signature';
  const spent = await db
    .insertInto('partner_token_nonces')
    .values({ nonce, created_at: input.now })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(spent.numInsertedOrUpdatedRows ?? 0) === 1 ? 'ok' : 'replayed';
}
