import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '@contract/bills-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PLEDGE_URL } from '@contract/pledge';
import { SandboxPledge, SandboxPledgePresentRequest } from '@contract/pledge-schemas';
import { SandboxInstitutionGateway } from '../../adapters/institution/sandbox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { ERRORS, ok } from '../../lib/responses';
import type { CommandScope } from '../bills/service';
import { presentAsPledgee } from '../payment/service';
import { applyRelease } from './commands';
import { PLEDGE_MSG } from './messages';
import { institutionPledges } from './queries';

const LIST_LIMIT = 50;

/**
 * The scope an act of the pledge's pledgee runs in, the institution acting with no member, as a bank's
 * system does through its adapter; 404 for no such pledge.
 */
async function asPledgee(app: FastifyInstance, pledgeId: string): Promise<(trx: Db) => CommandScope> {
  const pledge = await app.db
    .selectFrom('bill_pledges')
    .select('pledgee_org_id')
    .where('application_id', '=', pledgeId)
    .executeTakeFirst();
  if (!pledge) throw fail(API_ERROR.notFound, PLEDGE_MSG.pledgeNotFound);
  const actor = { orgId: pledge.pledgee_org_id, userId: null };
  return (trx) => ({ trx, now: app.now(), actor, realtime: app.realtime });
}

/**
 * The sandbox institutions' side of their pledges (registered with the other sandbox routes, so only when
 * the sandbox is on): the pledges they hold, a developer's request in their place that the pledgor release
 * one, as a bank's system would send it, and their presentation for payment of one that matured pledged. No sign-in: the institutions are someone else's.
 */
export const pledgeSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    const retryAfter = await hitSandboxLimit(request, 'sandbox-institution-pledge');
    if (retryAfter !== null) {
      throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
    }
    if (!(app.adapters.institution instanceof SandboxInstitutionGateway)) {
      throw fail(API_ERROR.notFound, MSG.notFound);
    }
  });

  app.get(
    PLEDGE_URL.sandboxPledges,
    { schema: { response: { 200: Envelope(Type.Array(SandboxPledge)), ...ERRORS.tooMany } } },
    async function getSandboxInstitutionPledges() {
      return ok(await institutionPledges(app.db, LIST_LIMIT));
    },
  );

  app.post(
    PLEDGE_URL.sandboxRelease,
    {
      schema: {
        params: IdParams,
        response: {
          200: Envelope(Type.Null()),
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postSandboxPledgeRelease(request) {
      const pledgee = await asPledgee(app, request.params.id);
      await app.db.transaction().execute((trx) => applyRelease(pledgee(trx), request.params.id));
      return ok(null, PLEDGE_MSG.releaseApplied);
    },
  );

  app.post(
    PLEDGE_URL.sandboxPresent,
    {
      schema: {
        params: IdParams,
        body: Type.Optional(SandboxPledgePresentRequest),
        response: {
          200: Envelope(Type.Null()),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postSandboxPledgePresent(request) {
      const pledgee = await asPledgee(app, request.params.id);
      await app.db.transaction().execute((trx) =>
        presentAsPledgee(pledgee(trx), {
          pledgeId: request.params.id,
          overdueReason: request.body?.overdueReason,
        }),
      );
      return ok(null, PLEDGE_MSG.presentedByPledgee);
    },
  );
};
