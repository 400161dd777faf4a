import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { OperationTime, SystemStatus, SystemStatusRequest } from '@contract/shell-schemas';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { ensureDefaultSettings, operationTimeOf, setSystemStatus, systemStatusOf } from './service';

/** SHCPE system status (spec: newSysSts, default SS00), a setting in the database, and the ledger's business hours. */
export const systemStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await ensureDefaultSettings(app.db, app.now());
  app.addHook('preHandler', app.authenticate);

  app.get(
    SHELL_URL.systemStatus,
    { schema: { response: { 200: Envelope(SystemStatus), ...AUTHENTICATED_ERRORS } } },
    async function getShellSystemStatus() {
      return ok(await systemStatusOf(app.db, app.now()));
    },
  );

  app.get(
    SHELL_URL.operationTime,
    { schema: { response: { 200: Envelope(Type.Array(OperationTime)), ...AUTHENTICATED_ERRORS } } },
    async function getShellOperationTime() {
      return ok(operationTimeOf(app.config.billBusinessHours, app.config.dayEndAt));
    },
  );
};

/** `PUT /api/sandbox/system-status`: what an operator would change, for trying the shell's banners. */
export const systemStatusSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    SHELL_URL.sandboxSystemStatus,
    {
      schema: {
        body: SystemStatusRequest,
        response: { 200: Envelope(SystemStatus), ...ERRORS.badRequest, ...ERRORS.internal },
      },
    },
    async function putShellSandboxSystemStatus(request) {
      return ok(await setSystemStatus(app.db, request.body.status, app.now()));
    },
  );
};
