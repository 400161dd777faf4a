/**
 * The route fuzzer: every registered route sent wrong types, huge strings, unicode, nulls, arrays and nested
 * objects over `inject`, signed out and signed in. app/fuzz.test.ts runs it on the run's database, and
 * postgres/postgres-fuzz.test.ts on PostgreSQL, which refuses values SQLite stores (a NUL in text, a
 * number past its column's type, a date that does not exist).
 */
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { CAPTCHA_REP_CODE } from '@contract/constants';
import { API_ERROR, OAUTH_ERROR } from '@contract/errors';
import { VERIFICATION_ERROR } from '@contract/verification';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { openSession } from '../../src/modules/auth/tokens';
import { CAPTCHA_CHECK_LIMITED_CODE, CAPTCHA_REQUEST_CODE } from '../../src/modules/captcha/constants';
import { SANDBOX_PREFIX } from '../../src/plugins/sandbox-gate';
import type { TestApp } from './helpers';

/** The WebSocket upgrade cannot be performed by `inject`; its handshake has its own tests in realtime.test.ts. */
const isWebSocket = (route: RouteOptions) => (route as { websocket?: boolean }).websocket === true;

const CAPTCHA_PREFIX = '/api/captcha/';

export interface FuzzTarget {
  method: string;
  url: string;
  oauthErrors: boolean;
  /** AJ-Captcha's routes refuse bad fields and too many calls in its own envelope. */
  captchaErrors: boolean;
  /** Takes a file as its body (an upload has its own size limit and type check). */
  fileUpload: boolean;
  rawBody: boolean;
  params: string[];
  query: string[];
  body: string[];
}

const propertiesOf = (schema: unknown): string[] =>
  Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});

/** Fastify adds a HEAD twin to every GET route with the same handler; the GET fuzz sends HEAD among its methods. */
const isHeadTwin = (method: string, route: RouteOptions, routes: RouteOptions[]) =>
  method === 'HEAD' &&
  routes.some((other) => other.url === route.url && [other.method].flat().includes('GET'));

/** What the fuzzer sends each route of `routes` (as `onRoute` saw them): its method, its URL, its fields. */
export const fuzzTargets = (routes: RouteOptions[]): FuzzTarget[] =>
  routes
    .filter((route) => !isWebSocket(route))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => !isHeadTwin(method, route, routes))
        .map((method) => ({
          method,
          url: route.url,
          oauthErrors: route.config?.oauthErrors === true,
          captchaErrors: route.url.startsWith(CAPTCHA_PREFIX),
          fileUpload: route.config?.fileUpload === true,
          rawBody: route.config?.rawBody === true,
          params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
          query: propertiesOf(route.schema?.querystring),
          body: propertiesOf(route.schema?.body),
        })),
    );

// ---------------------------------------------------------------------------------------------- generators

const hugeString = fc.integer({ min: 1_000, max: 20_000 }).map((length) => '漢'.repeat(length));
const trickyString = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9'.repeat(40),
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\r\n[FAKE] admin login ok',
  '\u202e\u2028\u2029',
  '👨‍👩‍👧‍👦',
  '__proto__',
  'constructor',
  '2026-02-30',
  '13800000001',
  DEMO_ORGS.hangzhou.id,
);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: trickyString },
  { weight: 1, arbitrary: hugeString },
);
const deepNesting = fc
  .integer({ min: 50, max: 2_000 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(anyString, fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  deepNesting,
);

/** JSON text nested far deeper than any body of the API: arrays, objects or both, thousands of levels. */
const deepText = fc
  .record({ depth: fc.integer({ min: 33, max: 20_000 }), open: fc.constantFrom('[', '{"a":', '[{"b":') })
  .map(({ depth, open }) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/** An object with the route's own keys (and others) holding values of any type. */
const objectFor = (keys: string[]) =>
  fc.dictionary(
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string(),
    anyValue,
    { maxKeys: keys.length + 2 },
  );

/** A JSON document, a form, or raw text that is neither, with the content type that goes with it. */
const payloadFor = (keys: string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.oneof(objectFor(keys), anyValue).map((value) => ({
        contentType: 'application/json',
        payload: JSON.stringify(value) ?? 'null',
      })),
    },
    {
      weight: 2,
      arbitrary: objectFor(keys).map((value) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(
          Object.entries(value).map(([key, item]): [string, string] => [key, String(JSON.stringify(item))]),
        ).toString(),
      })),
    },
    {
      weight: 1,
      arbitrary: deepText.map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/xml',
          'multipart/form-data',
        ),
        payload: anyString,
      }),
    },
  );

