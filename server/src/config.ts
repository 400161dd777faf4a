import path from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_CHANNEL_ID, WEB_CLIENT } from '@contract/constants';
import { POSTGRES_POOL_SIZE } from './db/database';
import { isAddressOrBlock, isLoopbackHost } from './lib/addresses';

export { WEB_CLIENT };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** Connections this node keeps to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Sandbox adapters and `/api/sandbox/*`: only with SANDBOX=on (development, tests, the demo). */
  sandbox: boolean;
  /** Keep SQLite in memory (tests only). */
  inMemoryDb: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Absolute lifetime of one sign-in; rotation never extends it. */
  sessionMaxAgeSeconds: number;
  /** A refresh token presented again within this window after its rotation is refused without revoking its family. */
  refreshReuseGraceSeconds: number;
  /** PEM key pair for password transport; generated into `dataDir` when not given. */
  rsaPrivateKeyPem: string | undefined;
  /** Secret of stored SMS codes and sandbox QR signatures; generated into `dataDir` when not given. */
  verificationSecret: string | undefined;
  clientId: string;
  clientSecret: string;
  channelId: string;
  platformName: string;
  /** Folder of the built SPA served at `/`; not served when absent. */
  webRoot: string | undefined;
  /** Seed the demo organisations and accounts into an empty database. */
  seedDemo: boolean;
  logLevel: string;
  /**
   * The proxies, by address or CIDR block, whose X-Forwarded-For is believed (Fastify trustProxy); none by
   * default, and never every peer: whoever reached the server directly could then name any client address.
   */
  trustProxy: string[] | false;
  /** Sandbox bank: how long a small-amount transfer takes to reach the account (0: at once). */
  bankTransferArrivalDelaySeconds: number;
  /** How long the sandbox institutions take to answer an application; null: only by hand (sandbox page). */
  institutionAnswerDelaySeconds: number | null;
  /** Where kept files live: `local` (DATA_DIR/files, one node) or `database` (shared by every node). */
  fileStore: FileStoreKind;
  /** A background task claimed by a node is its own for this long; progress renews it. */
  taskLeaseSeconds: number;
  /** How often each node looks for background tasks it was not told about (another node's, or a dead one's). */
  taskPollSeconds: number;
  /**
   * Requests one access token may make per TOKEN_RATE_WINDOW_SECONDS on one node before it is answered 429
   * (TOKEN_RATE_LIMIT; 0: no limit).
   */
  tokenRateLimit: number;
  /** Calls one address may make a minute to each part of the sandbox (SANDBOX_RATE_LIMIT; 0: no limit). */
  sandboxRateLimit: number;
  /**
   * The partner platform's shared secret for `POST /api/register/sgscsp` tokens (SGSCSP_SECRET, at least 32
   * characters). Unset: the hand-over is closed.
   */
  partnerSecret: string | undefined;
  /** Enterprise bill business hours in Asia/Shanghai, `HH:MM-HH:MM` (BILL_BUSINESS_HOURS), on any day. */
  billBusinessHours: BusinessHours;
  /** BILL_WORKDAYS_ONLY=on: bill commands also only on business days of the holiday calendar. */
  billWorkdaysOnly: boolean;
  /** The business day's close, minutes after midnight Asia/Shanghai (DAY_END_AT, 21:00): the day-end runs then. */
  dayEndAt: number;
  /**
   * Whether this process looks for a due day-end run on its own (every TASK_POLL_SECONDS). Always on from the
   * environment; tests turn it off and run the day-end themselves.
   */
  dayEndTimer: boolean;
  /**
   * DAY_END_THREAD (on by default): on SQLite with a database file, the day-end's batches run on a thread of
   * their own with a connection of their own, so the requests answered meanwhile do not wait for them.
   */
  dayEndThread: boolean;
  /** METRICS=on: Prometheus metrics, at /metrics or on metricsPort. */
  metrics: boolean;
  /** METRICS_PORT: serve the metrics on a listener of their own instead of the app's port. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address of that listener (this machine by default). */
  metricsHost: string;
  /** The real SMS provider used with the sandbox off (SMS_PROVIDER=aliyun); null: none, sends answer 503. */
  aliyunSms: AliyunSmsSettings | null;
  /**
   * e签宝 (ESIGN_PROVIDER=esign) for the identity check, transfer authentication and e-signing with the
   * sandbox off; null: none, those answer 503.
   */
  esign: EsignSettings | null;
}

