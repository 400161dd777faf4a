import crypto from 'node:crypto';
import type { CaptchaScene } from '@contract/captcha';
import type { CaptchaPuzzle } from '@contract/captcha-schemas';
import { CAPTCHA_CHALLENGE_TTL, CAPTCHA_VERIFICATION_TTL } from '@contract/constants';
import type { Db } from '../../db/database';
import { randomToken, sha256Hex } from '../../lib/hash';
import { aesEcbDecrypt } from './aes';
import { captchaVerificationOf, isOnTarget, parseAnswer } from './answer';
import {
  CAPTCHA_PURGE_BATCH,
  CAPTCHA_PURGE_GRACE_MS,
  CAPTCHA_RATE_KEY_PREFIX,
  CAPTCHA_RATE_KEY_RANGE_END,
  CAPTCHA_RATE_WINDOW_MS,
  CHALLENGE_TOKEN_BYTES,
  SECRET_KEY_ALPHABET,
  SECRET_KEY_LENGTH,
} from './constants';
import { generatePuzzleImages } from './puzzle-image';

/** A captchaVerification longer than this never came from us; refuse it before hashing. */
const MAX_VERIFICATION_LENGTH = 512;

export function randomSecretKey(): string {
  let key = '';
  for (let i = 0; i < SECRET_KEY_LENGTH; i++)
    key += SECRET_KEY_ALPHABET[crypto.randomInt(SECRET_KEY_ALPHABET.length)];
  return key;
}

export async function issueChallenge(
  db: Db,
  input: { scene: CaptchaScene; clientUid: string | undefined; now: number },
): Promise<CaptchaPuzzle> {
  const images = generatePuzzleImages();
  const token = randomToken(CHALLENGE_TOKEN_BYTES);
  const secretKey = randomSecretKey();
  await db
    .insertInto('captcha_challenges')
    .values({
      token,
      secret_key: secretKey,
      answer_x: images.x,
      scene: input.scene,
      client_uid: input.clientUid ?? null,
      created_at: input.now,
      expires_at: input.now + CAPTCHA_CHALLENGE_TTL,
      checked_at: null,
    })
    .execute();
  return {
    originalImageBase64: images.original.toString('base64'),
    jigsawImageBase64: images.jigsaw.toString('base64'),
    secretKey,
    token,
  };
}

export type CaptchaRejection = 'unknown_or_used_token' | 'undecryptable' | 'malformed_answer' | 'off_target';

export type CheckOutcome = { passed: true; token: string } | { passed: false; reason: CaptchaRejection };

/**
 * The one check a challenge allows. Claiming the challenge and reading its answer is one UPDATE, so
 * two racing checks cannot both see it unchecked, and a failed attempt spends it just like a passed one.
 */
export async function checkChallenge(
  db: Db,
  input: { token: string; pointJson: string; clientIp: string; now: number },
): Promise<CheckOutcome> {
  const challenge = await db
    .updateTable('captcha_challenges')
    .set({ checked_at: input.now })
    .where('token', '=', input.token)
    .where('checked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['secret_key', 'answer_x', 'scene'])
    .executeTakeFirst();
  if (!challenge) return { passed: false, reason: 'unknown_or_used_token' };

  const plain = aesEcbDecrypt(input.pointJson, challenge.secret_key);
  if (plain === null) return { passed: false, reason: 'undecryptable' };
  const answer = parseAnswer(plain);
  if (!answer) return { passed: false, reason: 'malformed_answer' };
  if (!isOnTarget(answer, challenge.answer_x)) return { passed: false, reason: 'off_target' };

  const verification = captchaVerificationOf(input.token, plain, challenge.secret_key);
  await db
    .insertInto('captcha_verifications')
    .values({
      hash: sha256Hex(verification),
      scene: challenge.scene,
      client_ip: input.clientIp,
      created_at: input.now,
      expires_at: input.now + CAPTCHA_VERIFICATION_TTL,
      used_at: null,
    })
    .execute();
  return { passed: true, token: input.token };
}

/**
 * Spends a captchaVerification earned by a passed puzzle of `scene` from `clientIp`: true exactly once,
 * atomically, while it is unexpired, and only for the client address that solved it. Verifications are
 * stored as the SHA-256 (hex) of the string.
 */
export async function consumeCaptchaVerification(
  db: Db,
  captchaVerification: string | undefined,
  scene: CaptchaScene,
  clientIp: string,
  now: number,
): Promise<boolean> {
  if (typeof captchaVerification !== 'string' || captchaVerification === '') return false;
  if (captchaVerification.length > MAX_VERIFICATION_LENGTH) return false;
  const result = await db
    .updateTable('captcha_verifications')
    .set({ used_at: now })
    .where('hash', '=', sha256Hex(captchaVerification))
    .where('scene', '=', scene)
    .where('client_ip', '=', clientIp)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Bounded clean-up run on fetches, so the tables stay small without a scheduler (several nodes
 * may run it at once; deleting an already deleted row is harmless). Only captcha rate counters are
 * touched: per-clientUid keys are chosen by callers and would otherwise pile up.
 */
export async function purgeExpiredCaptchaState(db: Db, now: number): Promise<void> {
  const cutoff = now - CAPTCHA_PURGE_GRACE_MS;
  await db
    .deleteFrom('captcha_challenges')
    .where(
      'token',
      'in',
      db
        .selectFrom('captcha_challenges')
        .select('token')
        .where('expires_at', '<', cutoff)
        .limit(CAPTCHA_PURGE_BATCH),
    )
    .execute();
  await db
    .deleteFrom('captcha_verifications')
    .where(
      'hash',
      'in',
      db
        .selectFrom('captcha_verifications')
        .select('hash')
        .where('expires_at', '<', cutoff)
        .limit(CAPTCHA_PURGE_BATCH),
    )
    .execute();
  // LIKE decides; the key range lets SQLite walk the primary key instead of scanning every counter.
  await db
    .deleteFrom('rate_counters')
    .where(
      'key',
      'in',
      db
        .selectFrom('rate_counters')
        .select('key')
        .where('key', '>=', CAPTCHA_RATE_KEY_PREFIX)
        .where('key', '<', CAPTCHA_RATE_KEY_RANGE_END)
        .where('key', 'like', `${CAPTCHA_RATE_KEY_PREFIX}%`)
        .where('window_start', '<', cutoff - CAPTCHA_RATE_WINDOW_MS)
        .limit(CAPTCHA_PURGE_BATCH),
    )
    .execute();
}
