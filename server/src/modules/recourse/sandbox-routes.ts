import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '@contract/bills-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { RECOURSE_URL } from '@contract/recourse';
import {
  RecourseCandidate,
  RecourseRecord,
  SandboxRecourseAnswer,
  SandboxRecourseNotifyRequest,
} from '@contract/recourse-schemas';
import { SandboxInstitutionGateway } from '../../adapters/institution/sandbox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { ERRORS, ok } from '../../lib/responses';
import type { CommandScope } from '../bills/service';
import { institutionOf } from '../institution/service';
import { pledgeById } from '../pledge/service';
import { notifyAsPledgee, recourseCommands, rejectRecourse, withdrawRecourse } from './commands';
import { RECOURSE_MSG } from './messages';
import { institutionNotices, pledgeeCandidate } from './queries';

const LIST_LIMIT = 50;

/** The scope of an institution's own act, with no member, as a bank's system acts through its adapter. */
const asInstitution =
  (app: FastifyInstance, orgId: string) =>
  (trx: Db): CommandScope => ({
    trx,
    now: app.now(),
    actor: { orgId, userId: null },
    realtime: app.realtime,
  });

/**
 * 追索 by a pledgee (docs/domain.md, recourse by a pledgee), the institution's side through the sandbox
 * (registered with the other sandbox routes, so only when the sandbox is on): its notice for a pledged range
 * refused at maturity (and, for its form, what it may pursue), its answer to a 同意清偿 and its withdrawal, in
 * the institution's place, and the notices the institutions sent, to find what waits on them. Only an
 * institution's notices are reachable here: an enterprise's answers as a missing one. No sign-in: the
 * institutions are someone else's.
 */
export const recourseSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    const retryAfter = await hitSandboxLimit(request, 'sandbox-institution-recourse');
    if (retryAfter !== null) {
      throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
    }
    if (!(app.adapters.institution instanceof SandboxInstitutionGateway)) {
      throw fail(API_ERROR.notFound, MSG.notFound);
    }
  });
  const { signRecourse } = recourseCommands(app.adapters.settlement);

  /** The institution pursuing on the notice; 404 for no such notice, or one an enterprise sent. */
  const pursuerOf = async (noticeId: string) => {
    const notice = await app.db
      .selectFrom('recourse_notices')
      .select('pursuer_org_id')
      .where('id', '=', noticeId)
      .executeTakeFirst();
    if (!notice || !(await institutionOf(app.db, notice.pursuer_org_id)))
      throw fail(API_ERROR.notFound, RECOURSE_MSG.notFound);
    return asInstitution(app, notice.pursuer_org_id);
  };
  const ANSWER_ERRORS = {
    ...ERRORS.badRequest,
    ...ERRORS.forbidden,
    ...ERRORS.notFound,
    ...ERRORS.conflict,
    ...ERRORS.tooMany,
  } as const;

  app.get(
    RECOURSE_URL.sandboxNotices,
    { schema: { response: { 200: Envelope(Type.Array(RecourseRecord)), ...ERRORS.tooMany } } },
    async function getSandboxRecourseNotices() {
      return ok(await institutionNotices(app.db, LIST_LIMIT, app.now()));
    },
  );

  app.get(
    RECOURSE_URL.sandboxNotify,
    {
      schema: {
        params: IdParams,
        response: {
          200: Envelope(RecourseCandidate),
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function getSandboxPledgeeRecourse(request) {
      const candidate = await pledgeeCandidate(app.db, request.params.id, app.now());
      if (candidate === undefined) throw fail(API_ERROR.notFound, RECOURSE_MSG.pledgeNotFound);
      if (candidate === null) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
      return ok(candidate);
    },
  );

  app.post(
    RECOURSE_URL.sandboxNotify,
    {
      schema: {
        params: IdParams,
        body: SandboxRecourseNotifyRequest,
        response: { 200: Envelope(Type.Array(Type.String())), ...ANSWER_ERRORS },
      },
    },
    async function postSandboxRecourseNotify(request) {
      const pledge = await pledgeById(app.db, request.params.id);
      if (!pledge) throw fail(API_ERROR.notFound, RECOURSE_MSG.pledgeNotFound);
      const pledgee = asInstitution(app, pledge.pledgee_org_id);
      const rows = await app.db
        .transaction()
        .execute((trx) =>
          notifyAsPledgee(pledgee(trx), { pledgeId: pledge.application_id, ...request.body }),
        );
      return ok(
        rows.map((row) => row.id),
        RECOURSE_MSG.notified,
      );
    },
  );

  app.post(
    RECOURSE_URL.sandboxAnswer,
    {
      schema: {
        params: IdParams,
        body: SandboxRecourseAnswer,
        response: { 200: Envelope(Type.Null()), ...ANSWER_ERRORS },
      },
    },
    async function postSandboxRecourseAnswer(request) {
      const pursuer = await pursuerOf(request.params.id);
      const { body } = request;
      if (body.decision === 'sign') {
        const outcome = await app.db
          .transaction()
          .execute((trx) => signRecourse(pursuer(trx), request.params.id));
        return ok(
          null,
          outcome.paid ? RECOURSE_MSG.signed : (outcome.notice.reject_reason ?? RECOURSE_MSG.rejected),
        );
      }
      await app.db
        .transaction()
        .execute((trx) => rejectRecourse(pursuer(trx), { id: request.params.id, reason: body.reason }));
      return ok(null, RECOURSE_MSG.rejected);
    },
  );

  app.post(
    RECOURSE_URL.sandboxWithdraw,
    { schema: { params: IdParams, response: { 200: Envelope(Type.Null()), ...ANSWER_ERRORS } } },
    async function postSandboxRecourseWithdraw(request) {
      const pursuer = await pursuerOf(request.params.id);
      await app.db.transaction().execute((trx) => withdrawRecourse(pursuer(trx), request.params.id));
      return ok(null, RECOURSE_MSG.withdrawn);
    },
  );
};
