import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import {
  INSTITUTION_URL,
  SANDBOX_APPLICATION_STATE,
  type SandboxApplicationState,
} from '@contract/institution';
import { SandboxInstitutionAnswer, SandboxInstitutionApplication } from '@contract/institution-schemas';
import type { InstitutionApplication } from '../../adapters/institution/gateway';
import { SANDBOX_REFUSAL_TEXT, SandboxInstitutionGateway } from '../../adapters/institution/sandbox';
import type { SandboxInstitutionApplicationTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { fenToYuan } from '../../lib/money';
import { ERRORS, ok } from '../../lib/responses';
import { isoTime } from '../../lib/shanghai-time';
import { TASK_STATUS } from '../../lib/task-queue';
import { institutionList } from './registry';
import { INSTITUTION_MSG } from './messages';

const LIST_LIMIT = 50;

function stateOf(row: SandboxInstitutionApplicationTable): SandboxApplicationState {
  if (row.status === TASK_STATUS.failed) return SANDBOX_APPLICATION_STATE.failed;
  if (row.status === TASK_STATUS.done) {
    return (row.outcome ?? SANDBOX_APPLICATION_STATE.withdrawn) as SandboxApplicationState;
  }
  const answering = row.status === TASK_STATUS.pending || Number(row.attempts) > 0;
  return answering ? SANDBOX_APPLICATION_STATE.answering : SANDBOX_APPLICATION_STATE.waiting;
}

/**
 * The sandbox institutions' calls (registered with the other sandbox routes, so only when the sandbox is
 * on): the applications they are to answer with what their policy would say, and a developer's answer in
 * their place. No sign-in: the institutions are someone else's.
 */
export const institutionSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    const retryAfter = await hitSandboxLimit(request, 'sandbox-institution');
    if (retryAfter !== null) {
      throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
    }
  });
  const sandbox = () => {
    const institution = app.adapters.institution;
    if (!(institution instanceof SandboxInstitutionGateway)) throw fail(API_ERROR.notFound, MSG.notFound);
    return institution;
  };

  app.get(
    INSTITUTION_URL.sandboxApplications,
    {
      schema: {
        response: { 200: Envelope(Type.Array(SandboxInstitutionApplication)), ...ERRORS.tooMany },
      },
    },
    async function getSandboxInstitutionApplications() {
      const gateway = sandbox();
      const [rows, institutions] = await Promise.all([
        gateway.applications(LIST_LIMIT),
        institutionList(app.db),
      ]);
      const names = new Map(institutions.map((i) => [i.orgId, i.name]));
      return ok(
        rows.map((row): SandboxInstitutionApplication => {
          const application = JSON.parse(row.body) as InstitutionApplication;
          const policy = gateway.policyAnswer(application);
          const state = stateOf(row);
          const waiting = state === SANDBOX_APPLICATION_STATE.waiting;
          return {
            id: row.id,
            act: row.act,
            institutionName: names.get(row.institution_org_id) ?? '',
            applicantName: application.applicantName,
            billNo: application.bill.billNo,
            acceptorName: application.bill.acceptorName,
            amount: fenToYuan(application.bill.amountFen),
            maturityDate: application.bill.maturityDate,
            annualRate: application.annualRate,
            clearing: application.clearing,
            createdAt: isoTime(Number(row.created_at)),
            dueAt: waiting && row.lease_expires_at !== null ? isoTime(Number(row.lease_expires_at)) : null,
            state,
            remark: row.remark,
            policy:
              policy.decision === 'sign'
                ? { decision: 'sign', annualRate: policy.annualRate, reason: null, remark: null }
                : {
                    decision: 'refuse',
                    annualRate: null,
                    reason: policy.reason,
                    remark: SANDBOX_REFUSAL_TEXT[policy.reason],
                  },
          };
        }),
      );
    },
  );

  app.post(
    INSTITUTION_URL.sandboxAnswer,
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        body: SandboxInstitutionAnswer,
        response: {
          200: Envelope(Type.Null()),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postSandboxInstitutionAnswer(request) {
      const gateway = sandbox();
      const exists = await app.db
        .selectFrom('sandbox_institution_applications')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!exists) throw fail(API_ERROR.notFound, INSTITUTION_MSG.applicationUnknown);
      const answered = await gateway.answerByHand(request.params.id, request.body);
      if (!answered) throw fail(API_ERROR.conflict, INSTITUTION_MSG.applicationAnswered);
      return ok(null, INSTITUTION_MSG.answered);
    },
  );
};
