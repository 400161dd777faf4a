import zlib from 'node:zlib';
import Fastify from 'fastify';
import { KEPT_COMPRESS_MIN_BYTES, sendKeptAnswer } from '../../src/lib/kept-answers';

describe('answers kept while their source lives', () => {
  const source = Object.freeze([{ id: 'a' }]);
  let calls = 0;
  const app = Fastify();
  app.get<{ Querystring: { key: string; fresh?: string } }>(
    '/page',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
              n: { type: 'number' },
            },
          },
        },
      },
    },
    async (request, reply) =>
      sendKeptAnswer(reply, request.query.fresh ? [{ id: 'b' }] : source, request.query.key, () => {
        calls += 1;
        return { items: source.map((item) => ({ ...item, secret: 'x' })), n: calls };
      }),
  );
  const large = Object.freeze([{ id: '票'.repeat(KEPT_COMPRESS_MIN_BYTES) }]);
  app.get('/large', async (_request, reply) =>
    sendKeptAnswer(reply, large, 'all', () => ({ items: large, n: 0 })),
  );
  afterAll(() => app.close());

  it('sends a large kept answer compressed as the client accepts, and as it is to one that does not', async () => {
    const br = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual({ items: large, n: 0 });
    expect(br.rawPayload.length).toBeLessThan(KEPT_COMPRESS_MIN_BYTES);
    const gzip = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString()).items).toEqual(large);
    const plain = await app.inject({ method: 'GET', url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ items: large, n: 0 });
  });

  it('serialises once per source and key, through the route schema, and again for another key', async () => {
    const first = await app.inject({ method: 'GET', url: '/page?key=1' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The schema's serialiser made it: a field the schema does not name is left out.
    expect(first.json()).toEqual({ items: [{ id: 'a' }], n: 1 });
    expect((await app.inject({ method: 'GET', url: '/page?key=1' })).json()).toEqual(first.json());
    expect((await app.inject({ method: 'GET', url: '/page?key=2' })).json().n).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/page?key=1&fresh=1' })).json().n).toBe(3);
    expect(calls).toBe(3);
  });
});
