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

/** Sends per mobile, against SMS bombing and cost, checked in this order; the first one exceeded answers. */
export const SMS_MOBILE_LIMITS: readonly MobileLimitRule[] = [
  { name: 'resend', limit: 1, windowMs: 60 * SECOND, msg: '发送过于频繁，请60秒后再试' },
  { name: 'hour', limit: 5, windowMs: HOUR, msg: '发送次数过多，请1小时后再试' },
  { name: 'day', limit: 10, windowMs: DAY, msg: '今日发送次数已达上限，请明天再试' },
];
/** Sends per client address: one address texting many mobiles trips this. */
export const SMS_IP_LIMIT: IpLimitRule = { action: 'sms-send', limit: 10, windowMs: 10 * MINUTE };

/** The platform's SMS signature. */
export const SMS_SIGNATURE = '链票通';
export const SMS_CODE_TTL_MINUTES = SMS_CODE_TTL_SECONDS / 60;
export const smsCodeText = (code: string): string =>
  `【${SMS_SIGNATURE}】您的验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露。`;

/** The answer of every accepted send, sent or not (registered or not). */
export const SMS_SENT = { expiresIn: SMS_CODE_TTL_SECONDS, resendAfter: SMS_RESEND_COUNTDOWN_SECONDS };
export const SMS_SENT_MSG = '验证码已发送';
export const SMS_MOBILE_MISMATCH_MSG = '手机号与当前登录账号不一致';
