import { buildApp } from './app';
import { ConfigError, EXIT_CONFIG, loadConfig, readEnvFile } from './config';
import { AGREEMENT_DRAFT_RETRY_MS } from './modules/agreement/contracts';

/** How long a graceful close may take before the process gives up on open connections. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  readEnvFile();
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { address: `http://${config.host}:${config.port}`, dataDir: config.dataDir },
    'chain-bill ready',
  );
  // After listening: signed agreements still without a contract (the demo's, on a first start) get one now,
  // and the PDFs take a second or two the start-up does not wait for.
  app.agreementContracts.sweepEvery(AGREEMENT_DRAFT_RETRY_MS);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(EXIT_CONFIG);
  }
  console.error('chain-bill failed to start', error);
  process.exit(1);
});
