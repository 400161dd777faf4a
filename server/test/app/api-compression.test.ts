import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from '../../src/plugins/compression';
import { startApp, type TestApp } from '../support/helpers';

/** No Accept-Encoding, identity only, and every encoding refused. */
const NO_COMPRESSION: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'identity' },
  { 'accept-encoding': 'br;q=0, gzip;q=0' },
];

let t: TestApp;

beforeAll(async () => {
  t = await startApp();
});

afterAll(async () => {
  await t.app.close();
});

/** The puzzle (two base64 images) is the largest answer a signed-out client can ask for. */
const puzzle = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/captcha/get?captchaType=blockPuzzle',
    headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
  });

describe('compression of API answers', () => {
  it('sends a large JSON answer in brotli to a client that takes it', async () => {
    const res = await puzzle({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(res.rawPayload.length).toBeLessThan(body.length);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(body.toString()).repCode).toBe('0000');
  });

  it('sends it in gzip to a client that takes only gzip, and as it is to one that takes neither', async () => {
    const gz = await puzzle({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).repCode).toBe('0000');

    for (const headers of NO_COMPRESSION) {
      const plain = await puzzle(headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.json().repCode).toBe('0000');
    }
  });

  it('leaves small answers, the hot paths among them, uncompressed', async () => {
    for (const url of ['/api/health', '/api/channel/config/default']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toBeTruthy();
    }
  });
});

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0,gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate, identity')).toBeNull();
    expect(negotiateEncoding('br;q=abc, gzip')).toBe('gzip');
  });
});
