import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  APPLY_RECORD_STATUS,
  AUTH_LETTER_MAX_BYTES,
  CREDIT_CODE_LENGTH,
  type ApplyRecordStatus,
  APPLY_RECORD_URL,
} from '@contract/apply-record';
import {
  ApplyRecord,
  ApplyRecordParams,
  ApplyRecordQuery,
  ApplyRequest,
  AuthoriseRequest,
  RefuseRequest,
} from '@contract/apply-record-schemas';
import { ApiError, Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { REALTIME_EVENT } from '@contract/realtime';
import type { Db } from '../../db/database';
import { authOf } from '../../lib/auth';
import { attachment } from '../../lib/content-disposition';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { notFoundInOrg, requireOwner } from '../../lib/tenant';
import { checkedLetter } from './letter-check';
import { letterFileName, sniffLetterType } from './letter-type';
import {
  applicationsOf,
  authLetterKey,
  createApplyRecord,
  decideApplyRecord,
  applyRecordPage,
  recordOfApplicant,
  recordOfOrg,
  recordOrgOf,
  setAuthLetter,
  type Decision,
  type StoredRecord,
} from './service';
import { ORG_KIND } from '@contract/institution';

/** Applications one user may send per hour: a person applies to a few organisations, a script to many. */
export const APPLY_LIMIT = { limit: 20, windowMs: 60 * 60_000 } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a file of any type, not JSON (the fuzz test sends such routes files, not JSON). */
    fileUpload?: boolean;
  }
}

export const APPLY_RECORD_MSG = {
  orgNotFound: '未找到该统一社会信用代码对应的企业',
  creditCodeInvalid: '请输入18位统一社会信用代码',
  alreadyMember: '您已是该企业的成员',
  applied: '申请已提交，请等待企业管理员审核',
  alreadyApplied: '您已提交过申请，请等待企业管理员审核',
  notFound: '申请记录不存在',
  letterUnreadable: '授权书文件无法识别，请上传完整的PDF、JPG或PNG文件',
  reasonRequired: '请填写拒绝原因',
  decided: '该申请已处理，无法再次操作',
  closed: '申请已关闭',
  refused: '已拒绝该申请',
  authorised: '已授权，申请人已加入企业',
  letterEmpty: '请选择授权书文件',
  letterType: '授权书仅支持PDF、JPG、PNG格式的文件',
  letterTooLarge: '授权书文件不能超过5MB',
  letterSaved: '授权书已上传',
  letterNotFound: '尚未上传授权书',
} as const;

const STATUS_NAME: Record<ApplyRecordStatus, string> = {
  PENDING: '待审核',
  AUTHORISED: '已授权',
  REFUSED: '已拒绝',
  CLOSED: '已关闭',
};

const tooMany = (retryAfterMs: number) =>
  fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });

/** The 404 for a record the caller may not see; an id of another organisation is logged. */
const notFound = async (request: FastifyRequest, db: Db, id: string) =>
  notFoundInOrg(request, 'apply_record', await recordOrgOf(db, id), APPLY_RECORD_MSG.notFound);

/** The owner's record or 404; an id of another organisation is logged as a cross-organisation attempt. */
async function ownRecord(request: FastifyRequest, db: Db, id: string, orgId: string): Promise<StoredRecord> {
  const record = await recordOfOrg(db, id, orgId);
  if (record) return record;
  throw await notFound(request, db, id);
}

const decidedFailure = (status: ApplyRecordStatus) =>
  fail(API_ERROR.applyRecordDecided, `${APPLY_RECORD_MSG.decided}（当前状态：${STATUS_NAME[status]}）`);

const DECISION_SCHEMA_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;

/**
 * Applications to join an organisation (spec section 7, states in contract/apply-record.ts). Applying and
 * one's own applications are for any signed-in user; the organisation's list, detail and decisions are for
 * its administrators (owners) only, and see only that organisation's records.
 */
