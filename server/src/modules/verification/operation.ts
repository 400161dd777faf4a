import type { FastifyRequest } from 'fastify';
import { sha256Hex } from '../../lib/hash';

/** JSON with object keys sorted at every level, so two encodings of one value hash alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
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
