import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REALTIME_EVENT } from '@contract/realtime';
import { QR_EVENT_MESSAGE, QR_STATUS } from '@contract/verification';
import type { QrEvent, SandboxQr } from '@contract/verification-schemas';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/hash';
import { maskMobile } from '../../lib/security-log';
import { renderQrJpeg } from './qr-image';
import {
  extendChallengeToProof,
  logVerificationEventWithoutRequest,
  QR_EXPIRY_PUSH_DELAY_MS,
  QR_SESSION_TTL_MS,
  VERIFICATION_EVENT,
  VERIFICATION_PURGE_BATCH,
} from '../verification/service';

/** Host header values used to build the QR's URL; anything else falls back to the configured address. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** Where the SPA is served from, as the browser that asked sees it. */
function originOf(request: FastifyRequest): string {
  const { config } = request.server;
  const host = SAFE_HOST.test(request.host) ? request.host : `${config.host}:${config.port}`;
  return `${request.protocol}://${host}`;
}

/**
 * The base64 JPEG of the QR code of session `qrId`, pointing where the licence provider says (in the sandbox,
 * the licence app page of the SPA that asked). E-licence authentication uses it too.
 */
export const qrImageOf = (request: FastifyRequest, qrId: string): string =>
  renderQrJpeg(request.server.adapters.licence.qrContent(qrId, originOf(request))).toString('base64');

/** Stored states of a QR session. Only 'confirmed', unspent and unexpired, is proof. */
export const QR_SESSION_STATE = {
  pending: 'pending',
  confirmed: 'confirmed',
  refused: 'refused',
  expired: 'expired',
  /** A newer QR code was fetched for the same challenge. */
  replaced: 'replaced',
} as const;
type QrSessionState = (typeof QR_SESSION_STATE)[keyof typeof QR_SESSION_STATE];

/** 128 bits: a qrId is what the licence app acts on, so it must not be guessable. */
const QR_ID_BYTES = 16;

interface QrSessionRow {
  id: string;
  status: string;
  expires_at: number;
  consumed_at: number | null;
}

/** The session as the client sees it: 0 waiting, 1 confirmed and usable, -1 anything else. */
export function qrWireStatus(row: QrSessionRow, now: number): { status: number; msg: string } {
  const live = Number(row.expires_at) > now && row.consumed_at === null;
  switch (row.status as QrSessionState) {
    case QR_SESSION_STATE.pending:
      return live
        ? { status: QR_STATUS.initial, msg: QR_EVENT_MESSAGE.pending }
        : { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.expired };
    case QR_SESSION_STATE.confirmed:
      return live
        ? { status: QR_STATUS.success, msg: QR_EVENT_MESSAGE.confirmed }
        : { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.expired };
    case QR_SESSION_STATE.refused:
      return { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.refused };
    default:
      return { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.expired };
  }
}

/** Published with the transaction that moved the session, so no tab hears of a move that did not commit. */
const publishQrEvent = (app: FastifyInstance, trx: Db, userId: string, payload: QrEvent) =>
  app.realtime.publishToUser(userId, { type: REALTIME_EVENT.qrcode, payload }, trx);

/**
 * Opens a QR session for the caller's open QR challenge; older waiting sessions of that challenge are
 * replaced, and the challenge lives at least as long as the new session. Null when the challenge is not
 * the caller's, not a QR one, spent or expired.
 */
export async function issueQrSession(
  app: FastifyInstance,
  input: { challengeId: string; subjectKey: string; userId: string; orgId: string; now: number },
): Promise<{ qrId: string; expiresAt: number } | null> {
  const { challengeId, now } = input;
  const challenge = await app.db
    .selectFrom('verification_challenges')
    .select('id')
    .where('id', '=', challengeId)
    .where('kind', '=', 'qr')
    .where('subject_key', '=', input.subjectKey)
    .where('consumed_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!challenge) return null;
  const qrId = randomToken(QR_ID_BYTES);
  const expiresAt = now + QR_SESSION_TTL_MS;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('qr_sessions')
      .set({ status: QR_SESSION_STATE.replaced, decided_at: now })
      .where('challenge_id', '=', challengeId)
      .where('status', '=', QR_SESSION_STATE.pending)
      .execute();
    await trx
      .insertInto('qr_sessions')
      .values({
        id: qrId,
        challenge_id: challengeId,
        user_id: input.userId,
        org_id: input.orgId,
        status: QR_SESSION_STATE.pending,
        created_at: now,
        expires_at: expiresAt,
        decided_at: null,
        consumed_at: null,
      })
      .execute();
    await extendChallengeToProof(trx, challengeId, expiresAt);
  });
  scheduleExpiryPush(app, QR_SESSION_TTL_MS + QR_EXPIRY_PUSH_DELAY_MS);
  return { qrId, expiresAt };
}

/** The caller's own session as QRCODE_EVENT would carry it (the polling fallback of the socket). */
export async function qrEventFor(
  app: FastifyInstance,
  input: { qrId: string; userId: string; now: number },
): Promise<QrEvent | null> {
  const row = await app.db
    .selectFrom('qr_sessions')
    .select(['id', 'status', 'expires_at', 'consumed_at', 'challenge_id'])
    .where('id', '=', input.qrId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!row) return null;
  const wire = qrWireStatus(row, input.now);
  return {
    ...wire,
    __qrcodeId: row.id,
    ...(wire.status === QR_STATUS.success
      ? { signature: app.adapters.licence.sign(row.id, row.challenge_id) }
      : {}),
  };
}

