import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { EntryLink, EntryLinkRequest } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { accountByMobile, issueEntryLink, UNKNOWN_ACCOUNT_MSG } from './service';

/** `POST /api/sandbox/entry-links`: registered only in the sandbox, so a person or a test can try both links. */
export const entryLinkSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    SHELL_URL.sandboxEntryLinks,
    {
      schema: {
        body: EntryLinkRequest,
        response: { 200: Envelope(EntryLink), ...ERRORS.badRequest, ...ERRORS.notFound, ...ERRORS.internal },
      },
    },
    async function postShellSandboxEntryLinks(request, reply) {
      const account = await accountByMobile(app.db, request.body.mobile);
      if (!account) throw fail(API_ERROR.notFound, UNKNOWN_ACCOUNT_MSG);
      reply.header('Cache-Control', 'no-store');
      const link = await issueEntryLink(app.db, account, app.config, app.now());
      logSecurityEvent(request, SECURITY_EVENT.sandboxEntryLink, {
        userId: account.userId,
        orgId: account.orgId,
        mobile: request.body.mobile,
      });
      return ok(link);
    },
  );
};
