import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ENDPOINTS } from '@contract/spec-endpoints';
import { documented } from '../../src/plugins/openapi';
import { startApp, type TestApp } from '../support/helpers';

type Operation = {
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};

let t: TestApp;
let document: Document;
const routes: Array<{
  method: string;
  url: string;
  hasBody: boolean;
  websocket: boolean;
  idempotent: boolean;
}> = [];

beforeAll(async () => {
  t = await startApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          routes.push({
            method,
            url: route.url,
            hasBody: Boolean(route.schema?.body),
            websocket: Boolean((route as { websocket?: boolean }).websocket),
            idempotent: route.config?.idempotent === true,
          });
      },
    },
  );
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => t.app.close());

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Answers that are files, not JSON: their 200 is a byte stream the document cannot give a schema. */
const FILE_ANSWERS = new Set(['GET /api/edoc/contract/v2/{id}/preview']);

describe('the API document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route of the server but the sandbox, the document itself and what is not the API', () => {
    // The realtime socket is an upgrade, not a request and answer: the description names it instead.
    expect(
      routes.filter((route) => route.websocket && route.method === 'GET').map((route) => route.url),
    ).toEqual(['/api/ws']);
    const missing = routes
      .filter((route) => route.method !== 'HEAD' && !route.websocket && documented(route.url))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(routes.some((route) => route.url.startsWith('/api/sandbox'))).toBe(true);
    expect(Object.keys(document.paths).filter((path) => !documented(path))).toEqual([]);
  });

  it('gives every spec call the server implements its request and answer shapes', () => {
    const registered = new Set(routes.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const implemented = SPEC_ENDPOINTS.filter((call) => registered.has(call));
    expect(implemented.length).toBeGreaterThan(60);
    for (const call of FILE_ANSWERS) expect(implemented).toContain(call);
    const lacking: string[] = [];
    for (const call of implemented) {
      const [method = '', path = ''] = call.split(' ');
      const operation = document.paths[path]?.[method.toLowerCase()];
      const route = routes.find((r) => r.method === method && openApiPath(r.url) === path);
      if (!operation) {
        lacking.push(`${call}: absent`);
        continue;
      }
      if (route?.hasBody && !operation.requestBody?.content) lacking.push(`${call}: no request body`);
      const answered = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
      const shaped = answered.some(([, response]) =>
        Object.values(response.content ?? {}).some((c) => c.schema),
      );
      if (!shaped && !FILE_ANSWERS.has(call)) lacking.push(`${call}: no answer shape`);
    }
    expect(lacking).toEqual([]);
  });

  it('declares the 503 a command answers when its transaction is contended on every command route', () => {
    const commands = routes.filter((route) => route.idempotent);
    expect(commands.length).toBeGreaterThan(40);
    const lacking = commands
      .map((route) => ({
        route,
        operation: document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
      }))
      .filter(({ operation }) => operation && !operation.responses?.['503'])
      .map(({ route }) => `${route.method} ${route.url}`);
    expect(lacking).toEqual([]);
  });

  it('names shared schemas by their $id or title, never def-N', () => {
    const names = Object.keys(document.components?.schemas ?? {});
    expect(names.filter((name) => /^def-\d+$/.test(name))).toEqual([]);
    expect(JSON.stringify(document)).not.toMatch(/#\/components\/schemas\/def-\d+/);
  });

  it('has a reader page in Chinese that works under the API content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('script-src');
    expect(response.body).toContain('<html lang="zh-CN">');
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('/api/organization/auth/bank-transfer-auth/apply');
    expect(response.body).toContain('请求体');
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});

describe('the naming of shared schemas', () => {
  it('makes a schema registered with an $id a component of that name', async () => {
    const { default: Fastify } = await import('fastify');
    const { setupOpenApi } = await import('../../src/plugins/openapi');
    const app = Fastify();
    setupOpenApi(app);
    app.addSchema({ $id: 'Money', type: 'string', pattern: '^\\d+\\.\\d{2}$', title: 'Money' });
    app.post(
      '/api/pay',
      {
        schema: {
          body: { type: 'object', properties: { amount: { $ref: 'Money#' } }, required: ['amount'] },
          response: { 200: { type: 'object', properties: { paid: { $ref: 'Money#' } } } },
        },
      },
      async () => ({ paid: '1.00' }),
    );
    await app.ready();
    const shared = (await app.openApiDocument()) as { components?: { schemas?: Record<string, unknown> } };
    expect(Object.keys(shared.components?.schemas ?? {})).toEqual(['Money']);
    expect(JSON.stringify(shared)).toContain('#/components/schemas/Money');
    await app.close();
  });
});