/** Any text as a path segment, percent-encoded byte by byte; now and then a broken escape as is. */
const pathSegment = fc.oneof(
  { weight: 6, arbitrary: anyString.map((text) => encodeURIComponent(text)) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%E4%B8', '%zz', '%00', '..', '.') },
);

const queryFor = (keys: string[]) =>
  fc.array(
    fc.tuple(
      keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string(),
      anyString,
    ),
    { maxLength: keys.length + 3 },
  );

const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,80}$/);
/** The proof and idempotency headers of secondary verification (contract/verification.ts), with junk. */
const extraHeaders = fc.dictionary(
  fc.constantFrom('verify-code', 'qr-id', 'signature', 'idempotency-key', 'request-id', 'accept'),
  headerValue,
  { maxKeys: 3 },
);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const methodFor = (own: string) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });

/** Signed out, with a junk token, or signed in as one of the demo accounts in one of its organisations. */
const caller = fc.oneof(
  fc.constant({ kind: 'anonymous' as const }),
  headerValue.map((token) => ({ kind: 'junk' as const, token })),
  fc.constantFrom(...DEMO_ACCOUNTS).chain((account) =>
    fc.constantFrom(...account.memberships).map((membership) => ({
      kind: 'member' as const,
      userId: account.id,
      orgId: DEMO_ORGS[membership.org].id,
    })),
  ),
);
export type Caller = typeof caller extends fc.Arbitrary<infer C> ? C : never;

/** A fresh session per request: a fuzzed logout or org switch must not sign out the next run. */
export async function authorizationOf(t: TestApp, who: Caller): Promise<Record<string, string>> {
  if (who.kind === 'anonymous') return {};
  if (who.kind === 'junk') return { authorization: `Bearer ${who.token}` };
  const { accessToken } = await openSession(
    t.app.db,
    { userId: who.userId, orgId: who.orgId, clientId: t.config.clientId },
    t.app.now(),
    t.config,
  );
  return { authorization: `Bearer ${accessToken}` };
}

// ---------------------------------------------------------------------------------------------- error shapes

const API_CODES = new Set<string>([...Object.values(API_ERROR), ...Object.values(VERIFICATION_ERROR)]);
const OAUTH_CODES = new Set<string>(Object.values(OAUTH_ERROR));
const CHINESE = /\p{Script=Han}/u;

const sameKeys = (body: object, keys: string[]) =>
  JSON.stringify(Object.keys(body).sort()) === JSON.stringify([...keys].sort());

function isApiError(body: Record<string, unknown>): boolean {
  const shaped = sameKeys(body, ['code', 'msg']) || sameKeys(body, ['code', 'msg', 'challengeId']);
  return shaped && API_CODES.has(String(body.code)) && CHINESE.test(String(body.msg));
}

/** AJ-Captcha's codes for a missing or malformed field, and for fetching or checking too often. */
const CAPTCHA_REFUSAL_CODES = new Set<string>([
  ...Object.values(CAPTCHA_REQUEST_CODE),
  CAPTCHA_REP_CODE.fetchLimited,
  CAPTCHA_CHECK_LIMITED_CODE,
]);

function isCaptchaRefusal(body: Record<string, unknown>): boolean {
  return (
    sameKeys(body, ['repCode', 'repMsg', 'repData']) &&
    CAPTCHA_REFUSAL_CODES.has(String(body.repCode)) &&
    CHINESE.test(String(body.repMsg)) &&
    body.repData === null
  );
}

