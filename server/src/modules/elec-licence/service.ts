import type { FastifyInstance } from 'fastify';
import { APPLY_RECORD_STATUS, APPLY_ROLE, type ApplyRole } from '@contract/apply-record';
import { QR_VALIDITY } from '@contract/constants';
import {
  LICENCE_AUTH_ITEM,
  LICENCE_QR_KIND,
  LICENCE_QR_MESSAGE,
  type LicenceBizType,
  type LicenceQrKind,
} from '@contract/elec-licence';
import type { LicenceQrEvent, OrgLicenceState } from '@contract/elec-licence-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import { QR_STATUS } from '@contract/verification';
import type { SandboxQr } from '@contract/verification-schemas';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/hash';
import { maskMobile } from '../../lib/security-log';
import { decideApplyRecord } from '../apply-record/service';

/**
 * Stored states of a licence QR session. pending → confirmed | refused | expired (9 minutes, or a newer code
 * of the same request) | void (confirmed, but the apply record it was for had been decided meanwhile).
 */
export const LICENCE_SESSION_STATE = {
  pending: 'pending',
  confirmed: 'confirmed',
  refused: 'refused',
  expired: 'expired',
  void: 'void',
} as const;

/** 128 bits: the qrId is what the licence app acts on, so it must not be guessable. */
const QR_ID_BYTES = 16;
/** The expiry push runs a moment after the deadline, so the row is certainly past it. */
const EXPIRY_PUSH_DELAY_MS = 1000;
const EXPIRY_BATCH = 100;

/** What the licence holder is asked to authorise, as the licence app shows it. */
export const LICENCE_OPERATION_NAME: Record<LicenceQrKind, string> = {
  ORG_AUTH: '企业身份认证（绑定电子营业执照）',
  CHANGE_AUTH: '变更电子营业执照授权',
  BIZ_AUTH: '企业业务授权',
  BIND_AUTH: '授权申请人成为企业管理员',
  CONFIRM_AUTH: '确认申请人加入企业',
};

/** Which of the spec's events carries a kind's result (spec section 3). */
export const resultEventOf = (kind: LicenceQrKind) =>
  kind === LICENCE_QR_KIND.bindAuth || kind === LICENCE_QR_KIND.confirmAuth
    ? REALTIME_EVENT.legalPersonAuthResult
    : REALTIME_EVENT.orgSignThirdAuthResult;

interface SessionRow {
  id: string;
  kind: string;
  status: string;
  expires_at: number;
}

/** The session as the SPA sees it: 0 waiting, 1 confirmed, -1 refused, expired or void. */
export function licenceEventOf(row: SessionRow, now: number): LicenceQrEvent {
  const base = { __qrcodeId: row.id, kind: row.kind as LicenceQrKind };
  switch (row.status) {
    case LICENCE_SESSION_STATE.pending:
      return Number(row.expires_at) > now
        ? { ...base, status: QR_STATUS.initial, msg: LICENCE_QR_MESSAGE.pending }
        : { ...base, status: QR_STATUS.failure, msg: LICENCE_QR_MESSAGE.expired };
    case LICENCE_SESSION_STATE.confirmed:
      return { ...base, status: QR_STATUS.success, msg: LICENCE_QR_MESSAGE.confirmed };
    case LICENCE_SESSION_STATE.refused:
      return { ...base, status: QR_STATUS.failure, msg: LICENCE_QR_MESSAGE.refused };
    case LICENCE_SESSION_STATE.void:
      return { ...base, status: QR_STATUS.failure, msg: LICENCE_QR_MESSAGE.recordDecided };
    default:
      return { ...base, status: QR_STATUS.failure, msg: LICENCE_QR_MESSAGE.expired };
  }
}

const publishResult = (app: FastifyInstance, trx: Db, userId: string, event: LicenceQrEvent) =>
  app.realtime.publishToUser(userId, { type: resultEventOf(event.kind), payload: event }, trx);

export interface LicenceQrRequest {
  kind: LicenceQrKind;
  orgId: string;
  userId: string;
  applyRecordId?: string;
  bizType?: LicenceBizType;
  roles?: ApplyRole[];
}

/**
 * Opens a session valid for QR_VALIDITY. The caller's older waiting code for the same request expires at
 * once (a refresh), and its tabs hear so.
 */
