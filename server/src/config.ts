import net from 'node:net';
import path from 'node:path';
import { SANDBOX_EXPOSED_ACK_PHRASE } from './plugins/sandbox-gate';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** Sandbox adapters and `/api/sandbox/*` are on unless SANDBOX=off. */
  sandbox: boolean;
  /**
   * Addresses and CIDR blocks, beyond loopback, from which `/api/sandbox/*` answers (SANDBOX_ALLOWED_CIDRS,
   * comma-separated). Empty: this machine only.
   */
  sandboxAllowedCidrs: string[];
  /** SANDBOX_EXPOSED_ACK is set to SANDBOX_EXPOSED_ACK_PHRASE: the sandbox may listen beyond loopback. */
  sandboxExposedAck: boolean;
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
  /** Peers whose X-Forwarded-For is believed (Fastify trustProxy); none by default. */
  trustProxy: string | boolean;
  /** Sandbox bank: how long a small-amount transfer takes to reach the account (0: at once). */
  bankTransferArrivalDelaySeconds: number;
  /** Where kept files live: `local` (DATA_DIR/files, one node) or `database` (shared by every node). */
  fileStore: FileStoreKind;
  /** A background task claimed by a node is its own for this long; progress renews it. */
  taskLeaseSeconds: number;
  /** How often each node looks for background tasks it was not told about (another node's, or a dead one's). */
  taskPollSeconds: number;
  /**
   * The partner platform's shared secret for `POST /api/register/sgscsp` tokens (SGSCSP_SECRET, at least 32
   * characters). Unset: the hand-over is closed.
   */
  partnerSecret: string | undefined;
  /** Enterprise bill business hours in Asia/Shanghai, `HH:MM-HH:MM` (BILL_BUSINESS_HOURS), on any day. */
  billBusinessHours: BusinessHours;
  /** BILL_WORKDAYS_ONLY=on: bill commands also only on business days of the holiday calendar. */
  billWorkdaysOnly: boolean;
}

export const FILE_STORE_KINDS = ['local', 'database'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];

/** Minutes after Shanghai midnight: business opens at `open` and closes at `close` (exclusive). */
export interface BusinessHours {
  open: number;
  close: number;
}

/** Enterprise (non-trading) bill business: 08:00-20:00 by default. */
export const DEFAULT_BILL_BUSINESS_HOURS = '08:00-20:00';

/** `08:00-20:00` to minutes; a malformed value stops the start rather than opening the ledger all day. */
export function businessHoursOf(value: string | undefined): BusinessHours {
  const text = value || DEFAULT_BILL_BUSINESS_HOURS;
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  const minutes = match ? [1, 3].map((i) => Number(match[i]) * 60 + Number(match[i + 1])) : [];
  const [open, close] = minutes;
  if (open === undefined || close === undefined || open >= close || close > 24 * 60)
    throw new Error(`BILL_BUSINESS_HOURS must look like 08:00-20:00, not ${text}`);
  return { open, close };
}

/** A misspelt store would silently keep files on one node: refuse to start instead. */
function fileStoreOf(value: string | undefined): FileStoreKind {
  const kind = value || 'local';
  if (!(FILE_STORE_KINDS as readonly string[]).includes(kind))
    throw new Error(`FILE_STORE must be one of ${FILE_STORE_KINDS.join(', ')}, not ${kind}`);
  return kind as FileStoreKind;
}

const intOf = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Like intOf, where 0 is a meaningful setting. */
const countOf = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};
/** `SANDBOX_ALLOWED_CIDRS`: addresses (`10.0.0.7`, `::1`) or blocks (`10.0.0.0/8`, `fd00::/8`); a bad entry stops the start. */
function cidrList(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const validPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits && rest.length === 0);
    if (family === 0 || !validPrefix)
      throw new Error(`SANDBOX_ALLOWED_CIDRS: "${entry}" is not an address or CIDR block`);
  }
  return entries;
}

/** A short shared secret would make the partner's tokens guessable: refuse to start instead. */
const PARTNER_SECRET_MIN_LENGTH = 32;
function partnerSecretOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < PARTNER_SECRET_MIN_LENGTH)
    throw new Error(`SGSCSP_SECRET must be at least ${PARTNER_SECRET_MIN_LENGTH} characters`);
  return value;
}

/** The fixed public client of the web app (spec section 3, `{key}`); documented, not secret. */
export const WEB_CLIENT = { id: 'chain-bill-web', secret: 'chain-bill-web-public' } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: intOf(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sandbox: !['off', 'false', '0', 'no'].includes((env.SANDBOX ?? 'on').toLowerCase()),
    sandboxAllowedCidrs: cidrList(env.SANDBOX_ALLOWED_CIDRS),
    sandboxExposedAck: env.SANDBOX_EXPOSED_ACK === SANDBOX_EXPOSED_ACK_PHRASE,
    inMemoryDb: false,
    accessTokenTtlSeconds: intOf(env.ACCESS_TOKEN_TTL_SECONDS, 2 * 60 * 60),
    refreshTokenTtlSeconds: intOf(env.REFRESH_TOKEN_TTL_SECONDS, 7 * 24 * 60 * 60),
    sessionMaxAgeSeconds: intOf(env.SESSION_MAX_AGE_SECONDS, 30 * 24 * 60 * 60),
    refreshReuseGraceSeconds: intOf(env.REFRESH_REUSE_GRACE_SECONDS, 30),
    rsaPrivateKeyPem: env.RSA_PRIVATE_KEY || undefined,
    verificationSecret: env.VERIFICATION_SECRET || undefined,
    clientId: env.CLIENT_ID || WEB_CLIENT.id,
    clientSecret: env.CLIENT_SECRET || WEB_CLIENT.secret,
    channelId: env.CHANNEL_ID || 'CH0001',
    platformName: env.PLATFORM_NAME || '链票通供应链票据平台',
    webRoot: env.WEB_ROOT === 'off' ? undefined : path.resolve(env.WEB_ROOT || './dist/web'),
    seedDemo: (env.SEED_DEMO ?? 'on') !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    bankTransferArrivalDelaySeconds: countOf(env.BANK_TRANSFER_ARRIVAL_DELAY_SECONDS, 0),
    fileStore: fileStoreOf(env.FILE_STORE),
    taskLeaseSeconds: intOf(env.TASK_LEASE_SECONDS, 60),
    taskPollSeconds: intOf(env.TASK_POLL_SECONDS, 5),
    partnerSecret: partnerSecretOf(env.SGSCSP_SECRET),
    billBusinessHours: businessHoursOf(env.BILL_BUSINESS_HOURS),
    billWorkdaysOnly: env.BILL_WORKDAYS_ONLY === 'on',
  };
}

/** A configuration for tests: in-memory database, no SPA, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    inMemoryDb: true,
    webRoot: undefined,
    logLevel: 'silent',
    dataDir: path.resolve('data/test'),
    ...overrides,
  };
}
