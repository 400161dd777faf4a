/**
 * What other modules use of secondary verification: the SMS and QR modules issue proofs for its
 * challenges, housekeeping purges them, and the password and sandbox routes write its security events.
 * The guard itself (`config.verification` on a route) is installed by app.ts through guard.ts.
 */
export {
  challengeForSmsSend,
  extendChallengeToProof,
  purgeExpiredChallenges,
  userSubjectKey,
} from './challenges';
export {
  QR_EXPIRY_PUSH_DELAY_MS,
  QR_SESSION_TTL_MS,
  VERIFICATION_PURGE_BATCH,
  VERIFICATION_RATE_KEY_PREFIX,
} from './constants';
export { logVerificationEvent, logVerificationEventWithoutRequest, VERIFICATION_EVENT } from './events';
export { randomSmsCode, retireSmsSentAfter, storeSmsCode } from './sms-codes';
