import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/hash';
import {
  CHALLENGE_TTL_MS,
  VERIFICATION_PURGE_BATCH,
  VERIFICATION_PURGE_GRACE_MS,
  VERIFICATION_RATE_KEY_PREFIX,
  VERIFICATION_RATE_KEY_RANGE_END,
} from './constants';

export type VerificationKind = 'sms' | 'qr';

/** Who must prove: a signed-in member (bound to user and organisation) or, before sign-in, a mobile. */
export interface VerificationSubject {
  key: string;
  /** Where SMS codes go. */
  mobile: string;
  userId: string | null;
  orgId: string | null;
}

export const userSubjectKey = (userId: string, orgId: string | null): string =>
  `user:${userId}:org:${orgId ?? '-'}`;

export const userSubject = (userId: string, orgId: string | null, mobile: string): VerificationSubject => ({
  key: userSubjectKey(userId, orgId),
  mobile,
  userId,
  orgId,
});

export const mobileSubject = (mobile: string): VerificationSubject => ({
  key: `mobile:${mobile}`,
  mobile,
  userId: null,
  orgId: null,
});

export interface OperationRef {
  hash: string;
  /** Chinese name shown to the licence holder. */
  name: string;
}

/**
 * The open challenge of this subject for this operation, created when there is none. Reusing it keeps a
 * client that retries without proof from piling up rows, and lets a resent code land on the same one;
 * `created_at` is when it was last asked for, so the newest is the one the user is proving.
 */
export async function openChallenge(
  db: Db,
  input: { kind: VerificationKind; subject: VerificationSubject; operation: OperationRef; now: number },
): Promise<string> {
  const { kind, subject, operation, now } = input;
  const existing = await db
    .selectFrom('verification_challenges')
    .select('id')
    .where('subject_key', '=', subject.key)
    .where('kind', '=', kind)
    .where('operation_hash', '=', operation.hash)
    .where('consumed_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (existing) {
    // Asked again, it is the operation the user is proving now: the next code sent lands on it
    // (challengeForSmsSend takes the newest), not on one raised by an act the user left.
    await db
      .updateTable('verification_challenges')
      .set({ created_at: now })
      .where('id', '=', existing.id)
      .where('created_at', '<', now)
      .execute();
    return existing.id;
  }

  await purgeExpiredChallenges(db, now);
  const id = newId();
  await db
    .insertInto('verification_challenges')
    .values({
      id,
      kind,
      subject_key: subject.key,
      mobile: subject.mobile,
      user_id: subject.userId,
      org_id: subject.orgId,
      operation_hash: operation.hash,
      operation_name: operation.name,
      created_at: now,
      expires_at: now + CHALLENGE_TTL_MS,
      consumed_at: null,
      invalidated_at: null,
    })
    .execute();
  return id;
}

/**
 * The challenge a code sent to `mobile` serves: the newest open SMS challenge of the signed-in user when
 * there is one, else the newest open one raised before sign-in for that mobile. Without sign-in, only the
 * latter: nobody can make a code land on a signed-in user's challenge. With the operation's name, which the
 * text of the code names.
 */
export async function challengeForSmsSend(
  db: Db,
  input: { mobile: string; signedInUserId: string | null; now: number },
): Promise<{ id: string; operationName: string } | null> {
  const open = db
    .selectFrom('verification_challenges')
    .select(['id', 'operation_name as operationName'])
    .where('kind', '=', 'sms')
    .where('mobile', '=', input.mobile)
    .where('consumed_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .where('expires_at', '>', input.now)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (input.signedInUserId !== null) {
    const own = await open.where('user_id', '=', input.signedInUserId).executeTakeFirst();
    if (own) return own;
  }
  const beforeSignIn = await open
    .where('subject_key', '=', mobileSubject(input.mobile).key)
    .executeTakeFirst();
  return beforeSignIn ?? null;
}

/**
 * Bounded clean-up on challenge creation, so the tables stay small without a scheduler: challenges long
 * expired with their codes and QR sessions, and this domain's rate counters whose windows have passed.
 */
export async function purgeExpiredChallenges(db: Db, now: number): Promise<void> {
  const cutoff = now - VERIFICATION_PURGE_GRACE_MS;
  await db
    .deleteFrom('rate_counters')
    .where(
      'key',
      'in',
      db
        .selectFrom('rate_counters')
        .select('key')
        .where('key', '>=', VERIFICATION_RATE_KEY_PREFIX)
        .where('key', '<', VERIFICATION_RATE_KEY_RANGE_END)
        .where('window_start', '<', cutoff)
        .limit(VERIFICATION_PURGE_BATCH),
    )
    .execute();
  const stale = await db
    .selectFrom('verification_challenges')
    .select('id')
    .where('expires_at', '<', cutoff)
    .limit(VERIFICATION_PURGE_BATCH)
    .execute();
  if (stale.length === 0) return;
  const ids = stale.map((row) => row.id);
  await db.transaction().execute(async (trx) => {
    // Explicit deletes too: PostgreSQL and SQLite both cascade, but an SQLite file opened without
    // foreign_keys would not.
    await trx.deleteFrom('sms_codes').where('challenge_id', 'in', ids).execute();
    await trx.deleteFrom('qr_sessions').where('challenge_id', 'in', ids).execute();
    await trx.deleteFrom('verification_challenges').where('id', 'in', ids).execute();
  });
}

/** Rolls back a half-spent proof (the proof was claimed but its challenge was not). */
class ProofRaced extends Error {}

/**
 * A proof issued for a challenge (an SMS code, a QR session) must be usable for its whole life: the challenge
 * lives at least as long as its newest proof.
 */
export async function extendChallengeToProof(
  trx: Transaction<Database>,
  challengeId: string,
  proofExpiresAt: number,
): Promise<void> {
  await trx
    .updateTable('verification_challenges')
    .set({ expires_at: proofExpiresAt })
    .where('id', '=', challengeId)
    .where('expires_at', '<', proofExpiresAt)
    .execute();
}

/** Marks a code or QR session used within the transaction; true when it did. */
export type ProofClaim = (trx: Db) => Promise<boolean>;

/**
 * Within the caller's transaction: `claimProof` marks the code or QR session used, then the challenge is
 * marked consumed if it is still open. False when either was gone (another request spent it, or it was
 * invalidated meanwhile): the caller must then not commit, or a proof could be spent without its challenge.
 * On PostgreSQL the claim's conditional UPDATE holds the row until the transaction ends, so of two
 * transactions claiming one proof the second waits and then finds it used: one winner.
 */
export async function claimProofAndChallenge(
  trx: Db,
  challengeId: string,
  now: number,
  claimProof: ProofClaim,
): Promise<boolean> {
  if (!(await claimProof(trx))) return false;
  const challenge = await trx
    .updateTable('verification_challenges')
    .set({ consumed_at: now })
    .where('id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .executeTakeFirst();
  return Number(challenge.numUpdatedRows) === 1;
}

/** Spends a claimed proof in a transaction of its own (claimProofAndChallenge); false on any race. */
export async function spendProof(db: Db, spend: (trx: Db) => Promise<boolean>): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      if (!(await spend(trx))) throw new ProofRaced();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof ProofRaced) return false;
      throw error;
    });
}