export interface AliyunSmsSettings {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

export interface EsignSettings {
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** The public address of POST /api/edoc/callback, where e签宝 posts the sign flows' outcomes. */
  notifyUrl: string;
}

export const FILE_STORE_KINDS = ['local', 'database'] as const;
export const SMS_PROVIDERS = ['none', 'aliyun'] as const;
export const ESIGN_PROVIDERS = ['none', 'esign'] as const;
const ALIYUN_SMS_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const ESIGN_REQUIRED = ['ESIGN_APP_ID', 'ESIGN_APP_SECRET', 'ESIGN_NOTIFY_URL'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];

/** Minutes after Shanghai midnight: business opens at `open` and closes at `close` (exclusive). */
export interface BusinessHours {
  open: number;
  close: number;
}

/** Enterprise (non-trading) bill business: 08:00-20:00 by default. */
export const DEFAULT_BILL_BUSINESS_HOURS = '08:00-20:00';
/** Practice (docs/domain.md): the enterprise business day closes at 21:00, an hour after business ends. */
export const DEFAULT_DAY_END_AT = '21:00';

/** A short shared secret would make the partner's tokens guessable. */
const PARTNER_SECRET_MIN_LENGTH = 32;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every switch reads the same two words; anything else (true, 1, yes) stops the start rather than guessing. */
const Switch = (fallback: 'on' | 'off', description: string) =>
  Type.Union([Type.Literal('on'), Type.Literal('off')], {
    default: fallback,
    description: `on or off: ${description}`,
  });
/** PostgreSQL's pool of one node at most, as its max_connections allows (100 unless configured). */
const MOST_DATABASE_POOL_SIZE = 100;

const Whole = (fallback: number, description: string, minimum = 1, maximum = 2 ** 31 - 1) =>
  Type.String({
    pattern: '^[0-9]{1,10}$',
    default: String(fallback),
    description: `a whole number from ${minimum} to ${maximum}: ${description}`,
    minimum,
    maximum,
  });
const Text = (
  description: string,
  options: { pattern?: string; minLength?: number; default?: string } = {},
) => Type.String({ minLength: 1, ...options, description });
const OneOf = <const T extends readonly string[]>(values: T, fallback: T[number], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { default: fallback, description: `one of ${values.join(', ')}: ${description}` },
  );

/**
 * The whole environment the server reads, once, at start (`.env.example` explains each variable to the
 * operator). A value is text as the environment gives it; an empty value counts as unset.
 */
export const EnvSchema = Type.Object({
  PORT: Whole(8080, 'the port the app and API listen on (0: any free one)', 0, 65535),
  HOST: Text('the address the server listens on', { pattern: '^\\S+$', default: '127.0.0.1' }),
  DATA_DIR: Text('folder of the SQLite database, keys and local files', { default: './data' }),
  DATABASE_URL: Type.Optional(
    Text('a PostgreSQL connection string, postgres://user:pass@host:5432/db', {
      pattern: '^postgres(ql)?://',
    }),
  ),
  DATABASE_POOL_SIZE: Whole(
    POSTGRES_POOL_SIZE,
    'connections each node keeps to PostgreSQL at most',
    1,
    MOST_DATABASE_POOL_SIZE,
  ),
  FILE_STORE: OneOf(FILE_STORE_KINDS, 'local', 'where kept files live'),
  SANDBOX: Switch('off', 'the sandbox adapters and /api/sandbox/*'),
  SEED_DEMO: Switch('off', 'seed the demo organisations into an empty database'),
  ACCESS_TOKEN_TTL_SECONDS: Whole(2 * 60 * 60, 'access token lifetime'),
  REFRESH_TOKEN_TTL_SECONDS: Whole(7 * 24 * 60 * 60, 'refresh token idle lifetime'),
  SESSION_MAX_AGE_SECONDS: Whole(30 * 24 * 60 * 60, 'absolute lifetime of one sign-in'),
  REFRESH_REUSE_GRACE_SECONDS: Whole(30, 'grace window of a just-rotated refresh token'),
  RSA_PRIVATE_KEY: Type.Optional(
    Text('a PEM RSA private key', { pattern: '-----BEGIN [A-Z ]*PRIVATE KEY-----' }),
  ),
  VERIFICATION_SECRET: Type.Optional(Text('the secret of SMS codes and QR signatures')),
  CLIENT_ID: Text('the web app client id', { pattern: '^[\\x21-\\x7e]{1,64}$', default: WEB_CLIENT.id }),
  CLIENT_SECRET: Text('the web app client secret', {
    pattern: '^[\\x21-\\x7e]{1,128}$',
    default: WEB_CLIENT.secret,
  }),
  CHANNEL_ID: Text('a channel id of letters, digits, _ and -', {
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    default: DEFAULT_CHANNEL_ID,
  }),
  PLATFORM_NAME: Text('the platform name shown to users', { default: '链票通供应链票据平台' }),
  WEB_ROOT: Text('folder of the built SPA, or off', { default: './dist/web' }),
  LOG_LEVEL: OneOf(LOG_LEVELS, 'info', 'the log level'),
  TRUST_PROXY: Type.Optional(
    Text(
      "comma-separated addresses or CIDR blocks of the proxies in front, e.g. 127.0.0.1,10.0.0.0/8 (never 'true')",
    ),
  ),
  BANK_TRANSFER_ARRIVAL_DELAY_SECONDS: Whole(0, 'sandbox bank transfer delay', 0),
  SANDBOX_INSTITUTION_DELAY_SECONDS: Text(
    'seconds the sandbox institutions take to answer an application by their policy, or manual (the sandbox page only)',
    { pattern: '^(\\d{1,6}|manual)$', default: '5' },
  ),
  SANDBOX_RATE_LIMIT: Whole(
    120,
    'calls one address may make in a minute to each part of the sandbox, 0 for no limit',
    0,
  ),
  TASK_LEASE_SECONDS: Whole(60, 'how long a claimed background task is held'),
  TASK_POLL_SECONDS: Whole(5, 'how often each node looks for background tasks'),
  TOKEN_RATE_LIMIT: Whole(
    200,
    'requests one access token may make in 10 seconds on one node, 0 for no limit',
    0,
  ),
  SGSCSP_SECRET: Type.Optional(
    Text(`the partner platform's shared secret, at least ${PARTNER_SECRET_MIN_LENGTH} characters`, {
      minLength: PARTNER_SECRET_MIN_LENGTH,
    }),
  ),
  BILL_BUSINESS_HOURS: Text('enterprise bill business hours, HH:MM-HH:MM, e.g. 08:00-20:00', {
    pattern: '^\\d{2}:\\d{2}-\\d{2}:\\d{2}$',
    default: DEFAULT_BILL_BUSINESS_HOURS,
  }),
  BILL_WORKDAYS_ONLY: Switch('off', 'bill commands only on business days'),
  DAY_END_AT: Text("the business day's close, HH:MM Shanghai time, when the day-end runs", {
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    default: DEFAULT_DAY_END_AT,
  }),
  DAY_END_THREAD: Switch('on', "the day-end's batches on a thread of their own (SQLite on a file)"),
  METRICS: Switch('off', 'Prometheus metrics at /metrics'),
  METRICS_PORT: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,5}$',
      description: 'a port from 1 to 65535 for the metrics alone',
      minimum: 1,
      maximum: 65535,
    }),
  ),
  METRICS_HOST: Text('the address of the metrics port', { pattern: '^\\S+$', default: '127.0.0.1' }),
  SMS_PROVIDER: OneOf(SMS_PROVIDERS, 'none', 'the SMS provider used with the sandbox off'),
  ALIYUN_SMS_ENDPOINT: Text('the dysmsapi address', {
    pattern: '^https?://',
    default: 'https://dysmsapi.aliyuncs.com',
  }),
  ALIYUN_SMS_ACCESS_KEY_ID: Type.Optional(Text('the AccessKey id of the SMS account')),
  ALIYUN_SMS_ACCESS_KEY_SECRET: Type.Optional(Text('the AccessKey secret of the SMS account')),
  ALIYUN_SMS_SIGN_NAME: Type.Optional(Text('the approved SMS signature (签名)')),
  ALIYUN_SMS_TEMPLATE_CODE: Type.Optional(
    Text('the approved verification-code template, e.g. SMS_123456789', { pattern: '^SMS_\\w+$' }),
  ),
  ESIGN_PROVIDER: OneOf(
    ESIGN_PROVIDERS,
    'none',
    'the identity, transfer and e-sign provider used with the sandbox off',
  ),
  ESIGN_BASE_URL: Text('the e签宝 open API address', {
    pattern: '^https?://',
    default: 'https://openapi.esign.cn',
  }),
  ESIGN_APP_ID: Type.Optional(Text('the e签宝 app id')),
  ESIGN_APP_SECRET: Type.Optional(Text('the e签宝 app secret')),
  ESIGN_NOTIFY_URL: Type.Optional(
    Text('the public https address of /api/edoc/callback for e签宝', { pattern: '^https?://' }),
  ),
});
export type Env = Static<typeof EnvSchema>;

