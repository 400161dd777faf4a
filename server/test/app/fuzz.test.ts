/**
 * Every registered route, fuzzed over `inject` (support/route-fuzz.ts) on the run's database, and the bodies
 * the server will not read.
 */
import type { RouteOptions } from 'fastify';
import { API_ERROR, OAUTH_ERROR } from '@contract/errors';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { startApp } from '../support/helpers';
import { authorizationOf, describeRouteFuzz, fuzzTargets } from '../support/route-fuzz';

const SEED = 38;
const RUNS_PER_ROUTE = 25;

const routes: RouteOptions[] = [];
const t = await startApp({}, { onRoute: (route) => void routes.push(route) });
afterAll(async () => {
  await t.app.close();
});

const targets = fuzzTargets(routes);

describeRouteFuzz(t, targets, {
  title: 'every route under fuzzed input',
  seed: SEED,
  runsPerRoute: RUNS_PER_ROUTE,
});

describe('bodies the server will not read', () => {
  const jsonRoutes = targets.filter(
    (target) => target.method === 'POST' && !target.oauthErrors && !target.fileUpload,
  );

  it.each(jsonRoutes.map((target) => [target.url, target] as const))(
    '%s answers an oversized body with 413 PAYLOAD_TOO_LARGE',
    async (_name, target) => {
      const response = await t.app.inject({
        method: 'POST',
        url: target.url.replace(/:\w+/g, 'x'),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ mobile: 'x'.repeat(BODY_LIMIT_BYTES) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: API_ERROR.payloadTooLarge, msg: '请求内容过大' });
    },
  );

  it.each(
    jsonRoutes.flatMap((target) =>
      ['text/plain', 'application/xml'].map((type) => [target.url, type, target] as const),
    ),
  )('%s answers %s with 415 UNSUPPORTED_MEDIA_TYPE', async (_name, contentType, target) => {
    const response = await t.app.inject({
      method: 'POST',
      url: target.url.replace(/:\w+/g, 'x'),
      headers: { 'content-type': contentType },
      payload: contentType === 'text/plain' ? 'mobile=13800000001' : '<mobile>13800000001</mobile>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: API_ERROR.unsupportedMediaType, msg: '不支持的请求格式' });
  });

  it.each(jsonRoutes.map((target) => [target.url, target] as const))(
    '%s answers a body nested 5,000 levels deep with 400, not a stack overflow',
    async (_name, target) => {
      for (const payload of [
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
        // Brackets inside strings are text, not nesting: this one is shallow and judged by the route.
        JSON.stringify({ mobile: '['.repeat(5_000) }),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: target.url.replace(/:\w+/g, 'x'),
          headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body-1' },
          payload,
        });
        expect(response.statusCode, payload.slice(0, 12)).toBeLessThan(500);
        // A provider's callback checks its signature over the raw bytes first, and answers 401.
        if (!payload.includes('mobile') && !target.rawBody) {
          expect(response.statusCode, target.url).toBe(400);
          if (!target.captchaErrors)
            expect(response.json()).toEqual({ code: API_ERROR.badRequest, msg: '请求参数有误' });
        }
      }
    },
  );

  it('refuses a body sent to a route that takes none, and takes {} as none', async () => {
    const [owner] = DEMO_ACCOUNTS;
    const session = await authorizationOf(t, {
      kind: 'member',
      userId: owner!.id,
      orgId: DEMO_ORGS[owner!.memberships[0]!.org].id,
    });
    const withBody = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify({ anything: 1 }),
    });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json()).toEqual({ code: API_ERROR.badRequest, msg: '请求参数有误' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...session, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(200);
  });

  it('answers the token endpoint with the OAuth shape for both', async () => {
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&mobile=${'1'.repeat(BODY_LIMIT_BYTES)}`,
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({
      error: OAUTH_ERROR.invalidRequest,
      error_description: '请求内容过大',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<grant_type>password</grant_type>',
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toEqual({ error: OAUTH_ERROR.invalidRequest, error_description: '不支持的请求格式' });
  });
});