export async function issueLicenceQr(
  app: FastifyInstance,
  input: LicenceQrRequest,
): Promise<{ qrId: string; expiresAt: number }> {
  const now = app.now();
  const qrId = randomToken(QR_ID_BYTES);
  const expiresAt = now + QR_VALIDITY;
  await app.db.transaction().execute(async (trx) => {
    let older = trx
      .updateTable('licence_qr_sessions')
      .set({ status: LICENCE_SESSION_STATE.expired, decided_at: now })
      .where('user_id', '=', input.userId)
      .where('org_id', '=', input.orgId)
      .where('kind', '=', input.kind)
      .where('status', '=', LICENCE_SESSION_STATE.pending);
    if (input.applyRecordId) older = older.where('apply_record_id', '=', input.applyRecordId);
    await older.execute();
    await trx
      .insertInto('licence_qr_sessions')
      .values({
        id: qrId,
        kind: input.kind,
        org_id: input.orgId,
        user_id: input.userId,
        apply_record_id: input.applyRecordId ?? null,
        biz_type: input.bizType ?? null,
        roles: input.roles ? JSON.stringify(input.roles) : null,
        status: LICENCE_SESSION_STATE.pending,
        created_at: now,
        expires_at: expiresAt,
        decided_at: null,
      })
      .execute();
  });
  scheduleExpiryPush(app, QR_VALIDITY + EXPIRY_PUSH_DELAY_MS);
  return { qrId, expiresAt };
}

/** The caller's own session as the result event would carry it (the socket's polling fallback). */
export async function licenceQrEventFor(
  app: FastifyInstance,
  input: { qrId: string; userId: string },
): Promise<LicenceQrEvent | null> {
  const row = await app.db
    .selectFrom('licence_qr_sessions')
    .select(['id', 'kind', 'status', 'expires_at'])
    .where('id', '=', input.qrId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return row ? licenceEventOf(row, app.now()) : null;
}

export type LicenceDecisionOutcome =
  { kind: 'decided'; userId: string; orgId: string } | { kind: 'not_found' } | { kind: 'closed' };

/**
 * The licence holder's answer. A waiting, unexpired session moves once; on confirmation what it authorises
 * happens in the same transaction, and the result event is published with it.
 */
export async function decideLicenceQr(
  app: FastifyInstance,
  input: { qrId: string; decision: 'confirm' | 'refuse' },
): Promise<LicenceDecisionOutcome> {
  const now = app.now();
  const moved = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('licence_qr_sessions')
      .set({
        status:
          input.decision === 'confirm' ? LICENCE_SESSION_STATE.confirmed : LICENCE_SESSION_STATE.refused,
        decided_at: now,
      })
      .where('id', '=', input.qrId)
      .where('status', '=', LICENCE_SESSION_STATE.pending)
      .where('expires_at', '>', now)
      .returning(['id', 'kind', 'org_id', 'user_id', 'apply_record_id', 'roles', 'status', 'expires_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    let status = row.status;
    if (input.decision === 'confirm') {
      const applied = await applyConfirmation(app, trx, row, now);
      if (!applied) {
        status = LICENCE_SESSION_STATE.void;
        await trx.updateTable('licence_qr_sessions').set({ status }).where('id', '=', row.id).execute();
      }
    }
    await publishResult(app, trx, row.user_id, licenceEventOf({ ...row, status }, now));
    return row;
  });
  if (!moved) {
    const exists = await app.db
      .selectFrom('licence_qr_sessions')
      .select('id')
      .where('id', '=', input.qrId)
      .executeTakeFirst();
    return exists ? { kind: 'closed' } : { kind: 'not_found' };
  }
  return { kind: 'decided', userId: moved.user_id, orgId: moved.org_id };
}

/** The licence holder proved the licence: the organisation is authenticated with it bound. */
async function bindLicence(trx: Db, orgId: string, operatorId: string | null, now: number): Promise<void> {
  await trx
    .updateTable('organizations')
    .set({
      authorized: 1,
      bound: 1,
      licence_auth_at: now,
      ...(operatorId ? { licence_operator_id: operatorId } : {}),
    })
    .where('id', '=', orgId)
    .execute();
}

/** What a confirmed session authorises; false when its apply record was decided meanwhile. */
async function applyConfirmation(
  app: FastifyInstance,
  trx: Db,
  row: {
    kind: string;
    org_id: string;
    user_id: string;
    apply_record_id: string | null;
    roles: string | null;
  },
  now: number,
): Promise<boolean> {
  const orgChanged = () =>
    app.realtime.publishToOrg(row.org_id, { type: REALTIME_EVENT.organization, payload: {} }, trx);
  switch (row.kind as LicenceQrKind) {
    case LICENCE_QR_KIND.orgAuth:
    case LICENCE_QR_KIND.changeAuth:
      await bindLicence(trx, row.org_id, row.user_id, now);
      await orgChanged();
      return true;
    case LICENCE_QR_KIND.bizAuth:
      // What the organisation may open rests on it.
      await orgChanged();
      return true;
    case LICENCE_QR_KIND.bindAuth:
    case LICENCE_QR_KIND.confirmAuth: {
      if (!row.apply_record_id) return false;
      const bind = row.kind === LICENCE_QR_KIND.bindAuth;
      const roles: ApplyRole[] = bind ? [APPLY_ROLE.admin] : (JSON.parse(row.roles ?? '[]') as ApplyRole[]);
      const outcome = await decideApplyRecord(trx, {
        id: row.apply_record_id,
        orgId: row.org_id,
        decision: { to: APPLY_RECORD_STATUS.authorised, roles },
        decidedBy: bind ? null : row.user_id,
        now,
      });
      if (outcome.kind !== 'done' || !outcome.changed) return false;
      // Scanning the organisation's licence proves it, whoever asked for the scan.
      await bindLicence(trx, row.org_id, bind ? outcome.record.applicantUserId : null, now);
      await app.realtime.publishToOrg(
        row.org_id,
        { type: REALTIME_EVENT.applyRecord, payload: { id: row.apply_record_id } },
        trx,
      );
      await orgChanged();
      await app.realtime.publishToUser(
        outcome.record.applicantUserId,
        { type: REALTIME_EVENT.organization, payload: {} },
        trx,
      );
      return true;
    }
    default:
      return false;
  }
}

/** Marks waiting sessions past their expiry as expired and tells their users; each moves once on any node. */
export async function expireDueLicenceQrs(app: FastifyInstance): Promise<number> {
  const now = app.now();
  const due = await app.db
    .selectFrom('licence_qr_sessions')
    .select(['id', 'kind', 'user_id', 'expires_at'])
    .where('status', '=', LICENCE_SESSION_STATE.pending)
    .where('expires_at', '<=', now)
    .limit(EXPIRY_BATCH)
    .execute();
  let expired = 0;
  for (const session of due) {
    const moved = await app.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('licence_qr_sessions')
        .set({ status: LICENCE_SESSION_STATE.expired, decided_at: now })
        .where('id', '=', session.id)
        .where('status', '=', LICENCE_SESSION_STATE.pending)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await publishResult(
        app,
        trx,
        session.user_id,
        licenceEventOf({ ...session, status: LICENCE_SESSION_STATE.expired }, now),
      );
      return true;
    });
    if (moved) expired++;
  }
  return expired;
}

