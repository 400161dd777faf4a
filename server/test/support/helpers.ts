import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import forge from 'node-forge';
import type { TokenResponse } from '@contract/auth-schemas';
import type { CaptchaScene } from '@contract/captcha';
import type { RealtimeMessage } from '@contract/realtime';
import { CAPTCHA_VERIFICATION_TTL, GRANT_TYPE, OAUTH_SCOPE } from '@contract/constants';
import { buildApp, type BuildOptions } from '../../src/app';
import { testConfig, type AppConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { randomToken, sha256Hex } from '../../src/lib/hash';
import { trackStartedApp } from './open-apps';
import { seededPostgresDatabase } from './postgres-template';
import { buildFromTemplate } from './sqlite-template';

/** 2026-03-02 09:00 Asia/Shanghai: a fixed start so tests never depend on the wall clock. */
export const T0 = Date.UTC(2026, 2, 2, 1, 0, 0);

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(start = T0): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface LogCapture {
  stream: { write(line: string): void };
  entries: () => Array<Record<string, unknown>>;
  /** Security entries of one event, e.g. 'login.failed'. */
  events: (event: string) => Array<Record<string, unknown>>;
  raw: () => string;
}

export function captureLogs(): LogCapture {
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    stream: { write: (line) => void lines.push(line) },
    entries,
    events: (event) => entries().filter((entry) => entry.security === true && entry.event === event),
    raw: () => lines.join(''),
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: AppConfig;
  logs: LogCapture;
}

/**
 * Overrides that keep an app on in-memory SQLite whatever database the run is on (TEST_DATABASE_URL): for a
 * test of SQLite's own behaviour (its plans, its seeded images), which has nothing to say on PostgreSQL.
 */
export const ON_SQLITE = { inMemoryDb: true } as const satisfies Partial<AppConfig>;

/**
 * A seeded app with a controllable clock and captured logs, on an in-memory SQLite database; or, when
 * TEST_DATABASE_URL names a PostgreSQL server (and the overrides choose no database), on a fresh schema there.
 */
export async function startApp(
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl && !('databaseUrl' in overrides) && !('inMemoryDb' in overrides)) {
    return startPostgresApp(postgresUrl, overrides, options);
  }
  const clock = testClock();
  const logs = captureLogs();
  const config = testConfig({ logLevel: 'info', ...overrides });
  const buildOptions: BuildOptions = { now: clock.now, logStream: logs.stream, ...options };
  const build = () => buildApp(config, buildOptions);
  // On in-memory SQLite the migrated, seeded database is made once per configuration and start time, and
  // copied for every other app alike (sqlite-template.ts); TEST_SQLITE_TEMPLATE=off builds each afresh.
  const app =
    config.inMemoryDb && !config.databaseUrl && process.env.TEST_SQLITE_TEMPLATE !== 'off'
      ? await buildFromTemplate(JSON.stringify({ config, now: buildOptions.now!() }), build)
      : await build();
  trackStartedApp(app);
  return { app, clock, config, logs };
}

/**
 * Like startApp, on a database of its own on the PostgreSQL server at `serverUrl`: a copy of the run's seeded
 * template for the app's configuration and start time (postgres-template.ts), or with TEST_POSTGRES_TEMPLATE=off
 * a schema of its own that the app migrates and seeds, dropped after the test file (server/test/setup.ts).
 */
export async function startPostgresApp(
  serverUrl: string,
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  // What startApp builds with: its configuration, and the clock's start (testClock's unless `options` has one).
  const config = testConfig({ logLevel: 'info', ...overrides });
  const now = options.now ? options.now() : T0;
  const databaseUrl = await seededPostgresDatabase(serverUrl, config, now);
  return startApp({ ...overrides, databaseUrl }, options);
}

/**
 * A passed-puzzle verification as the captcha module stores it, inserted directly: these tests are about
 * what the token endpoint does with one, the captcha module's own tests cover earning it.
 */
