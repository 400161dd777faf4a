import type { FastifyRequest } from 'fastify';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { sha256Hex } from '../../lib/hash';
import { JSON_MAX_DEPTH } from '../../lib/json-depth';
import { MSG } from '../../lib/messages';

/**
 * JSON with object keys sorted at every level, so two encodings of one value hash alike. Bodies are parsed
 * at most JSON_MAX_DEPTH deep; the walk also stops itself past that (plus the operation's own wrapping), so
 * no input can take it near the stack's limit.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (depth > JSON_MAX_DEPTH + 2) throw fail(API_ERROR.badRequest, MSG.badRequest);
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null, depth + 1)).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map(
      (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`,
    );
  return `{${entries.join(',')}}`;
}

/**
 * What a proof is bound to: method, route pattern, path parameters, query and body (after schema
 * validation). A replay must reproduce all of them; a missing body counts as `{}`.
 */
export function operationHashOf(request: FastifyRequest): string {
  return sha256Hex(
    canonicalJson([
      request.method,
      request.routeOptions.url ?? request.url,
      request.params ?? {},
      request.query ?? {},
      request.body ?? {},
    ]),
  );
}
