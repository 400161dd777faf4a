// Encodings of API answers, chosen by Accept-Encoding (plugins/compression.ts).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { boundedMemo } from './bounded-memo';

/** Brotli's quality 4 compresses better than gzip -6 at half its time (11, its default, is for build time). */
const BROTLI_QUALITY = 4;
export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The body in the encoding, off the event loop (zlib's thread pool). */
export const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body),
};

/**
 * Clients send one of a few Accept-Encoding headers, each answered again and again: the answer for each is
 * kept, up to this many headers (then they are forgotten together), so odd headers cannot grow it.
 */
const NEGOTIATED_HEADERS_KEPT = 64;
const negotiated = boundedMemo(NEGOTIATED_HEADERS_KEPT, preferredEncoding);

/** The encoding to answer in: brotli, then gzip, as Accept-Encoding allows (`q=0` refuses, `*` stands for any). */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  return header ? negotiated(header) : null;
}

function preferredEncoding(header: string): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name) quality.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (encoding: Encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to Vary: the answer differs by it. */
export function appendVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) {
    reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
  }
}
