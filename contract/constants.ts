/**
 * Business constants of the product spec (section 9 unless noted), shared by the SPA and the server.
 * Plain values only: the SPA imports this file at run time.
 */

export const SYSTEM_ROLE = 2;
/** businessCode sent with an SMS verification request. */
export const SMS_BUSINESS_CODE = 2;
export const PERMISSION_PATH_PREFIX = '/normal';
export const STORAGE_PREFIX = 'SgThsk_';
export const DEFAULT_AUTH_METHOD = 'NO_PERMISSIONS';
export const DEFAULT_SYSTEM_STATUS = 'SS00';
export const DEFAULT_PAGE_SIZE = 10;

export const MOBILE_LENGTH = 11;
export const VERIFY_CODE_LENGTH = 6;

/** Slider puzzle geometry (px). */
export const SLIDER_IMAGE_WIDTH = 310;
export const SLIDER_IMAGE_HEIGHT = 155;
export const SLIDER_PIECE_SIZE = 47;
export const SLIDER_BAR_HEIGHT = 40;
export const SLIDER_MIN_DRAG = 5;
/** The answer's fixed y coordinate. */
export const SLIDER_ANSWER_Y = 5;
/** Accepted distance between the answer and the cut-out, in px (AJ-Captcha slipOffset). */
export const SLIDER_TOLERANCE = 5;

/** Slider timings (ms). */
export const SLIDER_SUCCESS_CALLBACK_DELAY = 500;
export const SLIDER_FAILURE_RESET_DELAY = 1500;
export const SLIDER_IMAGE_ERROR_DISPLAY = 1000;

/** AJ-Captcha answer codes. */
export const CAPTCHA_REP_CODE = {
  success: '0000',
  checkFailed: '6111',
  expired: '6110',
  fetchLimited: '6201',
} as const;
export const CAPTCHA_TYPE = 'blockPuzzle';
/** The puzzle's answer is valid this long after it was fetched (ms). */
export const CAPTCHA_CHALLENGE_TTL = 120_000;
/** A passed check's captchaVerification is valid this long (ms). */
export const CAPTCHA_VERIFICATION_TTL = 180_000;

/** Request timeouts (ms). */
export const DEFAULT_REQUEST_TIMEOUT = 5000;
export const CAPTCHA_FETCH_TIMEOUT = 10_000;
export const BATCH_SIGN_TIMEOUT = 10_000;
export const HARDWARE_KEY_TIMEOUT = 10_000;
export const TOKEN_REFRESH_GUARD = 5000;

export const LOGIN_REDIRECT_DELAY = 2000;
export const QR_VALIDITY = 540_000;
export const QR_SUCCESS_DELAY = 1000;
export const SMS_RESEND_COUNTDOWN_SECONDS = 61;

export const NOTICE_PAGE = { page: 0, size: 5, status: 0 } as const;
export const NOTICE_THROTTLE = 200;
export const EMPTY_BANK_PAGE_SIZE = 5;
export const LAZY_CHUNK_TIMEOUT = 120_000;
export const SERVICE_WORKER_CHECK_INTERVAL = 1000;

/**
 * The locale every number is written in for a person (screens, notices, printed contracts): the platform
 * speaks the mainland's Chinese, whose grouping is by thousands with a comma.
 */
export const NUMBER_LOCALE = 'zh-CN';
/** Yuan are shown to the fen. */
export const YUAN_DISPLAY_DECIMALS = 2;
/** The units a short reading of a large amount counts in (1.23亿, 45.6万). */
export const WAN = 10_000;
export const YI = 100_000_000;

/** Amounts in Chinese capitals stop here (exclusive). */
export const AMOUNT_WORDS_LIMIT = 1e15;
export const AMOUNT_WORDS_DECIMALS = 4;

/** Sidebar collapsed value -> content offset (px). */
export const SIDEBAR_OFFSETS = { '10': 100, '11': 250, '01': 200, '00': 50 } as const;
export type SidebarCollapsed = keyof typeof SIDEBAR_OFFSETS;
export const DEFAULT_SIDEBAR_COLLAPSED: SidebarCollapsed = '10';

export const MODAL_WIDTH = 520;
export const CONFIRM_MODAL_WIDTH = 416;

/** OAuth grant types and the fixed public client of the web app. */
export const GRANT_TYPE = {
  password: 'mobile_password',
  refresh: 'refresh_token',
  crToken: 'cr_token',
} as const;
export const OAUTH_SCOPE = 'all';

/** The channel a deployment serves unless CHANNEL_ID / VITE_CHANNEL_ID name another. */
export const DEFAULT_CHANNEL_ID = 'CH0001';
/** The web app's fixed public OAuth client (spec section 3, `{key}`): documented, not a secret. */
export const WEB_CLIENT = { id: 'chain-bill-web', secret: 'chain-bill-web-public' } as const;
