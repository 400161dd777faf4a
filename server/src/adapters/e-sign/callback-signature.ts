import crypto from 'node:crypto';

/** Headers of a provider callback: the moment it was sent (epoch ms) and the HMAC over it and the body. */
export const CALLBACK_HEADER = { timestamp: 'x-esign-timestamp', signature: 'x-esign-signature' } as const;
/** A callback older or newer than this is refused: a captured one cannot be replayed later. */
export const CALLBACK_WINDOW_MS = 5 * 60 * 1000;

/** Hex HMAC-SHA256 over `timestamp`, a newline and the raw body, as the providers sign their callbacks. */
export function callbackSignature(secret: Buffer, timestamp: string, rawBody: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n`).update(rawBody).digest('hex');
}

export type CallbackCheck = 'ok' | 'missing' | 'stale' | 'bad-signature';

/** Checks a received callback: both headers, the time window, then the signature in constant time. */
export function checkCallback(
  secret: Buffer,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  now: number,
): CallbackCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > CALLBACK_WINDOW_MS) return 'stale';
  if (!/^[0-9a-f]{64}$/.test(signature)) return 'bad-signature';
  const expected = Buffer.from(callbackSignature(secret, timestamp, rawBody), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? 'ok' : 'bad-signature';
}
