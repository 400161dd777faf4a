import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { CheckedDefaultChannel, DefaultChannelQuery, OrgChannel } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { memberOrNull, requireMember } from '../../lib/tenant';
import {
  CHANNEL_NOT_FOUND_MSG,
  channelsOf,
  defaultChannelOf,
  ensurePlatformChannel,
  setDefaultChannel,
} from './service';

/** The organisation's billing channels and its default one (spec: checkedDefaultChannel). */
export const orgChannelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await ensurePlatformChannel(app.db, app.config, app.now());
  app.addHook('preHandler', app.authenticate);

  app.get(
    SHELL_URL.channelList,
    { schema: { response: { 200: Envelope(Type.Array(OrgChannel)), ...AUTHENTICATED_ERRORS } } },
    async function getShellChannelList(request) {
      const member = memberOrNull(request);
      return ok(member ? await channelsOf(app.db, member.orgId) : []);
    },
  );

  app.get(
    SHELL_URL.channelCheckedDefault,
    { schema: { response: { 200: Envelope(CheckedDefaultChannel), ...AUTHENTICATED_ERRORS } } },
    async function getShellChannelCheckedDefault(request) {
      const member = memberOrNull(request);
      return ok(member ? await defaultChannelOf(app.db, member.orgId) : { checked: false, channelId: null });
    },
  );

  app.put(
    SHELL_URL.channelDefault,
    {
      schema: {
        querystring: DefaultChannelQuery,
        response: {
          200: Envelope(CheckedDefaultChannel),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function putShellChannelDefault(request) {
      const member = requireMember(request);
      const { channelId } = request.query;
      if (!(await setDefaultChannel(app.db, member.orgId, channelId)))
        throw fail(API_ERROR.notFound, CHANNEL_NOT_FOUND_MSG);
      return ok({ checked: true, channelId });
    },
  );
};