/** The client address of a request injected without one. */
export const INJECT_ADDRESS = '127.0.0.1';

export async function insertCaptchaVerification(
  app: FastifyInstance,
  scene: CaptchaScene = 'login',
  /** The address that solved it, and alone may spend it: inject's own unless told. */
  clientIp = INJECT_ADDRESS,
): Promise<string> {
  const value = randomToken();
  const now = app.now();
  await app.db
    .insertInto('captcha_verifications')
    .values({
      hash: sha256Hex(value),
      scene,
      client_ip: clientIp,
      created_at: now,
      expires_at: now + CAPTCHA_VERIFICATION_TTL,
      used_at: null,
    })
    .execute();
  return value;
}

/** RSA PKCS#1 v1.5 of the UTF-8 password, base64: byte for byte what jsencrypt's `encrypt` sends. */
export function encryptWith(publicKeyPem: string, password: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

export const encryptPassword = (app: FastifyInstance, password: string): string =>
  encryptWith(app.passwordKey.publicKeyPem, password);

export const basicAuth = (config: Pick<AppConfig, 'clientId' | 'clientSecret'>): string =>
  `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PasswordGrantInput {
  mobile: string;
  /** Plain password, encrypted here; or `ciphertext` to send as is. */
  password?: string;
  ciphertext?: string;
  /** A verification to spend; by default a fresh one is inserted. null sends none. */
  captchaVerification?: string | null;
  headers?: Record<string, string>;
  extra?: Record<string, string>;
}

export async function passwordGrant(
  app: FastifyInstance,
  input: PasswordGrantInput,
): Promise<LightMyRequestResponse> {
  const captcha =
    input.captchaVerification === undefined
      ? await insertCaptchaVerification(app)
      : input.captchaVerification;
  const form: Record<string, string> = {
    grant_type: GRANT_TYPE.password,
    mobile: input.mobile,
    password: input.ciphertext ?? encryptPassword(app, input.password ?? DEMO_PASSWORD),
    scope: OAUTH_SCOPE,
    systemRole: '2',
    cId: app.config.channelId,
    ...(captcha === null ? {} : { captchaVerification: captcha }),
    ...input.extra,
  };
  return tokenRequest(app, form, { authorization: basicAuth(app.config), ...input.headers });
}

/** Injects a form-encoded token request. */
export function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
  headers: Record<string, string> = { authorization: basicAuth(app.config) },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

export const refreshGrant = (app: FastifyInstance, refreshToken: string) =>
  tokenRequest(app, { grant_type: GRANT_TYPE.refresh, refresh_token: refreshToken, scope: OAUTH_SCOPE });

/** Signs in through the real token endpoint and returns its answer; fails the test otherwise. */
export async function signIn(
  app: FastifyInstance,
  mobile: string,
  password = DEMO_PASSWORD,
): Promise<TokenResponse> {
  const response = await passwordGrant(app, { mobile, password });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${mobile} failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}

/** GET/POST with the access token. */
export function authed(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  accessToken: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
}

/** The `data` of a signed-in GET, which must answer 200. */
export async function getData<T>(app: FastifyInstance, url: string, accessToken: string): Promise<T> {
  const response = await authed(app, 'GET', url, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: number; data: T }>().data;
}

/**
 * A socket of `userId` (signed in to `orgId`) on this node, as a test double: what the server pushes to it
 * lands in `messages`. `first(n)` waits for the first n: through PostgreSQL an event arrives a moment after
 * the transaction that published it commits.
 */
export function listenAs(app: FastifyInstance, userId: string, orgId: string | null = null) {
  const messages: RealtimeMessage[] = [];
  const remove = app.realtime.add(userId, orgId, {
    send: (data) => void messages.push(JSON.parse(data) as RealtimeMessage),
  });
  const first = async (count: number): Promise<RealtimeMessage[]> => {
    await vi.waitFor(() => expect(messages.length).toBeGreaterThanOrEqual(count));
    return messages.slice(0, count);
  };
  return { messages, remove, first };
}
