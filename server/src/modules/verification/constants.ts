import { VERIFY_CODE_LENGTH } from '@contract/constants';
import { QR_SESSION_TTL_SECONDS, SMS_CODE_TTL_SECONDS } from '@contract/verification';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** How long a 406/412 challenge waits for its proof. A code sent later extends it to the code's expiry. */
export const CHALLENGE_TTL_MS = 10 * MINUTE;
/** SMS code validity (spec section 9 has no value; a one-time code should live at most 10 minutes). */
export const SMS_CODE_TTL_MS = SMS_CODE_TTL_SECONDS * SECOND;
/** Wrong presentations of one code; the one reaching this invalidates the code and its challenge. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Codes are VERIFY_CODE_LENGTH (6) decimal digits (spec section 9). */
export const SMS_CODE_SPACE = 10 ** VERIFY_CODE_LENGTH;
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);
/** A QR session must be confirmed and replayed within this time of its issue, so a photographed code soon stops working. */
export const QR_SESSION_TTL_MS = QR_SESSION_TTL_SECONDS * SECOND;
/** The expiry push runs this long after the session's end, so the database already sees it expired. */
export const QR_EXPIRY_PUSH_DELAY_MS = 250;
/** A signature longer than this never came from the licence gateway. */
export const QR_SIGNATURE_MAX_LENGTH = 128;
/** Expired challenges (with their codes and QR sessions) are deleted after this grace. */
export const VERIFICATION_PURGE_GRACE_MS = DAY;
/** Rows deleted per purge, so a purge never holds the database for long. */
export const VERIFICATION_PURGE_BATCH = 200;
/** What a route marked with only a kind is called on the licence app page. */
export const DEFAULT_OPERATION_NAME = '敏感操作';
/**
 * Rate counters of this domain (SMS sends per mobile, QR fetches per user) start with this, so the purge can
 * find them; none has a window longer than VERIFICATION_PURGE_GRACE_MS.
 */
export const VERIFICATION_RATE_KEY_PREFIX = 'verify:';
/** The character after ':' in code-point order: `key < end` bounds the prefix for an index range scan. */
export const VERIFICATION_RATE_KEY_RANGE_END = 'verify;';
