import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { ChannelFunc, ChannelFuncQuery, OrgFunction, OrgFunctionQuery } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { CHANNEL_NOT_FOUND_MSG, defaultChannelOf } from '../org-channel/service';
import { memberOrNull } from '../../lib/tenant';
import { channelFunctions, functionsOf } from './service';

/** Functions of the organisation account and what each channel offers; opening one is modules/agreement. */
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
      return ok(await functionsOf(app.db, memberOrNull(request)?.orgId ?? null, request.query.funcType));
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
};
