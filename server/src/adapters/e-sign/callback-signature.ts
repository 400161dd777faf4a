import crypto from 'node:crypto';
import { FLOW_STATUS, type CallbackReading, type FlowEvent, type ReceivedCallback } from './gateway';

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

/** The sandbox provider's callbacks: its own headers and HMAC, a FlowEvent as the body. */
export function readSandboxCallback(secret: Buffer, callback: ReceivedCallback): CallbackReading {
  const header = (name: string) => {
    const value = callback.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const check = checkCallback(
    secret,
    { timestamp: header(CALLBACK_HEADER.timestamp), signature: header(CALLBACK_HEADER.signature) },
    callback.rawBody,
    callback.now,
  );
  if (check !== 'ok') return { kind: 'rejected', reason: check };
  let event: FlowEvent;
  try {
    event = JSON.parse(callback.rawBody.toString('utf8')) as FlowEvent;
  } catch {
    return { kind: 'rejected', reason: 'body' };
  }
  if (
    typeof event?.eventId !== 'string' ||
    typeof event.flowId !== 'string' ||
    !(Object.values(FLOW_STATUS) as string[]).includes(event.status) ||
    typeof event.at !== 'number'
  ) {
    return { kind: 'rejected', reason: 'body' };
  }
  return { kind: 'event', event };
}
