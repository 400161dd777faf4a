import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { ORG_TEXT, ORG_URL } from '@contract/organization';
import { Onboarding } from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import {
  ChannelFunc,
  ChannelFuncQuery,
  OpenFuncRequest,
  OpenFuncResult,
  OrgFunction,
  OrgFunctionQuery,
} from '@contract/shell-schemas';
import { FUNCTION_OPENED_WITH } from '@contract/shell';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { memberOrNull, requireMember, requirePermission } from '../../lib/tenant';
import { CHANNEL_NOT_FOUND_MSG, channelFunctions, defaultChannelOf } from '../org-channel/service';
import { isFuncCode, openFunction, requireOpenable } from './commands';
import { FUNCTION_MSG } from './messages';
import { functionsOf, onboardingOf } from './queries';

const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;

const ORG_CHANGED = { type: REALTIME_EVENT.organization, payload: {} };

/** Opening a function is the company centre's administration. */
const OPEN_PERMISSION = PERMISSION.companyCenter.path;

/**
 * The organisation's functions: what each is (opened, available or 即将上线, offered, what opening it needs),
 * what a channel offers, opening one, and the onboarding checklist that leads to the first.
 */
export const orgFunctionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    SHELL_URL.orgFunctions,
    {
      schema: {
        querystring: OrgFunctionQuery,
        response: { 200: Envelope(Type.Array(OrgFunction)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getShellOrgFunctions(request) {
      const orgId = memberOrNull(request)?.orgId ?? null;
      return ok(await functionsOf(app.db, orgId, app.config.channelId, request.query.funcType));
    },
  );

  app.get(
    SHELL_URL.channelFunctions,
    {
      schema: {
        querystring: ChannelFuncQuery,
        response: { 200: Envelope(Type.Array(ChannelFunc)), ...AUTHENTICATED_ERRORS, ...ERRORS.notFound },
      },
    },
    async function getShellChannelFunctions(request) {
      const member = memberOrNull(request);
      const fallback = member ? (await defaultChannelOf(app.db, member.orgId)).channelId : null;
      const channelId = request.query.channelId ?? fallback ?? app.config.channelId;
      const offered = await channelFunctions(app.db, channelId);
      if (!offered) throw fail(API_ERROR.notFound, CHANNEL_NOT_FOUND_MSG);
      return ok(offered);
    },
  );

  app.post(
    ORG_URL.openFunc,
    {
      config: { idempotent: true },
      schema: { body: OpenFuncRequest, response: { 200: Envelope(OpenFuncResult), ...COMMAND_ERRORS } },
    },
    async function postOrgOpenFunc(request, reply) {
      const member = await requirePermission(request, OPEN_PERMISSION);
      const { funcCode } = request.body;
      if (!isFuncCode(funcCode)) throw fail(API_ERROR.badRequest, FUNCTION_MSG.unknown);
      const input = {
        orgId: member.orgId,
        userId: member.userId,
        funcCode,
        platformChannelId: app.config.channelId,
        now: app.now(),
      };
      // Read first, outside the transaction: a refusal costs no lock.
      await requireOpenable(app.db, { ...input, openedWith: FUNCTION_OPENED_WITH.command });
      return runCommand(request, reply, async (trx) => {
        // The menu and the dashboard of every member's open tab follow.
        if (await openFunction(trx, input)) await app.realtime.publishToOrg(member.orgId, ORG_CHANGED, trx);
        return { statusCode: 200, body: ok({ funcCode, opened: true as const }, ORG_TEXT.functionOpened) };
      });
    },
  );

  app.get(
    ORG_URL.onboarding,
    { schema: { response: { 200: Envelope(Onboarding), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } } },
    async function getOrgOnboarding(request) {
      return ok(await onboardingOf(app.db, requireMember(request).orgId, app.config.channelId));
    },
  );
};
