import type { APIRequestContext } from '@playwright/test';
import { SMS_RESEND_COUNTDOWN_SECONDS, VERIFY_CODE_LENGTH } from '../../contract/constants';

/** A message of the sandbox SMS gateway's outbox (`GET /api/sandbox/sms`, newest first). */
export interface SentSms {
  id: string;
  text: string;
  /** Epoch ms. */
  createdAt: number;
}

/**
 * The code a message of the sandbox gateway names: its text says what is confirmed, amounts and dates
 * included (the server's `smsCodeText`, whose test holds this to it), then 验证码为 and the code.
 */
export const smsCodeOf = (text: string): string | undefined =>
  new RegExp(`验证码为(\\d{${VERIFY_CODE_LENGTH}})(?!\\d)`).exec(text)?.[1];

export async function outboxOf(request: APIRequestContext, mobile: string): Promise<SentSms[]> {
  const answer = await request.get(`/api/sandbox/sms?mobile=${mobile}`);
  return ((await answer.json()) as { data: SentSms[] }).data;
}

/** The newest message each mobile had when a code was last asked for: the code then asked for comes after it. */
const newestBeforeAsking = new Map<string, string>();

export const newestBeforeAsk = (mobile: string): string | undefined => newestBeforeAsking.get(mobile);

/**
 * Waits until the gateway will send `mobile` another code, and notes the outbox's newest message. The
 * gateway sends one a minute per mobile whoever asks: the journeys of a worker share its server, so a mobile
 * one journey used last may be asked for again by the next within the minute.
 */
export async function readyToSend(request: APIRequestContext, mobile: string): Promise<void> {
  const [newest] = await outboxOf(request, mobile);
  if (!newest) {
    newestBeforeAsking.delete(mobile);
    return;
  }
  newestBeforeAsking.set(mobile, newest.id);
  const spacing = SMS_RESEND_COUNTDOWN_SECONDS * 1000;
  // The gateway counts the minute on the server's clock, which a journey may move (the sandbox clock; setting
  // it back dates what was sent ahead just before the moment it was set to).
  const now = await serverNow(request);
  const wait = Math.min(newest.createdAt + spacing - now, spacing);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The server's clock (the sandbox's reading), epoch ms. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/sandbox/clock');
  return Date.parse(((await answer.json()) as { data: { now: string } }).data.now);
}
