import 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { RealtimeHub } from './lib/realtime-hub';

/** What every module reads from the Fastify instance. `now` is the clock, swappable in tests. */
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    now: () => number;
    /** Pushes events to the signed-in tabs' WebSockets. */
    realtime: RealtimeHub;
  }
}

export {};
