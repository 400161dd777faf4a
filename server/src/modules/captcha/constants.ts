import type { CaptchaScene } from '@contract/captcha';

/** The puzzle's cut-out must leave this much room at each end of the track (px). */
export const PIECE_MIN_X_GAP = 10;
export const PIECE_END_MARGIN = 5;
/** Keep the piece this far from the top and bottom edges (px). */
export const PIECE_Y_MARGIN = 5;

/** The secretKey is an AES-128 key used as UTF-8: 16 printable ASCII characters. */
export const SECRET_KEY_LENGTH = 16;
export const SECRET_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 24 random bytes = 192 bits, base64url. */
export const CHALLENGE_TOKEN_BYTES = 24;
/** AJ-Captcha joins token and answer with this to build captchaVerification. */
export const VERIFICATION_SEPARATOR = '---';

export const DEFAULT_CAPTCHA_SCENE: CaptchaScene = 'login';

/** Fetch and check budgets per server-derived identity; the window is one minute. */
export const CAPTCHA_RATE_WINDOW_MS = 60_000;
export const CAPTCHA_FETCH_LIMIT_PER_IP = 20;
export const CAPTCHA_FETCH_LIMIT_PER_CLIENT = 10;
export const CAPTCHA_CHECK_LIMIT_PER_IP = 30;
export const CAPTCHA_RATE_KEY_PREFIX = 'captcha:';
/** The first key past every `captcha:` key (';' follows ':' in byte order), for a key-range scan. */
export const CAPTCHA_RATE_KEY_RANGE_END = 'captcha;';

/** Expired rows are deleted this long after expiry, at most this many per fetch. */
export const CAPTCHA_PURGE_GRACE_MS = 10 * 60_000;
export const CAPTCHA_PURGE_BATCH = 200;

/** AJ-Captcha's code for "check called too often"; the contract names only the codes the SPA reads. */
export const CAPTCHA_CHECK_LIMITED_CODE = '6204';

/**
 * AJ-Captcha's answers to a bad request (its RepCodeEnum): a field missing or empty (NULL_ERROR, "token不能为空"
 * as its server says for a check without a token), or present but not what the call takes (PARAM_FORMAT_ERROR).
 */
export const CAPTCHA_REQUEST_CODE = { missing: '0011', malformed: '0016' } as const;
export const captchaRequestMessage = {
  missing: (field: string) => `${field}不能为空`,
  malformed: (field: string) => `${field}格式错误`,
};
/** What a request that is not a JSON object at all is called in those messages. */
export const CAPTCHA_REQUEST_NAME = '请求参数';

export const CAPTCHA_MESSAGES = {
  fetchLimited: '验证码获取过于频繁，请稍后再试',
  checkLimited: '验证过于频繁，请稍后再试',
  expired: '验证码已失效，请重新获取',
  checkFailed: '验证失败，请重试',
} as const;
