import type { FastifyReply } from 'fastify';

type Serialised = ReturnType<FastifyReply['serialize']>;

const answers = new WeakMap<object, Map<string, Serialised>>();

/**
 * Sends `answer()` serialised by the route's own response schema, serialising it once for as long as
 * `source` lives: a page whose holdings a prepared query keeps (db/prepared-query.ts) is answered again and
 * again while the database is unchanged, and serialising a page of 10 bills was a fifth of the held list's
 * CPU. `key` names what else the answer depends on (the total, the page). On PostgreSQL, where no rows are
 * kept, every source is new and this serialises every time, as before.
 */
export function sendKeptAnswer(reply: FastifyReply, source: object, key: string, answer: () => unknown) {
  let bySource = answers.get(source);
  if (!bySource) {
    bySource = new Map();
    answers.set(source, bySource);
  }
  let json = bySource.get(key);
  if (json === undefined) {
    json = reply.serialize(answer());
    bySource.set(key, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
