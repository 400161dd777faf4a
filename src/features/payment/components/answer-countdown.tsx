import { useEffect, useState } from 'react';
import { paymentMessages } from '@/locales/zh-CN/payment';

const text = paymentMessages;
const DAY = 86_400;

const pad = (n: number) => String(n).padStart(2, '0');

/** `剩余2天03:04:05`: what is left of `seconds`, in days and a clock. */
export function countdownText(seconds: number): string {
  if (seconds <= 0) return text.countdownOver;
  const days = Math.floor(seconds / DAY);
  const rest = seconds % DAY;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return text.countdown(days, clock);
}

const secondsLeft = (seconds: number, readAt: number) =>
  Math.max(0, seconds - Math.floor((Date.now() - readAt) / 1000));

/**
 * The acceptor's time left to answer, counting down each second from the server's answer (`seconds` left
 * when the list was read at `readAt`): the browser's clock measures only the time since, so a clock the
 * sandbox moved, or a browser's clock that is wrong, does not change the deadline.
 */
export function AnswerCountdown({ seconds, readAt }: { seconds: number; readAt: number }) {
  const [left, setLeft] = useState(() => secondsLeft(seconds, readAt));
  useEffect(() => {
    setLeft(secondsLeft(seconds, readAt));
    const timer = window.setInterval(() => setLeft(secondsLeft(seconds, readAt)), 1000);
    return () => window.clearInterval(timer);
  }, [seconds, readAt]);
  return <span role="timer">{countdownText(left)}</span>;
}
