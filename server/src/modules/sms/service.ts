import type { FastifyInstance } from 'fastify';
import { hitRateLimit } from '../../lib/rate-limit';
import {
  challengeForSmsSend,
  randomSmsCode,
  storeSmsCode,
  VERIFICATION_RATE_KEY_PREFIX,
} from '../verification/service';
import { REGISTER_OPERATION } from '../auth/service';
import { SMS_MOBILE_LIMITS, smsCodeText, type MobileLimitRule } from './constants';

/** The first per-mobile limit this send exceeds, with its Retry-After seconds; null when within all. */
export async function hitMobileLimits(
  app: FastifyInstance,
  mobile: string,
  signedIn: boolean,
  now: number,
): Promise<{ rule: MobileLimitRule; retryAfterSeconds: number } | null> {
  for (const rule of signedIn ? SMS_MOBILE_LIMITS.signedIn : SMS_MOBILE_LIMITS.beforeSignIn) {
    const key = `${VERIFICATION_RATE_KEY_PREFIX}sms-${rule.name}:${mobile}`;
    const decision = await hitRateLimit(app.db, key, rule.limit, rule.windowMs, now);
    if (!decision.allowed) {
      return { rule, retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) };
    }
  }
  return null;
}

const isRegistered = async (app: FastifyInstance, mobile: string) =>
  (await app.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst()) !==
  undefined;

/**
 * Stores a fresh code for the mobile's open SMS challenge and sends it, if the mobile is registered (or the
 * signed-in user's own). For an unregistered mobile the code is stored just the same and never sent, so
 * both take the same database work and the answer (and its timing) does not tell them apart. Returns
 * whether a message went out.
 */
export async function sendVerificationCode(
  app: FastifyInstance,
  input: { mobile: string; signedInUserId: string | null; now: number },
): Promise<boolean> {
  const { mobile, signedInUserId, now } = input;
  const registered = signedInUserId !== null || (await isRegistered(app, mobile));
  const challenge = await challengeForSmsSend(app.db, { mobile, signedInUserId, now });
  if (challenge === null) return false;
  const code = randomSmsCode();
  await storeSmsCode(app.db, app.verificationKeys.smsCode, {
    challengeId: challenge.id,
    mobile,
    code,
    now,
  });
  // A registration is the one operation whose mobile has no account yet: it is what the code proves.
  if (!registered && challenge.operationName !== REGISTER_OPERATION) return false;
  // After the commit: a gateway is the outside world and must not hold a transaction open.
  await app.adapters.sms.send({ mobile, code, text: smsCodeText(code, challenge.operationName) });
  return true;
}
