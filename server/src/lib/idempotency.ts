import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { VERIFICATION_HEADER } from '@contract/verification';
import type { Db } from '../db/database';
import { retryingTransaction, TransactionContended } from '../db/retry';
import { authOf } from './auth';
import { ApiFailure, fail } from './errors';
import { sha256Hex } from './hash';
import { valueNestsDeeper } from './json-depth';
import { MSG } from './messages';
import { hooksOf, type RouteHook } from './route-hooks';

/** A committed answer is replayed for this long; the housekeeping sweep deletes it after. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The SPA sends a UUID; anything printable up to this length is accepted. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;
/** Set on an answer that was replayed rather than run again. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MSG = {
  badKey: 'Idempotency-Key 格式不正确',
  keyReused: '该请求标识已用于另一请求，请刷新后重试',
} as const;

export interface CommandAnswer<T = unknown> {
  statusCode: number;
  body: T;
}

/**
 * A proof (SMS code, QR confirmation) the verification guard found right for this very request, spent by
 * `runCommand` in the command's own transaction: one commit for the act and its proof, and an act refused
 * or rolled back leaves the proof unspent, so the user can send the same act again with it.
 */
export interface ProofToSpend {
  /** Marks the proof and its challenge used within `trx`; false when another request spent it first. */
  spend(trx: Db): Promise<boolean>;
  /** What to answer when it was: the verification's refusal, with a fresh challenge. */
  refusal(): Promise<Error>;
}

/** What a command the database failed on every run (TransactionContended) tells the client to wait. */
const CONTENDED_RETRY_AFTER_SECONDS = 1;

/** Rolls back a command whose proof another request spent first. */
class ProofGone extends Error {}

interface Identity {
  userId: string;
  key: string;
  requestHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A changing command that runs at most once per Idempotency-Key (IETF draft-ietf-httpapi-idempotency-
     * key-header): a retry with the same key gets the first answer, with `Idempotent-Replayed: true`, and the
     * same key on another request gets 409. The handler runs its writes through `runCommand`. Only for routes
     * that authenticate in their plugin's preHandler hook: the key belongs to the signed-in user.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** On an idempotent route: the caller's key and what identifies the request; null without a key. */
    idempotency: Identity | null;
    /** On an idempotent route with `config.verification`: the proof its command spends; null without. */
    proofToSpend: ProofToSpend | null;
  }
}

/**
 * The caller's Idempotency-Key with what identifies the request (method, route, organisation, path, query and
 * body: commands such as the amount check take their input in the query); null when the client sent none.
 */
function identityOf(request: FastifyRequest): Identity | null {
  const given = request.headers[VERIFICATION_HEADER.idempotencyKey.toLowerCase()];
  if (given === undefined) return null;
  if (typeof given !== 'string' || !IDEMPOTENCY_KEY.test(given))
    throw fail(API_ERROR.badRequest, IDEMPOTENCY_MSG.badKey);
  const auth = authOf(request);
  // JSON.stringify walks by recursion: a body deeper than any parser lets through is refused, not hashed.
  if (valueNestsDeeper(request.body) || valueNestsDeeper(request.query))
    throw fail(API_ERROR.badRequest, MSG.badRequest);
  const requestHash = sha256Hex(
    JSON.stringify([
      request.method,
      request.routeOptions.url,
      auth.orgId,
      request.params,
      request.query,
      request.body,
    ]),
  );
  return { userId: auth.userId, key: given, requestHash };
}

async function storedAnswer(db: Db, identity: Identity): Promise<CommandAnswer | null> {
  const row = await db
    .selectFrom('idempotent_requests')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('user_id', '=', identity.userId)
    .where('idempotency_key', '=', identity.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== identity.requestHash) throw fail(API_ERROR.conflict, IDEMPOTENCY_MSG.keyReused);
  return { statusCode: Number(row.status_code), body: JSON.parse(row.response_body) as unknown };
}

const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

const replayed = (reply: FastifyReply, answer: CommandAnswer): FastifyReply =>
  reply.code(answer.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');

/**
 * The first preHandler of an idempotent route, after authentication: a retry is answered here with the
 * stored answer, before the route's own checks (a rate limit must not count it) and before the
 * verification guard (an SMS code or QR confirmation is single-use, so the retry could not prove again).
 */
async function answerRetry(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const identity = identityOf(request);
  request.idempotency = identity;
  const earlier = identity && (await storedAnswer(request.server.db, identity));
  if (earlier) return replayed(reply, earlier).send(earlier.body);
}

/** Honours `config.idempotent` on every route registered after this call (as setupVerification does). */
export function setupIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('proofToSpend', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [answerRetry as RouteHook, ...hooksOf(route.preHandler)];
    // Its command can answer 503 TRANSACTION_CONTENDED (runCommand): the route's declared answers say so.
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<number, unknown>;
    response[503] ??= ApiError;
  });
}

