import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACT_BIZ_TYPE, ECONTRACT_URL } from '@contract/e-contract';
import { Contract, SandboxContractRequest } from '@contract/e-contract-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanToFen } from '../../lib/money';
import { ERRORS } from '../../lib/responses';
import { ECONTRACT_MSG } from './messages';
import { contractView, orgExists } from './queries';
import { draftContract, PLATFORM_CREDIT_CODE } from './service';

/**
 * Sandbox: drafts an organisation agreement for an organisation, as the company centre's agreements will
 * once they exist, so contracts can be signed on one machine.
 */
export const eContractSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    ECONTRACT_URL.sandboxAgreement,
    {
      schema: {
        body: SandboxContractRequest,
        response: { 201: Envelope(Contract), ...ERRORS.badRequest, ...ERRORS.notFound },
      },
    },
    async function postEContractSandboxAgreement(request, reply) {
      const orgId = request.body.orgId;
      if (!(await orgExists(app.db, orgId))) throw fail(API_ERROR.notFound, ECONTRACT_MSG.contractNotFound);
      const amountFen = yuanToFen(request.body.amount ?? '12000.00') ?? 0;
      const row = await draftContract(
        { db: app.db, files: app.adapters.files, now: app.now() },
        {
          orgId,
          bizType: CONTRACT_BIZ_TYPE.orgAgreement,
          bizId: newId(),
          counterparty: { name: app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
          amountFen,
        },
      );
      return reply.code(201).send({ code: 201, msg: '已生成合同', data: contractView(row) });
    },
  );
};