export type QrDecision = 'confirm' | 'refuse';
export type QrDecisionOutcome =
  | { kind: 'decided'; userId: string; orgId: string }
  | { kind: 'not_found' }
  /** Already decided, replaced or expired. */
  | { kind: 'closed' };

/**
 * The licence holder's answer (through the licence gateway; in the sandbox, its page). A waiting,
 * unexpired session moves once; the user's tabs hear of it at once over the socket.
 */
export async function decideQrSession(
  app: FastifyInstance,
  input: { qrId: string; decision: QrDecision; now: number },
): Promise<QrDecisionOutcome> {
  const { qrId, decision, now } = input;
  const status = decision === 'confirm' ? QR_SESSION_STATE.confirmed : QR_SESSION_STATE.refused;
  const row = await app.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('qr_sessions')
      .set({ status, decided_at: now })
      .where('id', '=', qrId)
      .where('status', '=', QR_SESSION_STATE.pending)
      .where('expires_at', '>', now)
      .returning(['user_id', 'org_id', 'challenge_id'])
      .executeTakeFirst();
    if (!moved) return undefined;
    await publishQrEvent(
      app,
      trx,
      moved.user_id,
      decision === 'confirm'
        ? {
            status: QR_STATUS.success,
            msg: QR_EVENT_MESSAGE.confirmed,
            __qrcodeId: qrId,
            signature: app.adapters.licence.sign(qrId, moved.challenge_id),
          }
        : { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.refused, __qrcodeId: qrId },
    );
    return moved;
  });
  if (!row) {
    const exists = await app.db
      .selectFrom('qr_sessions')
      .select('id')
      .where('id', '=', qrId)
      .executeTakeFirst();
    return exists ? { kind: 'closed' } : { kind: 'not_found' };
  }
  return { kind: 'decided', userId: row.user_id, orgId: row.org_id };
}

/**
 * Marks waiting sessions past their expiry as expired and tells their users. The state is what counts
 * (every use checks the expiry in the database); this only makes the push. Safe on several nodes: each
 * session moves once.
 */
export async function expireDueQrSessions(app: FastifyInstance): Promise<number> {
  const now = app.now();
  const due = await app.db
    .selectFrom('qr_sessions')
    .select(['id', 'user_id', 'org_id'])
    .where('status', '=', QR_SESSION_STATE.pending)
    .where('expires_at', '<=', now)
    .limit(VERIFICATION_PURGE_BATCH)
    .execute();
  let expired = 0;
  for (const session of due) {
    const moved = await app.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('qr_sessions')
        .set({ status: QR_SESSION_STATE.expired, decided_at: now })
        .where('id', '=', session.id)
        .where('status', '=', QR_SESSION_STATE.pending)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await publishQrEvent(app, trx, session.user_id, {
        status: QR_STATUS.failure,
        msg: QR_EVENT_MESSAGE.expired,
        __qrcodeId: session.id,
      });
      return true;
    });
    if (!moved) continue;
    expired++;
    logVerificationEventWithoutRequest(app.log, VERIFICATION_EVENT.qrExpired, {
      userId: session.user_id,
      orgId: session.org_id,
    });
  }
  return expired;
}

function scheduleExpiryPush(app: FastifyInstance, delayMs: number): void {
  const timers = app.verificationTimers;
  const timer = setTimeout(() => {
    timers.delete(timer);
    expireDueQrSessions(app).catch((error: unknown) => app.log.error({ err: error }, 'QR expiry failed'));
  }, delayMs);
  timer.unref();
  timers.add(timer);
}

const sandboxQrQuery = (app: FastifyInstance) =>
  app.db
    .selectFrom('qr_sessions as q')
    .innerJoin('verification_challenges as c', 'c.id', 'q.challenge_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .innerJoin('organizations as o', 'o.id', 'q.org_id')
    .select([
      'q.id',
      'q.status',
      'q.expires_at',
      'q.consumed_at',
      'q.created_at',
      'c.operation_name',
      'u.name as userName',
      'u.mobile as userMobile',
      'o.name as orgName',
    ]);

type SandboxQrRow = Awaited<ReturnType<ReturnType<typeof sandboxQrQuery>['executeTakeFirstOrThrow']>>;

const sandboxQrOf = (row: SandboxQrRow, now: number): SandboxQr => ({
  qrId: row.id,
  status: qrWireStatus(row, now).status,
  operationName: row.operation_name,
  userName: row.userName,
  userMobile: maskMobile(row.userMobile),
  orgName: row.orgName,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

/** What the licence app shows before the holder confirms: who asks, for which company, to do what. */
export async function sandboxQrDetails(app: FastifyInstance, qrId: string): Promise<SandboxQr | null> {
  const row = await sandboxQrQuery(app).where('q.id', '=', qrId).executeTakeFirst();
  return row ? sandboxQrOf(row, app.now()) : null;
}

/** Waiting sessions, newest first, for the sandbox page opened without a QR id. */
export async function pendingSandboxQrs(app: FastifyInstance, limit: number): Promise<SandboxQr[]> {
  const now = app.now();
  const rows = await sandboxQrQuery(app)
    .where('q.status', '=', QR_SESSION_STATE.pending)
    .where('q.expires_at', '>', now)
    .orderBy('q.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => sandboxQrOf(row, now));
}
