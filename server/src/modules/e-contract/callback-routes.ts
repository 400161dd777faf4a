import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ECONTRACT_URL } from '@contract/e-contract';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { ERRORS } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { ECONTRACT_MSG } from './messages';
import { announceContract, applyFlowEvent } from './service';

/**
 * `POST /api/edoc/callback`: the provider's flow events. Not a way in: no sign-in, but nothing is read or
 * changed before the HMAC over the timestamp and the raw body checks out within the time window; the event
 * is applied once (a replay answers 200 and changes nothing), so the provider's retries are harmless.
 */
export const eContractCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The signature is over the bytes as sent: the body is kept raw and parsed only once it checks out.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    ECONTRACT_URL.callback,
    {
      config: { rawBody: true },
      schema: {
        response: {
          200: Type.Object({ code: Type.Number(), msg: Type.String() }),
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.internal,
        },
      },
    },
    async function postEContractCallback(request, reply) {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const reading = await app.adapters.esign.readCallback({
        headers: request.headers,
        query: request.query as Record<string, string | string[] | undefined>,
        rawBody: raw,
        now: app.now(),
      });
      if (reading.kind === 'rejected') {
        if (reading.reason === 'body') throw fail(API_ERROR.badRequest, ECONTRACT_MSG.callbackRejected);
        logSecurityEvent(request, SECURITY_EVENT.callbackRejected, { reason: reading.reason });
        return reply
          .code(401)
          .send({ error: 'invalid_token', error_description: ECONTRACT_MSG.callbackRejected });
      }
      if (reading.kind === 'ignored') return { code: 200, msg: 'ignored' };
      const event = reading.event;
      const outcome = await applyFlowEvent(
        {
          db: app.db,
          files: app.adapters.files,
          now: app.now(),
          announce: (trx, row) => announceContract(app, trx, row),
        },
        event,
      );
      request.log.info({ flowId: event.flowId, outcome }, 'e-sign callback');
      return { code: 200, msg: outcome };
    },
  );
};