export const applyRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  /** Publishes that the organisation's records changed, to its members' tabs, with the transaction. */
  const announce = (trx: Db, orgId: string, id: string) =>
    app.realtime.publishToOrg(orgId, { type: REALTIME_EVENT.applyRecord, payload: { id } }, trx);

  app.post(
    APPLY_RECORD_URL.apply,
    {
      config: { idempotent: true },
      schema: {
        body: ApplyRequest,
        response: {
          200: Envelope(ApplyRecord),
          201: Envelope(ApplyRecord),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postApplyRecordApply(request, reply) {
      const { userId } = authOf(request);
      const creditCode = request.body.creditCode.replace(/\s+/g, '').toUpperCase();
      if (creditCode.length !== CREDIT_CODE_LENGTH)
        throw fail(API_ERROR.badRequest, APPLY_RECORD_MSG.creditCodeInvalid);
      const decision = await hitRateLimit(
        app.db,
        `apply-record:${userId}`,
        APPLY_LIMIT.limit,
        APPLY_LIMIT.windowMs,
        app.now(),
      );
      if (!decision.allowed) {
        logSecurityEvent(request, SECURITY_EVENT.rateLimited, { userId, reason: 'apply-record' });
        throw tooMany(decision.retryAfterMs);
      }
      const org = await app.db
        .selectFrom('organizations')
        .select('id')
        .where('credit_code', '=', creditCode)
        // An institution has no staff on the platform: nobody joins it.
        .where('kind', '=', ORG_KIND.enterprise)
        .executeTakeFirst();
      if (!org) throw fail(API_ERROR.notFound, APPLY_RECORD_MSG.orgNotFound);
      return runCommand(request, reply, async (trx) => {
        const outcome = await createApplyRecord(trx, {
          userId,
          orgId: org.id,
          remark: request.body.remark?.trim() ?? '',
          now: app.now(),
        });
        if (outcome.kind === 'already_member')
          throw fail(API_ERROR.alreadyMember, APPLY_RECORD_MSG.alreadyMember);
        if (outcome.kind === 'existing')
          return { statusCode: 200, body: ok(outcome.record.view, APPLY_RECORD_MSG.alreadyApplied) };
        await announce(trx, org.id, outcome.record.view.id);
        return {
          statusCode: 201,
          body: { code: 201, msg: APPLY_RECORD_MSG.applied, data: outcome.record.view },
        };
      });
    },
  );

  app.get(
    APPLY_RECORD_URL.mine,
    { schema: { response: { 200: Envelope(Type.Array(ApplyRecord)), ...AUTHENTICATED_ERRORS } } },
    async function getApplyRecordMine(request) {
      return ok(await applicationsOf(app.db, authOf(request).userId));
    },
  );

  app.get(
    APPLY_RECORD_URL.list,
    {
      schema: {
        querystring: ApplyRecordQuery,
        response: { 200: Envelope(Page(ApplyRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getApplyRecordList(request) {
      return answerList(
        request,
        (member, page) => applyRecordPage(app.db, member.orgId, request.query, page),
        {
          readBy: 'owner',
        },
      );
    },
  );

  app.get(
    APPLY_RECORD_URL.detail,
    {
      schema: {
        params: ApplyRecordParams,
        response: {
          200: Envelope(ApplyRecord),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getApplyRecordDetail(request) {
      const { orgId } = requireOwner(request);
      return ok((await ownRecord(request, app.db, request.params.id, orgId)).view);
    },
  );

  /** Runs one decision as an idempotent command: a repeat of the same move answers the record as it is. */
  const decide = async (
    request: FastifyRequest,
    reply: Parameters<typeof runCommand>[1],
    id: string,
    decision: Decision,
    msg: string,
  ) => {
    const owner = requireOwner(request);
    return runCommand(request, reply, async (trx) => {
      const outcome = await decideApplyRecord(trx, {
        id,
        orgId: owner.orgId,
        decision,
        decidedBy: owner.userId,
        now: app.now(),
      });
      if (outcome.kind === 'not_found') throw await notFound(request, trx, id);
      if (outcome.kind === 'decided') throw decidedFailure(outcome.status);
      if (outcome.changed) {
        await announce(trx, owner.orgId, id);
        // The applicant's tabs reload their company list: they may have just joined.
        await app.realtime.publishToUser(
          outcome.record.applicantUserId,
          { type: REALTIME_EVENT.organization, payload: {} },
          trx,
        );
      }
      return { statusCode: 200, body: ok(outcome.record.view, msg) };
    });
  };

  app.put(
    APPLY_RECORD_URL.close,
    {
      config: { idempotent: true },
      schema: {
        params: ApplyRecordParams,
        response: { 200: Envelope(ApplyRecord), ...DECISION_SCHEMA_ERRORS },
      },
    },
    async function putApplyRecordClose(request, reply) {
      return decide(
        request,
        reply,
        request.params.id,
        { to: APPLY_RECORD_STATUS.closed },
        APPLY_RECORD_MSG.closed,
      );
    },
  );

  app.put(
    APPLY_RECORD_URL.refuse,
    {
      config: { idempotent: true },
      schema: {
        params: ApplyRecordParams,
        body: RefuseRequest,
        response: { 200: Envelope(ApplyRecord), ...DECISION_SCHEMA_ERRORS },
      },
    },
    async function putApplyRecordRefuse(request, reply) {
      const reason = request.body.reason.trim();
      if (!reason) throw fail(API_ERROR.badRequest, APPLY_RECORD_MSG.reasonRequired);
      return decide(
        request,
        reply,
        request.params.id,
        { to: APPLY_RECORD_STATUS.refused, reason },
        APPLY_RECORD_MSG.refused,
      );
    },
  );

  app.put(
    APPLY_RECORD_URL.auth,
    {
      config: { idempotent: true },
      schema: { body: AuthoriseRequest, response: { 200: Envelope(ApplyRecord), ...DECISION_SCHEMA_ERRORS } },
    },
    async function putApplyRecordAuth(request, reply) {
      return decide(
        request,
        reply,
        request.body.id,
        { to: APPLY_RECORD_STATUS.authorised, roles: request.body.roles },
        APPLY_RECORD_MSG.authorised,
      );
    },
  );

  /**
   * Who may see or replace a record's letter: an administrator of its organisation, or the applicant of their
   * own record. Anyone else gets the same 404 as a missing record.
   */
  const letterRecord = async (request: FastifyRequest, id: string) => {
    const { userId, orgId, owner } = authOf(request);
    const asAdmin = orgId !== null && owner ? await recordOfOrg(app.db, id, orgId) : null;
    if (asAdmin) return { record: asAdmin, reread: () => recordOfOrg(app.db, id, asAdmin.view.orgId) };
    const asApplicant = await recordOfApplicant(app.db, id, userId);
    if (asApplicant) return { record: asApplicant, reread: () => recordOfApplicant(app.db, id, userId) };
    throw await notFound(request, app.db, id);
  };

  // The letter is the request body itself, whatever Content-Type is declared: it is sniffed anyway. Its own
  // scope, so every other route keeps refusing bodies that are not JSON.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_LETTER_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.post(
      APPLY_RECORD_URL.authLetter,
      {
        config: { fileUpload: true },
        bodyLimit: AUTH_LETTER_MAX_BYTES,
        // A declared length over the limit is refused before a byte is read, with the limit named.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > AUTH_LETTER_MAX_BYTES)
            throw fail(API_ERROR.payloadTooLarge, APPLY_RECORD_MSG.letterTooLarge);
        },
        schema: {
          params: ApplyRecordParams,
          response: {
            200: Envelope(ApplyRecord),
            ...DECISION_SCHEMA_ERRORS,
            413: ApiError,
            415: ApiError,
          },
        },
      },
      async function postApplyRecordAuthLetter(request) {
        const { record, reread } = await letterRecord(request, request.params.id);
        const body: unknown = request.body;
        if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0))
          throw fail(API_ERROR.badRequest, APPLY_RECORD_MSG.letterEmpty);
        // A JSON or form body was parsed as such: it is not a file of the kinds accepted.
        const type = Buffer.isBuffer(body) ? sniffLetterType(body) : null;
        if (!Buffer.isBuffer(body) || !type)
          throw fail(API_ERROR.unsupportedMediaType, APPLY_RECORD_MSG.letterType);
        if (record.view.status !== APPLY_RECORD_STATUS.pending) throw decidedFailure(record.view.status);
        const letter = await checkedLetter(body, type);
        if (!letter) throw fail(API_ERROR.unsupportedMediaType, APPLY_RECORD_MSG.letterUnreadable);
        await app.adapters.files.put(authLetterKey(record.view.id), letter);
        const saved = await setAuthLetter(app.db, { id: record.view.id, type, size: letter.length });
        const updated = await reread();
        if (!updated) throw fail(API_ERROR.notFound, APPLY_RECORD_MSG.notFound);
        // Decided while the file was being stored: the record keeps no letter (the stored file is replaced or
        // deleted with the record; nobody can fetch it without the type recorded).
        if (!saved) throw decidedFailure(updated.view.status);
        return ok(updated.view, APPLY_RECORD_MSG.letterSaved);
      },
    );
  });

  app.get(
    APPLY_RECORD_URL.authLetter,
    {
      schema: {
        params: ApplyRecordParams,
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'PDF, JPEG or PNG' }),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getApplyRecordAuthLetter(request, reply) {
      const { record } = await letterRecord(request, request.params.id);
      const type = record.view.authLetterType;
      const file = type ? await app.adapters.files.get(authLetterKey(record.view.id)) : null;
      if (!type || !file) throw fail(API_ERROR.notFound, APPLY_RECORD_MSG.letterNotFound);
      return reply
        .header('Content-Type', type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachment(letterFileName(type), letterFileName(type)))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  );
};
