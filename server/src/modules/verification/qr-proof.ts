import type { LicenceGateway } from '../../adapters/licence/gateway';
import type { Db } from '../../db/database';
import { QR_ID_PATTERN } from '@contract/verification-schemas';
import { QR_SIGNATURE_MAX_LENGTH } from './constants';
import { claimProofAndChallenge } from './challenges';

const QR_ID = new RegExp(QR_ID_PATTERN);

export type QrRefusalReason =
  'malformed' | 'unknown' | 'bad_signature' | 'not_confirmed' | 'expired' | 'other_operation' | 'raced';

export type QrProofOutcome =
  /** Confirmed for this operation; `spend` marks the session and its challenge used within a transaction. */
  | { kind: 'ok'; challengeId: string; spend: (trx: Db) => Promise<boolean> }
  | { kind: 'refused'; reason: QrRefusalReason }
  /** A confirmed QR already spent, presented again with its valid signature. */
  | { kind: 'replay'; challengeId: string };

export interface QrProofInput {
  qrId: string | undefined;
  signature: string | undefined;
  subjectKey: string;
  operationHash: string;
  now: number;
}

/**
 * Checks `QR-ID` + `signature` for this subject and operation: proof only after the licence holder confirmed
 * it, and only before it expires (a pending session is never proof). The session is not spent here: the
 * `spend` of the answer does it, true exactly once, in the transaction the caller chooses.
 */
export async function checkQrProof(
  db: Db,
  licence: LicenceGateway,
  input: QrProofInput,
): Promise<QrProofOutcome> {
  const { qrId, signature, now } = input;
  if (!qrId || !signature || !QR_ID.test(qrId) || signature.length > QR_SIGNATURE_MAX_LENGTH) {
    return { kind: 'refused', reason: 'malformed' };
  }
  const row = await db
    .selectFrom('qr_sessions as q')
    .innerJoin('verification_challenges as c', 'c.id', 'q.challenge_id')
    .select([
      'q.status',
      'q.expires_at',
      'q.consumed_at',
      'c.id as challengeId',
      'c.kind',
      'c.subject_key',
      'c.operation_hash',
      'c.expires_at as challengeExpiresAt',
      'c.consumed_at as challengeConsumedAt',
      'c.invalidated_at as challengeInvalidatedAt',
    ])
    .where('q.id', '=', qrId)
    .executeTakeFirst();
  if (!row) return { kind: 'refused', reason: 'unknown' };

  const signed = licence.verify(qrId, row.challengeId, signature);
  if (row.consumed_at !== null) {
    return signed
      ? { kind: 'replay', challengeId: row.challengeId }
      : { kind: 'refused', reason: 'bad_signature' };
  }
  if (!signed) return { kind: 'refused', reason: 'bad_signature' };
  if (row.status !== 'confirmed') return { kind: 'refused', reason: 'not_confirmed' };
  if (Number(row.expires_at) <= now) return { kind: 'refused', reason: 'expired' };
  const bound =
    row.kind === 'qr' &&
    row.subject_key === input.subjectKey &&
    row.operation_hash === input.operationHash &&
    row.challengeConsumedAt === null &&
    row.challengeInvalidatedAt === null &&
    Number(row.challengeExpiresAt) > now;
  if (!bound) return { kind: 'refused', reason: 'other_operation' };

  const spend = (trx: Db) =>
    claimProofAndChallenge(trx, row.challengeId, now, async (claim) => {
      const session = await claim
        .updateTable('qr_sessions')
        .set({ consumed_at: now })
        .where('id', '=', qrId)
        .where('consumed_at', 'is', null)
        .where('status', '=', 'confirmed')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(session.numUpdatedRows) === 1;
    });
  return { kind: 'ok', challengeId: row.challengeId, spend };
}
