import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { AUTH_LETTER_TYPE } from '@contract/apply-record';
import { IdParams } from '@contract/bills-schemas';
import { CLEARING } from '@contract/discount';
import { ApiError, Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { RECOURSE_ATTACHMENT_MAX_BYTES, RECOURSE_SIDE, RECOURSE_URL } from '@contract/recourse';
import {
  RecourseAgreeRequest,
  RecourseAttachment,
  RecourseCandidate,
  RecourseCandidatesQuery,
  RecourseListQuery,
  RecourseNotifyRequest,
  RecourseRecord,
  RecourseRejectRequest,
} from '@contract/recourse-schemas';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/database';
import { attachment as asAttachment } from '../../lib/content-disposition';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import { checkedLetter, sniffLetterType } from '../apply-record/service';
import { ledgerActRoute, recordAnswer, type Checked } from '../bills/service';
import {
  agreeRecourse,
  notifyRecourse,
  recourseCommands,
  rejectRecourse,
  withdrawRecourse,
  type AgreeInput,
  type NoticeRow,
  type NotifyInput,
  type RejectInput,
  type SignOutcome,
} from './commands';
import { RECOURSE_MSG } from './messages';
import { recourseById, recourseCandidates, recoursePage } from './queries';
import { RECOURSE_LIST_READ_BY } from './service';

const attachmentKey = (id: string) => `recourse/${id}`;
const PROOF_EXTENSION: Record<string, string> = {
  [AUTH_LETTER_TYPE.pdf]: 'pdf',
  [AUTH_LETTER_TYPE.jpeg]: 'jpg',
  [AUTH_LETTER_TYPE.png]: 'png',
};

/**
 * 追索 on the wire: the holder's notices, the pursued party's 同意清偿, the holder's refusal or signature (each
 * a ledger act: checked before its QR or SMS confirmation, one idempotent transaction), both sides' lists,
 * the holder's ranges under recourse, and the proof of a 非拒付追索. Every call is the 票据追索 permission's,
 * within the caller's organisation: another's notice answers as a missing one.
 */
export const recourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const { signRecourse } = recourseCommands(app.adapters.settlement);
  const member = (request: Parameters<typeof requirePermission>[0]) =>
    requirePermission(request, PERMISSION.recourse.path);
  const recordOf = async (trx: Db, orgId: string, id: string) => {
    const record = await recourseById(trx, orgId, id, app.now());
    if (!record) throw fail(API_ERROR.notFound, RECOURSE_MSG.notFound);
    return record;
  };
  const COMMAND_ERRORS = {
    ...AUTHENTICATED_ERRORS,
    ...ERRORS.badRequest,
    ...ERRORS.forbidden,
    ...ERRORS.notFound,
    ...ERRORS.conflict,
  } as const;

  ledgerActRoute<{ Body: Static<typeof RecourseNotifyRequest> }, NotifyInput, Checked, NoticeRow[]>(app, {
    name: 'postRecourseNotify',
    url: RECOURSE_URL.notify,
    schema: {
      body: RecourseNotifyRequest,
      response: { 201: Envelope(Type.Array(RecourseRecord)), ...COMMAND_ERRORS },
    },
    member,
    input: ({ body }) => ({
      holdingId: body.holdingId,
      debtorOrgIds: body.debtorOrgIds,
      costs: body.costs,
      costsNote: body.costsNote,
      nonRefusalReason: body.nonRefusalReason,
      attachmentId: body.attachmentId,
    }),
    command: notifyRecourse,
    answer: async (trx, rows, _, caller) => ({
      statusCode: 201,
      body: {
        code: 201,
        msg: RECOURSE_MSG.notified,
        data: await Promise.all(rows.map((row) => recordOf(trx, caller.orgId, row.id))),
      },
    }),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof RecourseAgreeRequest> },
    AgreeInput,
    Checked,
    NoticeRow
  >(app, {
    name: 'postRecourseAgree',
    url: RECOURSE_URL.agree,
    schema: {
      params: IdParams,
      body: RecourseAgreeRequest,
      response: { 200: Envelope(RecourseRecord), ...COMMAND_ERRORS },
    },
    member,
    input: (request) => ({
      id: request.params.id,
      amount: request.body.amount,
      clearing: request.body.clearing ?? CLEARING.online,
    }),
    command: agreeRecourse,
    answer: recordAnswer(recordOf, RECOURSE_MSG.agreed),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof RecourseRejectRequest> },
    RejectInput,
    Checked,
    NoticeRow
  >(app, {
    name: 'postRecourseReject',
    url: RECOURSE_URL.reject,
    schema: {
      params: IdParams,
      body: RecourseRejectRequest,
      response: { 200: Envelope(RecourseRecord), ...COMMAND_ERRORS },
    },
    member,
    input: (request) => ({ id: request.params.id, reason: request.body.reason }),
    command: rejectRecourse,
    answer: recordAnswer(recordOf, RECOURSE_MSG.rejected),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, NoticeRow>(app, {
    name: 'postRecourseWithdraw',
    url: RECOURSE_URL.withdraw,
    schema: { params: IdParams, response: { 200: Envelope(RecourseRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => request.params.id,
    command: withdrawRecourse,
    answer: recordAnswer(recordOf, RECOURSE_MSG.withdrawn),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, SignOutcome>(app, {
    name: 'postRecourseSign',
    url: RECOURSE_URL.sign,
    schema: { params: IdParams, response: { 200: Envelope(RecourseRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => request.params.id,
    command: signRecourse,
    answer: async (trx, outcome, _, caller) => ({
      statusCode: 200,
      body: ok(
        await recordOf(trx, caller.orgId, outcome.notice.id),
        outcome.paid ? RECOURSE_MSG.signed : (outcome.notice.reject_reason ?? RECOURSE_MSG.rejected),
      ),
    }),
  });

  app.get(
    RECOURSE_URL.list,
    {
      schema: {
        querystring: RecourseListQuery,
        response: { 200: Envelope(Page(RecourseRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getRecourseList(request) {
      const { side, status, packageNo } = request.query;
      return answerList(
        request,
        async (caller, page) => {
          const { content, total } = await recoursePage(
            app.db,
            caller.orgId,
            page,
            { side: side ?? RECOURSE_SIDE.pursuer, status, packageNo },
            app.now(),
          );
          return { items: content, total };
        },
        { readBy: RECOURSE_LIST_READ_BY },
      );
    },
  );

  app.get(
    RECOURSE_URL.candidates,
    {
      schema: {
        querystring: RecourseCandidatesQuery,
        response: {
          200: Envelope(Type.Array(RecourseCandidate)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
        },
      },
    },
    async function getRecourseCandidates(request) {
      const caller = await member(request);
      return ok(await recourseCandidates(app.db, caller.orgId, app.now(), request.query.kind));
    },
  );

  // The proof is the request body itself, whatever Content-Type is declared: it is sniffed anyway. Its own
  // scope, so every other route keeps refusing bodies that are not JSON.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: RECOURSE_ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.post(
      RECOURSE_URL.attachment,
      {
        config: { fileUpload: true },
        bodyLimit: RECOURSE_ATTACHMENT_MAX_BYTES,
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > RECOURSE_ATTACHMENT_MAX_BYTES)
            throw fail(API_ERROR.payloadTooLarge, RECOURSE_MSG.attachmentTooLarge);
        },
        schema: {
          response: {
            201: Envelope(RecourseAttachment),
            ...AUTHENTICATED_ERRORS,
            ...ERRORS.badRequest,
            ...ERRORS.forbidden,
            413: ApiError,
            415: ApiError,
          },
        },
      },
      async function postRecourseAttachment(request, reply) {
        const caller = await member(request);
        const body: unknown = request.body;
        if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0))
          throw fail(API_ERROR.badRequest, RECOURSE_MSG.attachmentEmpty);
        const type = Buffer.isBuffer(body) ? sniffLetterType(body) : null;
        if (!Buffer.isBuffer(body) || !type)
          throw fail(API_ERROR.unsupportedMediaType, RECOURSE_MSG.attachmentType);
        const file = await checkedLetter(body, type);
        if (!file) throw fail(API_ERROR.unsupportedMediaType, RECOURSE_MSG.attachmentType);
        const id = newId();
        await app.adapters.files.put(attachmentKey(id), file);
        await app.db
          .insertInto('recourse_attachments')
          .values({ id, org_id: caller.orgId, type, size: file.length, created_at: app.now() })
          .execute();
        return reply
          .code(201)
          .send({ code: 201, msg: RECOURSE_MSG.attachmentSaved, data: { id, type, size: file.length } });
      },
    );
  });

  app.get(
    RECOURSE_URL.attachmentFile,
    {
      schema: {
        params: IdParams,
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'PDF, JPEG or PNG' }),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getRecourseAttachment(request, reply) {
      const caller = await member(request);
      const attachment = await app.db
        .selectFrom('recourse_attachments as f')
        .selectAll('f')
        .where('f.id', '=', request.params.id)
        .where((eb) =>
          eb.or([
            eb('f.org_id', '=', caller.orgId),
            eb.exists(
              eb
                .selectFrom('recourse_notices as n')
                .select('n.id')
                .whereRef('n.attachment_id', '=', 'f.id')
                .where('n.debtor_org_id', '=', caller.orgId),
            ),
          ]),
        )
        .executeTakeFirst();
      const file = attachment ? await app.adapters.files.get(attachmentKey(attachment.id)) : null;
      if (!attachment || !file) throw fail(API_ERROR.notFound, RECOURSE_MSG.proofNotFound);
      const proofName = `recourse-proof.${PROOF_EXTENSION[attachment.type] ?? 'bin'}`;
      return reply
        .header('Content-Type', attachment.type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', asAttachment(proofName, proofName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.stream);
    },
  );
};
