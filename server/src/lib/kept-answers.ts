import type { FastifyReply } from 'fastify';
import { appendVary, compressors, negotiateEncoding, type Encoding } from './http-compression';

/** A kept answer, and its compressed copies as clients have asked for them. */
interface Kept {
  json: string;
  bytes: number;
  encoded: Map<Encoding, Promise<Buffer | null>>;
}

function keep(reply: FastifyReply, answer: () => unknown): Kept {
  const serialised = reply.serialize(answer());
  const json =
    typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString();
  return { json, bytes: Buffer.byteLength(json), encoded: new Map() };
}

/**
 * Kept answers are compressed from this size on. Unlike an answer made for one request (plugins/compression.ts,
 * from 32 KiB), the cost is paid once for as long as the answer is kept, and every later request saves
 * the bytes: a page of 10 bills goes out in about 2 kB instead of 10.
 */
export const KEPT_COMPRESS_MIN_BYTES = 1024;

const answers = new WeakMap<object, Map<string, Kept>>();

/**
 * Sends `answer()` serialised by the route's own response schema, serialising (and compressing) it once for
 * as long as `source` lives: a page whose holdings a prepared query keeps (db/prepared-query.ts) is answered
 * again and again while the database is unchanged, and serialising a page of 10 bills was a fifth of the held
 * list's CPU. `key` names what else the answer depends on (the total, the page). On PostgreSQL, where no rows
 * are kept, every source is new and this serialises every time, as before.
 */
export async function sendKeptAnswer(
  reply: FastifyReply,
  source: object,
  key: string,
  answer: () => unknown,
): Promise<FastifyReply> {
  let bySource = answers.get(source);
  if (!bySource) {
    bySource = new Map();
    answers.set(source, bySource);
  }
  let kept = bySource.get(key);
  if (!kept) {
    kept = keep(reply, answer);
    bySource.set(key, kept);
  }
  reply.type('application/json; charset=utf-8');
  if (kept.bytes < KEPT_COMPRESS_MIN_BYTES) return reply.send(kept.json);
  appendVary(reply);
  const encoding = negotiateEncoding(reply.request.headers['accept-encoding']);
  let body = encoding && kept.encoded.get(encoding);
  if (encoding && !body) {
    // A failed compression is not kept: this answer goes out as it is, the next tries again.
    const encoded = kept.encoded;
    body = compressors[encoding](Buffer.from(kept.json)).catch(() => {
      encoded.delete(encoding);
      return null;
    });
    encoded.set(encoding, body);
  }
  const compressed = body ? await body : null;
  if (!encoding || !compressed) return reply.send(kept.json);
  return reply.header('content-encoding', encoding).send(compressed);
}
