const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How often each node sweeps; every purge is idempotent, so several nodes may sweep at once. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * MINUTE;
/** Rows one DELETE removes at most, so a sweep never holds the database for long. */
export const HOUSEKEEPING_BATCH = 500;
/** Sign-ins one DELETE removes at most: each takes its whole refresh-token chain with it. */
export const SESSION_PURGE_BATCH = 50;
/** Batches one table gets per sweep; what is left waits for the next sweep. */
export const HOUSEKEEPING_MAX_BATCHES = 20;
/**
 * Tokens and sign-ins are deleted this long after they expired (or the sign-in was revoked). Until then an
 * expired access token still answers `token_expired` rather than `invalid_token`. A sign-in's refresh
 * tokens, used ones included, stay until the sign-in itself goes: reuse detection needs them until its
 * absolute expiry.
 */
export const TOKEN_PURGE_GRACE_MS = DAY;
/** Export tasks and their files are kept this long after the task was created. */
export const EXPORT_RETENTION_MS = 7 * DAY;
/** Rate counters are deleted this long after their window started: longer than any limit's window (a day). */
export const RATE_COUNTER_RETENTION_MS = 2 * DAY;
/** Failed sign-in counts go a day after the first failure: the 15-minute window and lock are long over. */
export const LOGIN_ATTEMPT_RETENTION_MS = DAY;
/** The sandbox SMS outbox keeps a week of messages. */
export const SMS_OUTBOX_RETENTION_MS = 7 * DAY;
/** Invitations are kept 30 days past their expiry, so a late visitor still reads 已过期 rather than 404. */
export const INVITATION_RETENTION_MS = 30 * DAY;
/**
 * A write to the file store that began this long ago and never finished was cut short (its process died);
 * what it left is removed. No write of a file the server keeps runs anywhere near this long.
 */
export const ABANDONED_FILE_WRITE_MS = DAY;
