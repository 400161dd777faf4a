import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { AGREEMENT_STATUS, ORG_TEXT, PREREQUISITE, type Prerequisite, ORG_URL } from '@contract/organization';
import {
  AgreementUpdate,
  Onboarding,
  OrgAgreement,
  ReleaseCheck,
  ReleaseCheckQuery,
  SignAgreementRequest,
} from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import { OpenFuncRequest, OpenFuncResult } from '@contract/shell-schemas';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { runCommand } from '../../lib/idempotency';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, requireMember, requirePermission, type Member } from '../../lib/tenant';
import { isKnownFunction, openFunction } from '../org-function/service';
import { lockAgreementContract, revokeReleasedAgreementContract } from './contracts';
import {
  agreementByCode,
  agreementInOrg,
  agreementOfFunction,
  agreementOrgOf,
  agreementsOf,
  dependentsOf,
  lockOrgFunctions,
  missingPrerequisites,
  offeredAgreements,
  onboardingOf,
  signedAgreement,
  type AgreementRow,
} from './service';

/** Shown to the licence holder on the confirmation page, and in the SMS. */
export const SIGN_OPERATION = '签署平台服务协议';
export const UNKNOWN_FUNCTION_MSG = '不支持的功能';

export const AGREEMENT_MSG = {
  notFound: '签约记录不存在',
  notOffered: '当前渠道不提供该协议',
  alreadySigned: '该协议已签署',
  released: '该协议已解约',
  inUse: (names: string[]) => `以下已开通的业务依赖该协议，请先关闭后再解约：${names.join('、')}`,
} as const;

const PREREQUISITE_TEXT: Record<Prerequisite, string> = {
  [PREREQUISITE.authentication]: '企业认证',
  [PREREQUISITE.settlementAccount]: '结算账户验证',
  [PREREQUISITE.agreement]: '签署协议',
};

/** Names what is missing, the agreement by its title: 开通前请先完成：企业认证、签署《…》. */
export function prerequisitesMessage(missing: Prerequisite[], funcCode: string): string {
  const agreement = agreementOfFunction(funcCode);
  const names = missing.map((item) =>
    item === PREREQUISITE.agreement && agreement ? `签署《${agreement.name}》` : PREREQUISITE_TEXT[item],
  );
  return `开通前请先完成：${names.join('、')}`;
}

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
 * The platform's service agreements (签约, spec section 7: signing and staff), opening business functions and
 * the onboarding checklist. Signing is sensitive: the licence holder's QR confirmation, or an SMS code where no
 * licence is bound. Release (解约) is refused while an opened function needs the agreement; opening a function
 * is refused, naming what is missing, until the organisation is authenticated, has a verified settlement
 * account and has signed the function's agreement. Release needs no second verification: it takes rights
 * away and cannot happen while anything depends on it.
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
      const agreement = agreementByCode(request.body.agreementCode);
      if (!agreement) throw fail(API_ERROR.agreementNotOffered, AGREEMENT_MSG.notOffered);
      const now = app.now();
      return runCommand<ReturnType<typeof ok<OrgAgreement>>>(request, reply, async (trx) => {
        await lockOrgFunctions(trx, member.orgId);
        if (await signedAgreement(trx, member.orgId, agreement.code)) {
          throw fail(API_ERROR.agreementSigned, AGREEMENT_MSG.alreadySigned);
        }
        const { channelId } = await offeredAgreements(trx, member.orgId, app.config.channelId);
        const id = newId();
        await trx
          .insertInto('org_agreements')
          .values({
            id,
            org_id: member.orgId,
            agreement_code: agreement.code,
            version: agreement.version,
            channel_id: channelId,
            status: AGREEMENT_STATUS.signed,
            signed_by: member.userId,
            signed_at: now,
            released_by: null,
            released_at: null,
          })
          .execute();
        const view = (await agreementsOf(trx, member.orgId, app.config.channelId)).find(
          (a) => a.agreementCode === agreement.code,
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

  app.post(
    ORG_URL.openFunc,
    {
      config: { idempotent: true },
      schema: { body: OpenFuncRequest, response: { 200: Envelope(OpenFuncResult), ...COMMAND_ERRORS } },
    },
    async function postOrgOpenFunc(request, reply) {
      const member = await requirePermission(request, AGREEMENT_PERMISSION);
      const { funcCode } = request.body;
      if (!isKnownFunction(funcCode)) throw fail(API_ERROR.badRequest, UNKNOWN_FUNCTION_MSG);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        await lockOrgFunctions(trx, member.orgId);
        const missing = await missingPrerequisites(trx, member.orgId, funcCode);
        if (missing.length > 0) {
          throw fail(API_ERROR.functionPrerequisites, prerequisitesMessage(missing, funcCode));
        }
        await openFunction(trx, member.orgId, funcCode, member.userId, now);
        return { statusCode: 200, body: ok({ funcCode, opened: true as const }, ORG_TEXT.functionOpened) };
      });
    },
  );

  app.get(
    ORG_URL.onboarding,
    { schema: { response: { 200: Envelope(Onboarding), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } } },
    async function getOrgOnboarding(request) {
      return ok(await onboardingOf(app.db, requireMember(request).orgId));
    },
  );
};
