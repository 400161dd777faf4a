import { SMS_RESEND_COUNTDOWN_SECONDS } from '@contract/constants';
import { SMS_CODE_TTL_SECONDS } from '@contract/verification';
import type { IpLimitRule } from '../../lib/ip-limit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface MobileLimitRule {
  /** Names the counter; the mobile is appended. */
  name: string;
  limit: number;
  windowMs: number;
  msg: string;
}

/**
 * Sends per mobile, checked in this order; the first one exceeded answers. Sized in docs/security.md ("SMS
 * limits"): before sign-in anyone can name any registered mobile, so those sends are held tight against SMS
 * bombing; a signed-in member's code goes only to its own mobile, for its own pending act, so its budget
 * fits a finance user's busiest day of ledger acts. The two budgets are counted apart (a stranger's sends
 * cannot use up a member's day); one send a minute per mobile holds for both.
 */
export const SMS_MOBILE_LIMITS: {
  readonly beforeSignIn: readonly MobileLimitRule[];
  readonly signedIn: readonly MobileLimitRule[];
} = {
  beforeSignIn: [
    { name: 'resend', limit: 1, windowMs: 60 * SECOND, msg: '发送过于频繁，请60秒后再试' },
    { name: 'hour', limit: 5, windowMs: HOUR, msg: '发送次数过多，请1小时后再试' },
    { name: 'day', limit: 10, windowMs: DAY, msg: '今日发送次数已达上限，请明天再试' },
  ],
  signedIn: [
    { name: 'resend', limit: 1, windowMs: 60 * SECOND, msg: '发送过于频繁，请60秒后再试' },
    { name: 'member-hour', limit: 30, windowMs: HOUR, msg: '发送次数过多，请1小时后再试' },
    { name: 'member-day', limit: 100, windowMs: DAY, msg: '今日发送次数已达上限，请明天再试' },
  ],
};
/**
 * Sends per client address: one address texting many mobiles trips this. A signed-in member texts only
 * itself, and an office's members share one address, so theirs is counted apart and wider.
 */
export const SMS_IP_LIMITS: { readonly beforeSignIn: IpLimitRule; readonly signedIn: IpLimitRule } = {
  beforeSignIn: { action: 'sms-send', limit: 10, windowMs: 10 * MINUTE },
  signedIn: { action: 'sms-send-member', limit: 60, windowMs: 10 * MINUTE },
};

/** The platform's SMS signature. */
export const SMS_SIGNATURE = '链票通';
export const SMS_CODE_TTL_MINUTES = SMS_CODE_TTL_SECONDS / 60;
/** The text of a code: what it confirms (the operation and its amount), so a code asked for by another act is seen. */
export const smsCodeText = (code: string, operation: string): string =>
  `【${SMS_SIGNATURE}】您正在办理${operation}，验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露。`;

/** The answer of every accepted send, sent or not (registered or not). */
export const SMS_SENT = { expiresIn: SMS_CODE_TTL_SECONDS, resendAfter: SMS_RESEND_COUNTDOWN_SECONDS };
export const SMS_SENT_MSG = '验证码已发送';
export const SMS_MOBILE_MISMATCH_MSG = '手机号与当前登录账号不一致';