/** A start refused because of the configuration: main.ts prints the message and exits with EXIT_CONFIG. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
/** sysexits' EX_CONFIG: the start was refused because of the configuration. */
export const EXIT_CONFIG = 78;

/** `08:00-20:00` to minutes; a malformed value stops the start rather than opening the ledger all day. */
export function businessHoursOf(value: string | undefined): BusinessHours {
  const text = value || DEFAULT_BILL_BUSINESS_HOURS;
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  const minutes = match ? [1, 3].map((i) => Number(match[i]) * 60 + Number(match[i + 1])) : [];
  const [open, close] = minutes;
  const minute = (i: number) => Number(match?.[i] ?? 60);
  if (
    open === undefined ||
    close === undefined ||
    open >= close ||
    close > 24 * 60 ||
    minute(2) > 59 ||
    minute(4) > 59
  )
    throw new ConfigError(`BILL_BUSINESS_HOURS must look like 08:00-20:00, not ${text}`);
  return { open, close };
}

/** `21:00` to minutes after midnight (the schema has checked the form). */
const minutesOf = (text: string): number => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** What is wrong with each malformed variable, one line each, with what was expected. */
function problemsOf(env: Record<string, string>): string[] {
  const problems = new Map<string, string>();
  for (const error of Value.Errors(EnvSchema, env)) {
    const name = error.instancePath.split('/')[1];
    if (!name || problems.has(name)) continue;
    const schema = EnvSchema.properties[name as keyof Env] as TSchema & { description?: string };
    problems.set(
      name,
      `${name}=${JSON.stringify(env[name])}: expected ${schema.description ?? 'a valid value'}`,
    );
  }
  for (const [name, schema] of Object.entries(EnvSchema.properties) as [
    string,
    TSchema & { minimum?: number; maximum?: number; description?: string },
  ][]) {
    const value = env[name];
    if (problems.has(name) || schema.minimum === undefined || value === undefined) continue;
    const n = Number(value);
    if (n < schema.minimum || n > (schema.maximum ?? Infinity))
      problems.set(name, `${name}=${JSON.stringify(value)}: expected ${schema.description}`);
  }
  for (const entry of listOf(env.TRUST_PROXY)) {
    if (!isAddressOrBlock(entry))
      problems.set(
        'TRUST_PROXY',
        `TRUST_PROXY: "${entry}" is not an address or CIDR block; list the proxies in front of the server (true, which believes every peer, is refused)`,
      );
  }
  if (!problems.has('BILL_BUSINESS_HOURS')) {
    try {
      businessHoursOf(env.BILL_BUSINESS_HOURS);
    } catch (error) {
      problems.set('BILL_BUSINESS_HOURS', (error as Error).message);
    }
  }
  return [...problems.values()];
}