function isOAuthError(body: Record<string, unknown>): boolean {
  return (
    sameKeys(body, ['error', 'error_description']) &&
    OAUTH_CODES.has(String(body.error)) &&
    CHINESE.test(String(body.error_description))
  );
}

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractBreach(
  response: LightMyRequestResponse,
  method: string,
  oauthErrors: boolean,
  captchaErrors = false,
): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (response.statusCode < 400 || method === 'HEAD') return null;
  if (!String(response.headers['content-type']).startsWith('application/json')) return 'error is not JSON';
  let body: Record<string, unknown>;
  try {
    body = response.json<Record<string, unknown>>();
  } catch {
    return 'error body is not JSON';
  }
  // The token endpoint answers in the OAuth shape only; elsewhere a 401 carries the bearer challenge.
  if (oauthErrors) return isOAuthError(body) ? null : 'not the OAuth error shape';
  if (response.statusCode === 401 && isOAuthError(body)) return null;
  if (captchaErrors && [400, 429].includes(response.statusCode)) {
    return isCaptchaRefusal(body) ? null : 'not the AJ-Captcha envelope';
  }
  return isApiError(body) ? null : 'not the API error shape';
}

// ---------------------------------------------------------------------------------------------- the fuzzer

export interface RouteFuzzOptions {
  /** The describe block's title. */
  title: string;
  /** fast-check's seed: the same seed sends the same requests. */
  seed: number;
  runsPerRoute: number;
}

/**
 * Every one of `targets` fuzzed on the app `t`: no answer may be 5xx, and every error answer has one of the
 * documented shapes.
 */
export function describeRouteFuzz(t: TestApp, targets: FuzzTarget[], options: RouteFuzzOptions): void {
  const registered = new Set(targets.map((target) => `${target.method} ${target.url}`));
  describe(options.title, () => {
    it('lists the routes of the app', () => {
      expect(targets.length).toBeGreaterThan(40);
      expect(targets.some((target) => target.url === '/oauth/token')).toBe(true);
    });

    it.each(targets.map((target) => [`${target.method} ${target.url}`, target] as const))(
      '%s never answers 5xx and errors keep the documented shape',
      async (_name, target) => {
        await fc.assert(
          fc.asyncProperty(
            methodFor(target.method),
            fc.array(pathSegment, { minLength: target.params.length, maxLength: target.params.length }),
            queryFor(target.query),
            payloadFor(target.body),
            caller,
            extraHeaders,
            fc.ipV4(),
            async (method, segments, query, body, who, headers, ip) => {
              let index = 0;
              const url = target.url.replace(/:\w+/g, () => segments[index++] ?? '');
              const search = new URLSearchParams(query).toString();
              const sendsBody = method !== 'GET' && method !== 'HEAD';
              const response = await t.app.inject({
                method: method as HTTPMethods,
                url: search ? `${url}?${search}` : url,
                // The sandbox answers this machine only (sandbox-gate.test.ts); its handlers are fuzzed from here.
                remoteAddress: target.url.startsWith(SANDBOX_PREFIX) ? '127.0.0.1' : ip,
                headers: {
                  ...headers,
                  ...(await authorizationOf(t, who)),
                  ...(sendsBody ? { 'content-type': body.contentType } : {}),
                },
                ...(sendsBody ? { payload: body.payload } : {}),
              });
              // A method with no route on the token endpoint's or a captcha route's path answers in the API
              // shape (404, or 400 for a body that is not JSON, which is read before the answer).
              const own = registered.has(`${method} ${target.url}`);
              const breach = contractBreach(
                response,
                method,
                target.oauthErrors && own,
                target.captchaErrors && own,
              );
              const seen = `${method} ${url.slice(0, 200)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
              expect(breach, seen).toBeNull();
            },
          ),
          { seed: options.seed, numRuns: options.runsPerRoute },
        );
      },
    );
  });
}