function scheduleExpiryPush(app: FastifyInstance, delayMs: number): void {
  const timers = app.verificationTimers;
  const timer = setTimeout(() => {
    timers.delete(timer);
    expireDueLicenceQrs(app).catch((error: unknown) =>
      app.log.error({ err: error }, 'licence QR expiry failed'),
    );
  }, delayMs);
  timer.unref();
  timers.add(timer);
}

const sandboxQuery = (app: FastifyInstance) =>
  app.db
    .selectFrom('licence_qr_sessions as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .innerJoin('organizations as o', 'o.id', 'q.org_id')
    .select([
      'q.id',
      'q.kind',
      'q.status',
      'q.expires_at',
      'q.created_at',
      'u.name as userName',
      'u.mobile as userMobile',
      'o.name as orgName',
    ]);
type SandboxRow = Awaited<ReturnType<ReturnType<typeof sandboxQuery>['executeTakeFirstOrThrow']>>;

const sandboxQrOf = (row: SandboxRow, now: number): SandboxQr => ({
  qrId: row.id,
  status: licenceEventOf(row, now).status,
  operationName: LICENCE_OPERATION_NAME[row.kind as LicenceQrKind],
  userName: row.userName,
  userMobile: maskMobile(row.userMobile),
  orgName: row.orgName,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  authItem: LICENCE_AUTH_ITEM,
});

/** What the licence app shows before the holder answers: the organisation, who asks, and the item. */
export async function sandboxLicenceQr(app: FastifyInstance, qrId: string): Promise<SandboxQr | null> {
  const row = await sandboxQuery(app).where('q.id', '=', qrId).executeTakeFirst();
  return row ? sandboxQrOf(row, app.now()) : null;
}

export async function pendingSandboxLicenceQrs(app: FastifyInstance, limit: number): Promise<SandboxQr[]> {
  const now = app.now();
  const rows = await sandboxQuery(app)
    .where('q.status', '=', LICENCE_SESSION_STATE.pending)
    .where('q.expires_at', '>', now)
    .orderBy('q.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => sandboxQrOf(row, now));
}

/** The organisation as the authentication tab shows it. */
export async function orgLicenceState(db: Db, orgId: string): Promise<OrgLicenceState> {
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'credit_code', 'authorized', 'bound', 'licence_auth_at'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return {
    orgName: org.name,
    creditCode: org.credit_code,
    authorized: org.authorized === 1,
    bound: org.bound === 1,
    licenceAuthAt: org.licence_auth_at == null ? null : Number(org.licence_auth_at),
    bizTypes: await authorisedBusinessesOf(db, orgId),
  };
}

/** The businesses the organisation's licence holder authorised (业务授权), each once. */
export async function authorisedBusinessesOf(db: Db, orgId: string): Promise<LicenceBizType[]> {
  const rows = await db
    .selectFrom('licence_qr_sessions')
    .select('biz_type')
    .distinct()
    .where('org_id', '=', orgId)
    .where('kind', '=', LICENCE_QR_KIND.bizAuth)
    .where('status', '=', LICENCE_SESSION_STATE.confirmed)
    .orderBy('biz_type')
    .execute();
  return rows.flatMap((row) => (row.biz_type ? [row.biz_type as LicenceBizType] : []));
}