/**
 * Runs the command of an idempotent route: `run` gets the transaction its writes must go through, and what
 * it answers is recorded in that same transaction, so a crash leaves both or neither, and a retry after a
 * lost answer gets the committed one. Only successes are kept: a refused request (a 406 asking for an SMS
 * code, a 400) runs again when the client retries it. Within `run`, every query goes through `trx` (on
 * SQLite the transaction holds the only connection); work that must follow the commit (waking a worker,
 * pushing an event) goes after `runCommand` returns. On a verified route the request's proof is spent first
 * in the same transaction (so of two requests with one proof the second waits for the first and is refused
 * with the verification's answer): a verified command refuses by throwing, so its proof is not spent.
 * On PostgreSQL a transaction the database fails for a command it crossed (a deadlock, a serialization
 * failure) runs again whole, a few times (db/retry.ts), and then answers 503 TRANSACTION_CONTENDED: `run`
 * may run more than once and must keep nothing between its runs but what it writes through `trx`.
 */
export async function runCommand<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (trx: Db) => Promise<CommandAnswer<T>>,
): Promise<T> {
  if (!request.routeOptions.config.idempotent)
    throw new Error(`${request.routeOptions.url} runs a command without config.idempotent`);
  const { db } = request.server;
  const identity = request.idempotency;
  const proof = request.proofToSpend;
  // Taken by this command: spent with it, or left unspent by its refusal. A second command of the request
  // needs none (the proof confirmed the request), and the route's check after the handler sees it taken.
  request.proofToSpend = null;
  const now = request.server.now();
  // A stored body is what this command answered before: the same T.
  const replay = (answer: CommandAnswer): T => {
    replayed(reply, answer);
    return answer.body as T;
  };
  let outcome: { answer: CommandAnswer<T>; replayed: boolean };
  try {
    // Run again whole when PostgreSQL fails it for another command it crossed: the rolled-back run spent
    // no proof, recorded no answer and published nothing (events wait for the commit), so the next run
    // looks for a stored answer, spends the proof and runs the command afresh.
    outcome = await retryingTransaction(
      db,
      () =>
        db.transaction().execute(async (trx) => {
          // A concurrent retry may have committed since answerRetry looked.
          const raced = identity ? await storedAnswer(trx, identity) : null;
          if (raced) return { answer: raced as CommandAnswer<T>, replayed: true };
          if (proof && !(await proof.spend(trx))) throw new ProofGone();
          const fresh = await run(trx);
          if (identity && isSuccess(fresh.statusCode)) await record(trx, identity, fresh, now);
          return { answer: fresh, replayed: false };
        }),
      (reason) => {
        request.log.warn({ reason }, 'command transaction run again');
        request.server.metrics.transactionRetried(reason, 'command');
      },
    );
  } catch (error) {
    // Two first attempts at once on PostgreSQL: the loser's insert hits the primary key; answer as a retry.
    const winner = identity && !(error instanceof ApiFailure) ? await storedAnswer(db, identity) : null;
    if (winner) return replay(winner);
    if (error instanceof ProofGone && proof) throw await proof.refusal();
    if (error instanceof TransactionContended) {
      request.log.warn({ reason: error.reason }, 'command transaction failed on every run');
      throw fail(API_ERROR.transactionContended, MSG.transactionContended, {
        'Retry-After': String(CONTENDED_RETRY_AFTER_SECONDS),
      });
    }
    throw error;
  }
  if (outcome.replayed) return replay(outcome.answer);
  reply.code(outcome.answer.statusCode);
  return outcome.answer.body;
}

async function record(trx: Db, identity: Identity, answer: CommandAnswer, now: number): Promise<void> {
  await trx
    .insertInto('idempotent_requests')
    .values({
      user_id: identity.userId,
      idempotency_key: identity.key,
      request_hash: identity.requestHash,
      status_code: answer.statusCode,
      response_body: JSON.stringify(answer.body),
      created_at: now,
    })
    .execute();
}

/** Deletes answers older than the retention, at most `limit` of them; returns how many. */
export async function purgeIdempotentRequests(db: Db, now: number, limit: number): Promise<number> {
  const cutoff = now - IDEMPOTENCY_RETENTION_MS;
  const result = await db
    .deleteFrom('idempotent_requests')
    .where((eb) =>
      eb(
        eb.refTuple('user_id', 'idempotency_key'),
        'in',
        eb
          .selectFrom('idempotent_requests')
          .select(['user_id', 'idempotency_key'])
          .where('created_at', '<', cutoff)
          .limit(limit)
          .$asTuple('user_id', 'idempotency_key'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
