import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { VERIFICATION_URL } from '@contract/verification';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { BizAuthType, ElecLicenceStatus, OwnerAuthResult, RoleAuth } from '@contract/verification-schemas';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { authOf } from '../../lib/auth';
import { becomeOwner, bizAuthTypeOf, elecLicenceStatusOf, roleAuthOf } from './service';

const NO_ORGANISATION = '您尚未加入任何企业';
const ALREADY_OWNER = '您已是该企业的管理员';
const BECAME_OWNER = '已成为企业管理员';
/** Shown to the licence holder on the confirmation page. */
export const OWNER_AUTH_OPERATION = '授权成为企业管理员';

/** The caller's membership in the current organisation, or 403 without one. */
function membershipOf(request: FastifyRequest): { orgId: string; membershipId: string; owner: boolean } {
  const { orgId, membershipId, owner } = authOf(request);
  if (orgId === null || membershipId === null) {
    throw fail(API_ERROR.notMember, NO_ORGANISATION);
  }
  return { orgId, membershipId, owner };
}

/** Refuses before any QR verification starts, so nobody scans for an answer that is already known. */
async function refuseOwner(request: FastifyRequest): Promise<void> {
  if (membershipOf(request).owner) throw fail(API_ERROR.conflict, ALREADY_OWNER);
}

/** Organisation authentication method, e-licence status and the caller's role (spec section 7). */
export const orgAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    VERIFICATION_URL.bizAuthType,
    {
      schema: {
        response: { 200: Envelope(BizAuthType), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getVerificationBizAuthType(request) {
      return ok({ bizAuthType: await bizAuthTypeOf(app.db, membershipOf(request).orgId) });
    },
  );

  app.get(
    VERIFICATION_URL.elecLicenceStatus,
    { schema: { response: { 200: Envelope(ElecLicenceStatus), ...AUTHENTICATED_ERRORS } } },
    async function getVerificationElecLicenceStatus(request) {
      return ok(await elecLicenceStatusOf(app.db, authOf(request).orgId));
    },
  );

  app.get(
    VERIFICATION_URL.roleAuth,
    { schema: { response: { 200: Envelope(RoleAuth), ...AUTHENTICATED_ERRORS } } },
    async function getVerificationRoleAuth(request) {
      const { membershipId, owner } = authOf(request);
      return ok(roleAuthOf(membershipId, owner));
    },
  );

  app.post(
    VERIFICATION_URL.ownerAuth,
    {
      config: { idempotent: true, verification: { kind: 'qr', operation: OWNER_AUTH_OPERATION } },
      preHandler: refuseOwner,
      schema: {
        response: {
          200: Envelope(OwnerAuthResult),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.conflict,
        },
      },
    },
    async function postVerificationOwnerAuth(request, reply) {
      const { membershipId } = membershipOf(request);
      return runCommand(request, reply, async (trx) => {
        if (!(await becomeOwner(trx, membershipId))) {
          throw fail(API_ERROR.conflict, ALREADY_OWNER);
        }
        return { statusCode: 200, body: ok({ owner: true }, BECAME_OWNER) };
      });
    },
  );
};
