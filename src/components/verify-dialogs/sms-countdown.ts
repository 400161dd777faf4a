import { useCallback, useEffect, useState } from 'react';
import { SMS_RESEND_COUNTDOWN_SECONDS } from '@contract/constants';
import { getUserInfo, isFiniteNumber, isRecord, localKey, readJson, remove, writeJson } from '@/lib/storage';

const SECOND = 1000;

/**
 * sms_timeout_login (spec section 3): who asked, the mobile a code was last sent to and when, kept across
 * dialogs. It belongs to the signed-in user: another user of the browser never waits on it.
 */
const SMS_COUNTDOWN_KEY = localKey('sms_timeout_login');

interface SmsCountdown {
  /** The signed-in user's id; empty before sign-in (a password reset's code). */
  user: string;
  mobile: string;
  /** When the code was sent (ms since epoch). */
  timestamp: number;
}

const isSmsCountdown = (value: unknown): value is SmsCountdown =>
  isRecord(value) &&
  typeof value.user === 'string' &&
  typeof value.mobile === 'string' &&
  isFiniteNumber(value.timestamp);

/** Whose countdown a dialog shows: the signed-in user's, or the one before sign-in. */
const currentUser = (): string => getUserInfo()?.id ?? '';

/** A sign-in starts, and a sign-out ends, with no countdown running. */
export function clearSmsCountdown(): void {
  remove(localStorage, SMS_COUNTDOWN_KEY);
}

/**
 * Seconds left before the signed-in user may have another code sent to `mobile`, from the persisted send
 * time (spec section 4).
 */
export function remainingSeconds(mobile: string | undefined, now: number = Date.now()): number {
  const saved = readJson(localStorage, SMS_COUNTDOWN_KEY, isSmsCountdown);
  if (!mobile || !saved || saved.mobile !== mobile || saved.user !== currentUser()) return 0;
  const left = Math.ceil(SMS_RESEND_COUNTDOWN_SECONDS - (now - saved.timestamp) / SECOND);
  return Math.max(0, Math.min(left, SMS_RESEND_COUNTDOWN_SECONDS));
}

/**
 * The 61 s resend countdown, kept with the mobile and the send time in storage so that it continues
 * after the dialog closes and opens again. `start(seconds)` begins one (a 429's Retry-After may be shorter).
 */
export function useSmsCountdown(mobile: string | undefined): {
  seconds: number;
  start: (seconds?: number) => void;
} {
  const [seconds, setSeconds] = useState(() => remainingSeconds(mobile));
  const running = seconds > 0;

  useEffect(() => {
    setSeconds(remainingSeconds(mobile));
  }, [mobile]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds(remainingSeconds(mobile)), SECOND);
    return () => clearInterval(timer);
  }, [running, mobile]);

  const start = useCallback(
    (length: number = SMS_RESEND_COUNTDOWN_SECONDS) => {
      if (!mobile) return;
      const bounded = Math.max(1, Math.min(length, SMS_RESEND_COUNTDOWN_SECONDS));
      const sentAt = Date.now() - (SMS_RESEND_COUNTDOWN_SECONDS - bounded) * SECOND;
      const countdown: SmsCountdown = { user: currentUser(), mobile, timestamp: sentAt };
      writeJson(localStorage, SMS_COUNTDOWN_KEY, countdown);
      setSeconds(bounded);
    },
    [mobile],
  );

  return { seconds, start };
}
