import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { billRange } from '@contract/bills';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { FREEZE_URL } from '@contract/freeze';
import { SandboxFreezeOrder, SandboxFreezeResult, SandboxLiftOrder } from '@contract/freeze-schemas';
import { Type } from 'typebox';
import type { FreezeOutcome } from '../../adapters/registry/gateway';
import { SandboxBillRegistryGateway } from '../../adapters/registry/sandbox';
import { fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { fenToYuan } from '../../lib/money';
import { ERRORS, ok } from '../../lib/responses';

const resultOf = (outcome: FreezeOutcome): SandboxFreezeResult => ({
  id: outcome.id,
  status: outcome.status,
  range: billRange(outcome.splittable, outcome.subStart, outcome.subEnd),
  amount: fenToYuan(outcome.subEnd - outcome.subStart + 1),
});

/**
 * The sandbox registry's calls (registered with the other sandbox routes, so only when the sandbox is on, and
 * a production start never has them): an operator or a test delivers an authority's freeze or lift order.
 */
export const freezeSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sandbox = () => {
    const registry = app.adapters.registry;
    if (!(registry instanceof SandboxBillRegistryGateway)) throw fail(API_ERROR.notFound, MSG.notFound);
    return registry;
  };
  const errors = { ...ERRORS.notFound, ...ERRORS.conflict, ...ERRORS.badRequest } as const;

  app.post(
    FREEZE_URL.sandboxFreeze,
    { schema: { body: SandboxFreezeOrder, response: { 200: Envelope(SandboxFreezeResult), ...errors } } },
    async function postSandboxFreeze(request) {
      return ok(resultOf(await sandbox().register(request.body)));
    },
  );

  app.post(
    FREEZE_URL.sandboxLift,
    {
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: SandboxLiftOrder,
        response: { 200: Envelope(SandboxFreezeResult), ...errors },
      },
    },
    async function postSandboxLift(request) {
      return ok(resultOf(await sandbox().lift({ ...request.body, freezeId: request.params.id })));
    },
  );
};
