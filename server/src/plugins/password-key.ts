import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { loadPasswordKey, type PasswordKey } from '../lib/rsa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decrypts passwords the SPA encrypted with the public key of `GET /api/channel/config/default`. */
    passwordKey: PasswordKey;
  }
}

/**
 * Starts loading (on a first start: generating) the password key; buildApp awaits it after the database is
 * ready, so the two overlap. A failure is reported where it is awaited.
 */
export function startLoadingPasswordKey(config: AppConfig): Promise<PasswordKey> {
  const loading = loadPasswordKey({
    privateKeyPem: config.rsaPrivateKeyPem,
    dataDir: config.dataDir,
    ephemeral: config.inMemoryDb,
  });
  loading.catch(() => {});
  return loading;
}

export function setupPasswordKey(app: FastifyInstance, key: PasswordKey): void {
  app.decorate('passwordKey', key);
}
