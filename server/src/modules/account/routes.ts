import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AUTH_URL } from '@contract/auth';
import { Account, CompanyItem, PermissionItem, SwitchOrgParams } from '@contract/auth-schemas';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR, OAUTH_ERROR } from '@contract/errors';
import { OAuthFailure, fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { pageOf, pageRequest } from '../../lib/paging';
import { AUTHENTICATED_ERRORS, Done, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { authOf } from '../../lib/auth';
import { revokeSession, SESSION_REVOKED } from '../auth/service';
import { accountOf, companiesOf, permissionsOf, switchOrg } from './service';

/** The SPA builds its permission map from one page, so the default holds the whole catalogue. */
export const PERMISSION_PAGE_DEFAULT_SIZE = 100;

/** The signed-in user's account, organisations and permissions. Everything is read through request.auth. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const currentAccount = async (userId: string, orgId: string | null) => {
    const account = await accountOf(app.db, userId, orgId, app.config.channelId);
    // The session outlived its user: the same answer as a dead token.
    if (!account) throw new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken);
    return account;
  };

  app.get(
    AUTH_URL.currentUser,
    { schema: { response: { 200: Envelope(Account), ...AUTHENTICATED_ERRORS } } },
    async function getAuthCurrentUser(request) {
      // Read with the token itself (plugins/authenticate.ts): the same rows accountOf reads.
      const { userId, orgId, owner, account } = authOf(request);
      return ok({
        id: userId,
        mobile: account.mobile,
        name: account.name,
        orgId: orgId ?? '',
        orgName: account.orgName,
        owner,
        cId: app.config.channelId,
        authorized: account.authorized,
        bound: account.bound,
      });
    },
  );

  app.post(
    AUTH_URL.logout,
    { schema: { response: { 200: Done, ...AUTHENTICATED_ERRORS } } },
    async function postAuthLogout(request) {
      const { sessionId, userId } = authOf(request);
      await revokeSession(app.db, sessionId, SESSION_REVOKED.logout, app.now());
      await app.realtime.recheckUser(userId);
      return { code: 200, msg: MSG.loggedOut };
    },
  );

  app.get(
    AUTH_URL.permissionPage,
    {
      schema: {
        querystring: PageQuery,
        response: { 200: Envelope(Page(PermissionItem)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getAuthPermissionPage(request) {
      const { membershipId, owner } = authOf(request);
      const page = pageRequest({
        page: request.query.page,
        size: request.query.size ?? PERMISSION_PAGE_DEFAULT_SIZE,
      });
      const { items, total } = await permissionsOf(app.db, membershipId, owner, page);
      return ok(pageOf(items, total, page));
    },
  );

  app.get(
    AUTH_URL.companyList,
    { schema: { response: { 200: Envelope(Type.Array(CompanyItem)), ...AUTHENTICATED_ERRORS } } },
    async function getAuthCompanyList(request) {
      const { userId, orgId } = authOf(request);
      return ok(await companiesOf(app.db, userId, orgId));
    },
  );

  app.post(
    AUTH_URL.switchOrg,
    {
      schema: {
        params: SwitchOrgParams,
        response: { 200: Envelope(Account), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function postAuthSwitchOrg(request) {
      const auth = authOf(request);
      const target = request.params.id;
      if (!(await switchOrg(app.db, auth.userId, auth.sessionId, target))) {
        logSecurityEvent(request, SECURITY_EVENT.orgSwitchDenied, {
          userId: auth.userId,
          orgId: auth.orgId,
          reason: `target:${target}`,
        });
        throw fail(API_ERROR.notMember, MSG.notMember);
      }
      await app.realtime.recheckUser(auth.userId);
      return ok(await currentAccount(auth.userId, target));
    },
  );
};
