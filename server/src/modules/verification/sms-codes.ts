import crypto from 'node:crypto';
import { VERIFY_CODE_LENGTH } from '@contract/constants';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import { newId } from '../../lib/hash';
import { claimProofAndChallenge, extendChallengeToProof } from './challenges';
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_PATTERN, SMS_CODE_SPACE, SMS_CODE_TTL_MS } from './constants';

const hmacOf = (key: Buffer, id: string, code: string): string =>
  crypto.createHmac('sha256', key).update(`${id}:${code}`).digest('hex');

function codeMatches(key: Buffer, id: string, code: string, stored: string): boolean {
  const given = Buffer.from(hmacOf(key, id, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A uniformly random 6-digit code (crypto.randomInt), leading zeros kept. */
export const randomSmsCode = (): string =>
  String(crypto.randomInt(SMS_CODE_SPACE)).padStart(VERIFY_CODE_LENGTH, '0');

/**
 * Stores a new code for `challengeId` and makes every older unused code of the mobile useless (a new send
 * supersedes the old code). The challenge lives at least as long as the code. One transaction.
 * The plain code is returned once, for the gateway; only its HMAC is stored.
 */
export async function storeSmsCode(
  db: Db,
  key: Buffer,
  input: { challengeId: string; mobile: string; code: string; now: number },
): Promise<void> {
  const { challengeId, mobile, code, now } = input;
  const id = newId();
  const expiresAt = now + SMS_CODE_TTL_MS;
  await db.transaction().execute(async (trx) => {
    // Two sends to one mobile at once must not both leave their code valid.
    await lockWithinTransaction(trx, `sms-codes:${mobile}`);
    await trx
      .updateTable('sms_codes')
      .set({ superseded_at: now })
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        id,
        challenge_id: challengeId,
        mobile,
        code_hmac: hmacOf(key, id, code),
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        invalidated_at: null,
        superseded_at: null,
      })
      .execute();
    await extendChallengeToProof(trx, challengeId, expiresAt);
  });
}

/**
 * The sandbox clock was set back to `at`: codes sent in the future it left are dated just before `at` and,
 * unused, superseded, and so are the sandbox gateway's messages, so the next code sent is again the newest
 * one (the verification and the outbox both take the newest by date). One transaction.
 */
export async function retireSmsSentAfter(db: Db, at: number): Promise<void> {
  const before = at - 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sms_codes')
      .set({ superseded_at: before })
      .where('created_at', '>=', at)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    await trx.updateTable('sms_codes').set({ created_at: before }).where('created_at', '>=', at).execute();
    await trx.updateTable('sms_outbox').set({ created_at: before }).where('created_at', '>=', at).execute();
  });
}

export type SmsRefusalReason =
  'malformed' | 'no_code' | 'used' | 'superseded' | 'invalidated' | 'expired' | 'raced';

export type SmsProofOutcome =
  /** The code is right for this operation; `spend` marks it and its challenge used within a transaction. */
  | { kind: 'ok'; challengeId: string; spend: (trx: Db) => Promise<boolean> }
  /** Refused without counting a try (nothing to count it against). */
  | { kind: 'refused'; reason: SmsRefusalReason }
  /** A code that was already spent, presented again: refused, and logged as a replay. */
  | { kind: 'replay'; challengeId: string }
  /** Counted against the code: wrong digits, or the right ones on another operation. */
  | {
      kind: 'wrong';
      reason: 'mismatch' | 'other_operation';
      challengeId: string;
      attempts: number;
      invalidated: boolean;
    };

export interface SmsProofInput {
  subjectKey: string;
  mobile: string;
  operationHash: string;
  code: string;
  now: number;
}

/**
 * Checks `Verify-Code` for this subject and operation; a wrong try is counted at once, in a transaction of
 * its own, whatever becomes of the request. A right code is not spent here: the `spend` of the answer does it,
 * true exactly once, in the transaction the caller chooses. Only the newest code sent to the mobile for this
 * subject's challenges is considered, so another user's (or an anonymous caller's) guesses never touch it.
 */
export async function checkSmsProof(db: Db, key: Buffer, input: SmsProofInput): Promise<SmsProofOutcome> {
  const { now } = input;
  if (!SMS_CODE_PATTERN.test(input.code)) return { kind: 'refused', reason: 'malformed' };
  const row = await db
    .selectFrom('sms_codes as s')
    .innerJoin('verification_challenges as c', 'c.id', 's.challenge_id')
    .select([
      's.id',
      's.code_hmac',
      's.expires_at',
      's.used_at',
      's.invalidated_at',
      's.superseded_at',
      'c.id as challengeId',
      'c.kind',
      'c.operation_hash',
      'c.expires_at as challengeExpiresAt',
      'c.consumed_at',
      'c.invalidated_at as challengeInvalidatedAt',
    ])
    .where('s.mobile', '=', input.mobile)
    .where('c.subject_key', '=', input.subjectKey)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { kind: 'refused', reason: 'no_code' };

  const matches = codeMatches(key, row.id, input.code, row.code_hmac);
  if (row.used_at !== null) {
    return matches ? { kind: 'replay', challengeId: row.challengeId } : { kind: 'refused', reason: 'used' };
  }
  if (row.superseded_at !== null) return { kind: 'refused', reason: 'superseded' };
  if (row.invalidated_at !== null) return { kind: 'refused', reason: 'invalidated' };
  if (Number(row.expires_at) <= now) return { kind: 'refused', reason: 'expired' };

  const bound =
    row.kind === 'sms' &&
    row.operation_hash === input.operationHash &&
    row.consumed_at === null &&
    row.challengeInvalidatedAt === null &&
    Number(row.challengeExpiresAt) > now;
  if (!matches || !bound) {
    const counted = await countWrongTry(db, row.id, row.challengeId, now);
    if (!counted) return { kind: 'refused', reason: 'raced' };
    return {
      kind: 'wrong',
      reason: matches ? 'other_operation' : 'mismatch',
      challengeId: row.challengeId,
      ...counted,
    };
  }

  const spend = (trx: Db) =>
    claimProofAndChallenge(trx, row.challengeId, now, async (claim) => {
      const code = await claim
        .updateTable('sms_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .where('superseded_at', 'is', null)
        .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(code.numUpdatedRows) === 1;
    });
  return { kind: 'ok', challengeId: row.challengeId, spend };
}

/**
 * One atomic UPDATE: the try is counted and, when it reaches the limit, the code is invalidated (with its
 * challenge, so a new send is required). Null when the code was spent or invalidated meanwhile.
 */
async function countWrongTry(
  db: Db,
  codeId: string,
  challengeId: string,
  now: number,
): Promise<{ attempts: number; invalidated: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('sms_codes')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        invalidated_at: eb
          .case()
          .when(eb('attempts', '+', 1), '>=', SMS_CODE_MAX_ATTEMPTS)
          .then(now)
          .else(null)
          .end(),
      }))
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .where('invalidated_at', 'is', null)
      .returning(['attempts', 'invalidated_at'])
      .executeTakeFirst();
    if (!row) return null;
    const invalidated = row.invalidated_at !== null;
    if (invalidated) {
      await trx
        .updateTable('verification_challenges')
        .set({ invalidated_at: now })
        .where('id', '=', challengeId)
        .where('consumed_at', 'is', null)
        .execute();
    }
    return { attempts: Number(row.attempts), invalidated };
  });
}