/**
 * Settings that are each well-formed but dangerous together. The sandbox fakes the outside parties (SMS
 * gateway, licence app, bank, e-sign): whoever reaches it signs in as anyone, so it only ever listens on
 * this machine.
 */
function conflictsOf(env: Env): string[] {
  const conflicts: string[] = [];
  const missing = (names: readonly (keyof Env)[]) => names.filter((name) => env[name] === undefined);
  if (env.SMS_PROVIDER === 'aliyun' && missing(ALIYUN_SMS_REQUIRED).length > 0)
    conflicts.push(`SMS_PROVIDER=aliyun needs ${missing(ALIYUN_SMS_REQUIRED).join(', ')}`);
  if (env.ESIGN_PROVIDER === 'esign' && missing(ESIGN_REQUIRED).length > 0)
    conflicts.push(`ESIGN_PROVIDER=esign needs ${missing(ESIGN_REQUIRED).join(', ')}`);
  if (env.SANDBOX === 'off' || isLoopbackHost(env.HOST)) return conflicts;
  return [
    ...conflicts,
    `HOST=${env.HOST} with SANDBOX=on: the sandbox signs anyone in as any account, reads every SMS code and`,
    '  confirms any QR verification, so it listens on this machine only. Listen on 127.0.0.1, or SANDBOX=off.',
  ];
}

