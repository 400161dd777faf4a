import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { AGREEMENT_STATUS, ORG_TEXT, ORG_URL } from '@contract/organization';
import {
  AgreementUpdate,
  OrgAgreement,
  ReleaseCheck,
  ReleaseCheckQuery,
  SignAgreementRequest,
} from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, requirePermission, type Member } from '../../lib/tenant';
import { signAgreement } from './commands';
import { lockAgreementContract, revokeReleasedAgreementContract } from './contracts';
import { AGREEMENT_MSG, SIGN_OPERATION } from './messages';
import {
  agreementInOrg,
  agreementOrgOf,
  agreementsOf,
  dependentsOf,
  lockOrgFunctions,
  offeredAgreements,
  signedAgreement,
  type AgreementRow,
} from './queries';

const AGREEMENT_PERMISSION = PERMISSION.companyCenter.path;
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;

async function ownAgreement(
  request: FastifyRequest,
  db: Db,
  member: Member,
  id: string,
): Promise<AgreementRow> {
  const row = await agreementInOrg(db, member.orgId, id);
  if (row) return row;
  throw notFoundInOrg(
    request,
    'org_agreement',
    await agreementOrgOf(request.server.db, id),
    AGREEMENT_MSG.notFound,
  );
}

/**
 * The platform's service agreements (签约, spec section 7: signing and staff). Signing is sensitive: the
 * licence holder's QR confirmation, or an SMS code where no licence is bound. Release (解约) is refused while
 * an opened function needs the agreement; opening a function is modules/org-function. Release needs no second
 * verification: it takes rights away and cannot happen while anything depends on it.
 */
export const agreementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    ORG_URL.sign,
    {
      schema: {
        response: { 200: Envelope(Type.Array(OrgAgreement)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getOrgSign(request) {
      const member = await requirePermission(request, AGREEMENT_PERMISSION);
      return ok(await agreementsOf(app.db, member.orgId, app.config.channelId));
    },
  );

  app.get(
    ORG_URL.signRelease,
    {
      schema: {
        querystring: ReleaseCheckQuery,
        response: {
          200: Envelope(ReleaseCheck),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getOrgSignRelease(request) {
      const member = await requirePermission(request, AGREEMENT_PERMISSION);
      const row = await ownAgreement(request, app.db, member, request.query.id);
      const dependents =
        row.status === AGREEMENT_STATUS.signed
          ? await dependentsOf(app.db, member.orgId, row.agreement_code as OrgAgreement['agreementCode'])
          : [];
      return ok({
        id: row.id,
        releasable: row.status === AGREEMENT_STATUS.signed && dependents.length === 0,
        dependents,
      });
    },
  );

  /** Before the verification: nobody confirms a signature that would be refused anyway. */
  async function refuseUnsignable(
    request: FastifyRequest<{ Body: { agreementCode: string } }>,
  ): Promise<void> {
    const member = await requirePermission(request, AGREEMENT_PERMISSION);
    const { agreements } = await offeredAgreements(app.db, member.orgId, app.config.channelId);
    if (!agreements.some((a) => a.code === request.body.agreementCode)) {
      throw fail(API_ERROR.agreementNotOffered, AGREEMENT_MSG.notOffered);
    }
    if (await signedAgreement(app.db, member.orgId, request.body.agreementCode)) {
      throw fail(API_ERROR.agreementSigned, AGREEMENT_MSG.alreadySigned);
    }
  }

  app.post(
    ORG_URL.sign,
    {
      config: { idempotent: true, verification: { kind: 'qr-or-sms', operation: SIGN_OPERATION } },
      preHandler: refuseUnsignable,
      schema: { body: SignAgreementRequest, response: { 200: Envelope(OrgAgreement), ...COMMAND_ERRORS } },
    },
    async function postOrgSign(request, reply) {
      const member = await requirePermission(request, AGREEMENT_PERMISSION);
      const code = request.body.agreementCode;
      const now = app.now();
      return runCommand<ReturnType<typeof ok<OrgAgreement>>>(request, reply, async (trx) => {
        const id = await signAgreement(trx, {
          orgId: member.orgId,
          userId: member.userId,
          code,
          platformChannelId: app.config.channelId,
          now,
        });
        const view = (await agreementsOf(trx, member.orgId, app.config.channelId)).find(
          (a) => a.agreementCode === code,
        );
        if (!view) throw fail(API_ERROR.agreementNotOffered, AGREEMENT_MSG.notOffered);
        // Its contract is drafted once the signature is committed, never as part of it (contracts.ts).
        await afterCommit(trx, () => app.agreementContracts.draft(id));
        return { statusCode: 200, body: ok(view, ORG_TEXT.signed) };
      });
    },
  );

  app.put(
    ORG_URL.signed,
    {
      config: { idempotent: true },
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: AgreementUpdate,
        response: { 200: Envelope(OrgAgreement), ...COMMAND_ERRORS },
      },
    },
    async function putOrgSigned(request, reply) {
      const member = await requirePermission(request, AGREEMENT_PERMISSION);
      const current = await ownAgreement(request, app.db, member, request.params.id);
      const now = app.now();
      return runCommand<ReturnType<typeof ok<OrgAgreement>>>(request, reply, async (trx) => {
        await lockOrgFunctions(trx, member.orgId);
        const row = await agreementInOrg(trx, member.orgId, current.id);
        if (!row) throw fail(API_ERROR.notFound, AGREEMENT_MSG.notFound);
        if (row.status !== AGREEMENT_STATUS.signed) {
          throw fail(API_ERROR.agreementReleased, AGREEMENT_MSG.released);
        }
        const dependents = await dependentsOf(
          trx,
          member.orgId,
          row.agreement_code as OrgAgreement['agreementCode'],
        );
        if (dependents.length > 0) {
          throw fail(API_ERROR.agreementInUse, AGREEMENT_MSG.inUse(dependents));
        }
        await lockAgreementContract(trx, row.id);
        await trx
          .updateTable('org_agreements')
          .set({ status: AGREEMENT_STATUS.released, released_by: member.userId, released_at: now })
          .where('id', '=', row.id)
          .execute();
        const view = (await agreementsOf(trx, member.orgId, app.config.channelId)).find(
          (a) => a.agreementCode === row.agreement_code,
        );
        if (!view) throw fail(API_ERROR.notFound, AGREEMENT_MSG.notFound);
        // After the commit: revoking a provider's flow is a call out, and the release stands whatever it says.
        await afterCommit(trx, () => {
          revokeReleasedAgreementContract(app, row.id).catch((error: unknown) =>
            app.log.error({ err: error, agreementId: row.id }, 'released agreement: contract not revoked'),
          );
        });
        return { statusCode: 200, body: ok(view, ORG_TEXT.released) };
      });
    },
  );
};
