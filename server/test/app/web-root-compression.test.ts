import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `console.log(${JSON.stringify('链票通'.repeat(400))});\n`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><title>${'链票通'.repeat(200)}</title></head></html>`;
const SW = `self.addEventListener('install', () => {}); // ${'x'.repeat(2000)}`;

/** No Accept-Encoding, identity only, and every encoding refused. */
const NO_COMPRESSION: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'identity' },
  { 'accept-encoding': 'br;q=0, gzip;q=0' },
];

let webRoot: string;
let app: FastifyInstance;

/** A built web root as `npm run build` leaves it: files with their brotli and gzip copies. */
function writeWithCopies(file: string, body: string, copies: Array<'br' | 'gz'> = ['br', 'gz']): void {
  fs.writeFileSync(file, body);
  if (copies.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  if (copies.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-compression-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  writeWithCopies(path.join(webRoot, 'index.html'), INDEX);
  writeWithCopies(path.join(webRoot, 'sw.js'), SW);
  writeWithCopies(path.join(webRoot, 'workbox-0123abcd.js'), SCRIPT);
  writeWithCopies(path.join(webRoot, 'assets', 'index-abc123.js'), SCRIPT);
  writeWithCopies(path.join(webRoot, 'assets', 'only-gzip-def456.js'), SCRIPT, ['gz']);
  // A file the build left uncompressed (too small to gain).
  fs.writeFileSync(path.join(webRoot, 'assets', 'tiny-aaa111.css'), 'a{}');
  app = await buildApp(testConfig({ webRoot }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the built SPA, compressed at build time', () => {
  it('sends the brotli copy of a hashed asset to a browser that takes brotli, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes gzip only', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding, or when the client refuses every encoding', async () => {
    for (const headers of NO_COMPRESSION) {
      const res = await get('/assets/index-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this copy to a browser that takes brotli.
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('falls back to the next encoding, then to the file itself, when a compressed copy is missing', async () => {
    const gzipInstead = await get('/assets/only-gzip-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(gzipInstead.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipInstead.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/tiny-aaa111.css', { 'accept-encoding': 'br, gzip' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe('a{}');
  });

  it('compresses index.html and the service worker but always revalidates them', async () => {
    for (const url of ['/', '/index.html', '/sw.js']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const index = await get('/', { 'accept-encoding': 'br' });
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX);
  });

  it('caches Workbox runtime, named by its hash beside the service worker, for a year', async () => {
    const res = await get('/workbox-0123abcd.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(
      fs.statSync(path.join(webRoot, 'assets', 'index-abc123.js.br')).size,
    );
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves a byte range of the representation it selected, and refuses a range past its end with 416', async () => {
    const plain = await get('/assets/index-abc123.js', { range: 'bytes=0-10' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-10/${Buffer.byteLength(SCRIPT)}`);
    expect(plain.body).toBe(SCRIPT.slice(0, 11));

    const brSize = fs.statSync(path.join(webRoot, 'assets', 'index-abc123.js.br')).size;
    const br = await get('/assets/index-abc123.js', { range: 'bytes=0-3', 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-3/${brSize}`);

    const past = await get('/assets/index-abc123.js', { range: 'bytes=999999-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${Buffer.byteLength(SCRIPT)}`);
    expect(past.json()).toEqual({ code: 'RANGE_NOT_SATISFIABLE', msg: expect.any(String) });
  });

  it('never serves a compressed copy by its own name', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