/**
 * The environment checked against EnvSchema: every malformed value is named in one ConfigError, so a typo
 * (PORT=abc, SANDBOX=false) stops the start instead of quietly becoming a default.
 */
export function readEnv(source: NodeJS.ProcessEnv): Env {
  const given: Record<string, string> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = source[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const env = Value.Default(EnvSchema, given) as Record<string, string>;
  const problems = problemsOf(env);
  if (problems.length === 0) problems.push(...conflictsOf(env as Env));
  if (problems.length > 0)
    throw new ConfigError(
      ['chain-bill cannot start: the configuration is malformed.', ...problems].join('\n'),
    );
  return env as Env;
}

const on = (value: 'on' | 'off'): boolean => value === 'on';

/** The `.env` file of the working directory, when there is one; variables already set win over it. */
const ENV_FILE = '.env';

export function readEnvFile(): void {
  try {
    process.loadEnvFile(ENV_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = readEnv(source);
  return {
    port: Number(env.PORT),
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE),
    sandbox: on(env.SANDBOX),
    inMemoryDb: false,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS),
    sessionMaxAgeSeconds: Number(env.SESSION_MAX_AGE_SECONDS),
    refreshReuseGraceSeconds: Number(env.REFRESH_REUSE_GRACE_SECONDS),
    rsaPrivateKeyPem: env.RSA_PRIVATE_KEY,
    verificationSecret: env.VERIFICATION_SECRET,
    clientId: env.CLIENT_ID,
    clientSecret: env.CLIENT_SECRET,
    channelId: env.CHANNEL_ID,
    platformName: env.PLATFORM_NAME,
    webRoot: env.WEB_ROOT === 'off' ? undefined : path.resolve(env.WEB_ROOT),
    seedDemo: on(env.SEED_DEMO),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ? listOf(env.TRUST_PROXY) : false,
    bankTransferArrivalDelaySeconds: Number(env.BANK_TRANSFER_ARRIVAL_DELAY_SECONDS),
    institutionAnswerDelaySeconds:
      env.SANDBOX_INSTITUTION_DELAY_SECONDS === 'manual'
        ? null
        : Number(env.SANDBOX_INSTITUTION_DELAY_SECONDS),
    fileStore: env.FILE_STORE,
    taskLeaseSeconds: Number(env.TASK_LEASE_SECONDS),
    taskPollSeconds: Number(env.TASK_POLL_SECONDS),
    tokenRateLimit: Number(env.TOKEN_RATE_LIMIT),
    sandboxRateLimit: Number(env.SANDBOX_RATE_LIMIT),
    partnerSecret: env.SGSCSP_SECRET,
    billBusinessHours: businessHoursOf(env.BILL_BUSINESS_HOURS),
    billWorkdaysOnly: on(env.BILL_WORKDAYS_ONLY),
    dayEndAt: minutesOf(env.DAY_END_AT ?? DEFAULT_DAY_END_AT),
    dayEndTimer: true,
    dayEndThread: on(env.DAY_END_THREAD),
    metrics: on(env.METRICS),
    metricsPort: env.METRICS_PORT === undefined ? undefined : Number(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST,
    aliyunSms:
      env.SMS_PROVIDER === 'aliyun'
        ? {
            endpoint: env.ALIYUN_SMS_ENDPOINT,
            accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
            signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
          }
        : null,
    esign:
      env.ESIGN_PROVIDER === 'esign'
        ? {
            baseUrl: env.ESIGN_BASE_URL,
            appId: env.ESIGN_APP_ID ?? '',
            appSecret: env.ESIGN_APP_SECRET ?? '',
            notifyUrl: env.ESIGN_NOTIFY_URL ?? '',
          }
        : null,
  };
}

/** A configuration for tests: in-memory database, no SPA, quiet logs, the sandbox and demo seed on. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // No per-token limit: a test drives one token as fast as the machine goes (rate-limit tests set one).
    ...loadConfig({ SANDBOX: 'on', SEED_DEMO: 'on', TOKEN_RATE_LIMIT: '0' }),
    inMemoryDb: true,
    webRoot: undefined,
    logLevel: 'silent',
    dayEndTimer: false,
    dataDir: path.resolve('data/test'),
    ...overrides,
  };
}
