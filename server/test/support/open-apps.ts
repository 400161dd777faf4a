import type { FastifyInstance } from 'fastify';

/**
 * The apps a test file started. A test worker runs its files one after another on the modules it loaded
 * once (vitest.config.ts, `isolate: false`), so an app a file forgot to close would keep its timers,
 * connections and day-end work running under the next file: setup.ts closes them all after each file
 * (closing an app twice is harmless: its hooks run once).
 */
const started = new Set<FastifyInstance>();

export function trackStartedApp(app: FastifyInstance): void {
  started.add(app);
}

/** Closes every app the file started that is still open. */
export async function closeStartedApps(): Promise<void> {
  const apps = [...started];
  started.clear();
  await Promise.all(apps.map((app) => app.close()));
}
