import { SHELL_URL } from '@contract/shell';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import { pendingMigrations } from '../../db/database';

const Health = Type.Object({ status: Type.Literal('ok') });
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  /** Migrations of this server the database has not run. */
  pendingMigrations: Type.Array(Type.String()),
});
type ReadinessShape = Static<typeof Readiness>;

/**
 * Health for load balancers and process managers. `GET /api/health` (registered after migrations and seed,
 * so 200 means started) stays as it was. Liveness, `GET /api/health/live`: the process answers, nothing else
 * is asked, so a slow database never gets a live node restarted. Readiness, `GET /api/health/ready`: the
 * database answers a query and every migration this server has was run on it; otherwise 503, so a balancer
 * sends no traffic to a node that cannot serve it (a lost database, a node newer than the schema).
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    SHELL_URL.health,
    { schema: { response: { 200: Health } } },
    async function getShellHealth(_request, reply) {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    SHELL_URL.healthLive,
    { schema: { response: { 200: Health } } },
    async function getShellHealthLive(_request, reply) {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    SHELL_URL.healthReady,
    { schema: { response: { 200: Readiness, 503: Readiness } } },
    async function getShellHealthReady(_request, reply) {
      reply.header('Cache-Control', 'no-store');
      let answer: ReadinessShape;
      try {
        await sql`select 1`.execute(app.db);
        const pending = await pendingMigrations(app.db);
        answer = {
          status: pending.length === 0 ? 'ready' : 'not-ready',
          database: 'ok',
          pendingMigrations: pending,
        };
      } catch {
        answer = { status: 'not-ready', database: 'unreachable', pendingMigrations: [] };
      }
      return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
};
