import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { appendVary, compressors, negotiateEncoding, type Encoding } from '../lib/http-compression';

export { negotiateEncoding };

/**
 * API answers are compressed from this size on. Below it (a page of 10 notices or 10 bills) compressing
 * costs the server about as much as the rest of the request, to save a few kilobytes, a few milliseconds on
 * an office connection; from 32 KiB (pages of 50 records and more, the puzzle images) the saving is tens
 * of kilobytes for under a millisecond of CPU. docs/performance.md has the figures.
 */
export const COMPRESS_MIN_BYTES = 32 * 1024;
const COMPRESSIBLE_TYPE = /^application\/json\b/;

/** The encoding a payload goes out in, or null to send it as it is. */
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | null {
  // Serialised JSON is a string: a UTF-16 length under a third of the threshold is under it in bytes too.
  if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES / 3) return null;
  if (reply.hasHeader('content-encoding')) return null;
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return null;
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return null;
  appendVary(reply);
  return negotiateEncoding(request.headers['accept-encoding']);
}

/** A callback hook: the small answers of the hot paths pass it without a promise. */
const compressLarge: onSendHookHandler = (request, reply, payload, done) => {
  const encoding = encodingFor(request, reply, payload);
  if (!encoding) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  compressors[encoding](Buffer.from(payload as string)).then((body) => done(null, body), done);
};

/**
 * Compresses large JSON answers of the API; the web app's files are compressed at build time (web-root.ts).
 * The hook joins each route as its last onSend, after every hook of the route's plugins, so whatever
 * another hook reads or keeps of an answer is the JSON itself. Call it before any route is registered.
 */
export function setupCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressLarge];
  });
}
