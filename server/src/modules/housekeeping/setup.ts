import type { FastifyInstance } from 'fastify';
import { Housekeeper } from './housekeeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic purge of expired rows and old exports; tests call `sweep()` with their clock. */
    housekeeper: Housekeeper;
  }
}

/** Starts the housekeeping timer with the server and stops it before the database closes. */
export function setupHousekeeping(app: FastifyInstance): void {
  const housekeeper = new Housekeeper({
    db: app.db,
    now: app.now,
    log: app.log,
    files: app.adapters.files,
  });
  app.decorate('housekeeper', housekeeper);
  app.addHook('onReady', async () => housekeeper.start());
  app.addHook('preClose', async () => housekeeper.stop());
}
