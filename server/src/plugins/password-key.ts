import type { FastifyInstance } from 'fastify';
import { loadPasswordKey, type PasswordKey } from '../lib/rsa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decrypts passwords the SPA encrypted with the public key of `GET /api/channel/config/default`. */
    passwordKey: PasswordKey;
  }
}

export function setupPasswordKey(app: FastifyInstance): void {
  const { config } = app;
  app.decorate(
    'passwordKey',
    loadPasswordKey({
      privateKeyPem: config.rsaPrivateKeyPem,
      dataDir: config.dataDir,
      ephemeral: config.inMemoryDb,
    }),
  );
}
