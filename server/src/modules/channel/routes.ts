import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SHELL_URL } from '@contract/shell';
import { ChannelConfig } from '@contract/auth-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { ERRORS, ok } from '../../lib/responses';

/** The spec does not name this call's query parameters; whatever the SPA sends is accepted and ignored. */
const ChannelQuery = Type.Object({}, { additionalProperties: true });

/**
 * `GET /api/channel/config/default`: public. It carries the password public key so the key can change
 * (a new DATA_DIR, a rotated secret) without rebuilding the SPA.
 */
export const channelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    SHELL_URL.channelConfig,
    { schema: { querystring: ChannelQuery, response: { 200: Envelope(ChannelConfig), ...ERRORS.internal } } },
    async function getShellChannelConfig() {
      return ok({
        platformName: app.config.platformName,
        channelId: app.config.channelId,
        passwordPublicKey: app.passwordKey.publicKeyPem,
      });
    },
  );
};
