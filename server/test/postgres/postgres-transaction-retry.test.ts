import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { API_ERROR } from '@contract/errors';
import { REALTIME_EVENT } from '@contract/realtime';
import { inject } from 'vitest';
import type { Db } from '../../src/db/database';
import { lockWithinTransaction } from '../../src/db/locks';
import { TRANSACTION_ATTEMPTS } from '../../src/db/retry';
import type { Database } from '../../src/db/schema';
import { ApiFailure } from '../../src/lib/errors';
import { runCommand, type ProofToSpend } from '../../src/lib/idempotency';
import { eachInBatchTransactions, type DayEndContext } from '../../src/modules/day-end/service';
import { MOBILE, ORG, userIdOf } from '../support/bill-helpers';
import { startPostgresApp, type TestApp } from '../support/helpers';
import { waitingForAdvisoryLocks } from '../support/postgres-test-db';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl, { metrics: true });
  await sql`create table test_proofs (id text primary key, spent_at bigint)`.execute(t.app.db);
  await sql`insert into test_proofs (id) values ('proof')`.execute(t.app.db);
});
afterEach(async () => {
  await t.app.close();
});

const USER = userIdOf(MOBILE.shanghai);
const KEY = 'retry-test-key';

/**
 * A single-use proof kept in the database, spent in the command's transaction as an SMS code or a QR
 * confirmation is: a run that saw it spent by a rolled-back run before it would be refused.
 */
function proofOnce() {
  let spends = 0;
  const proof: ProofToSpend = {
    async spend(trx: Db) {
      spends += 1;
      const result =
        await sql`update test_proofs set spent_at = ${t.app.now()} where id = 'proof' and spent_at is null`.execute(
          trx,
        );
      return Number(result.numAffectedRows) === 1;
    },
    refusal: async () => new Error('the proof was spent'),
  };
  return { proof, spends: () => spends };
}

/** What runCommand reads of an idempotent route's request and writes to its reply. */
function commandRequest(proof: ProofToSpend) {
  const status: number[] = [];
  const request = {
    routeOptions: { url: '/test/command', config: { idempotent: true } },
    server: t.app,
    idempotency: { userId: USER, key: KEY, requestHash: 'hash' },
    proofToSpend: proof,
    log: t.app.log,
  } as unknown as FastifyRequest;
  const reply = {
    code(code: number) {
      status.push(code);
      return reply;
    },
    header() {
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply, status };
}

/** The events the organisation's open socket received. */
function socketOf(orgId: string) {
  const received: string[] = [];
  t.app.realtime.hub.add(USER, orgId, { send: (data) => received.push(data) });
  return received;
}

const lock = (trx: Db, name: string) => lockWithinTransaction(trx as Transaction<Database>, name);

/** What the metrics count of transactions run again, by their labels. */
async function retriesCounted(): Promise<Record<string, number>> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const counted: Record<string, number> = {};
  for (const [, labels, value] of text.matchAll(/^chainbill_transaction_retries_total\{(.*)\} (\d+)$/gm)) {
    counted[labels!] = Number(value);
  }
  return counted;
}

const storedAnswers = () =>
  t.app.db
    .selectFrom('idempotent_requests')
    .select('status_code')
    .where('user_id', '=', USER)
    .where('idempotency_key', '=', KEY)
    .execute();

describe('PostgreSQL: a command the database fails for another it crossed', () => {
  it('runs again after a deadlock, spending its proof, publishing and recording its answer once', async () => {
    const { proof, spends } = proofOnce();
    const { request, reply, status } = commandRequest(proof);
    const socket = socketOf(ORG.shanghai);
    let runs = 0;
    let other!: Promise<void>;
    const answer = await runCommand(request, reply, async (trx) => {
      runs += 1;
      await t.app.realtime.publishToOrg(ORG.shanghai, { type: REALTIME_EVENT.notice, payload: {} }, trx);
      await lock(trx, 'test:a');
      if (runs === 1) {
        // Another transaction holds b and, once this run waits for b, asks for a: a deadlock. PostgreSQL
        // breaks it by failing the waiter whose deadlock_timeout (1 s) runs out first. The other asks for
        // a well after this run began to wait, so that a busy machine's scheduling cannot make it the one.
        let holdsB!: () => void;
        const held = new Promise<void>((resolve) => (holdsB = resolve));
        other = t.app.db.transaction().execute(async (otherTrx) => {
          await lock(otherTrx, 'test:b');
          holdsB();
          await vi.waitFor(async () => expect(await waitingForAdvisoryLocks(t.app.db)).toBe(1), {
            timeout: 10_000,
            interval: 20,
          });
          await new Promise((resolve) => setTimeout(resolve, 400));
          await lock(otherTrx, 'test:a');
        });
        // Awaited once this run is answered; a failure of its own is reported there, not as unhandled.
        other.catch(() => {});
        await held;
      }
      await lock(trx, 'test:b');
      return { statusCode: 201, body: { runs } };
    });
    await other;

    expect(runs).toBe(2);
    expect(answer).toEqual({ runs: 2 });
    expect(status).toEqual([201]);
    // The rolled-back run spent the proof with it: the second spent it again, and it is spent once.
    expect(spends()).toBe(2);
    const { rows } = await sql<{ spent_at: string | null }>`select spent_at from test_proofs`.execute(
      t.app.db,
    );
    expect(rows[0]!.spent_at).not.toBeNull();
    expect(await storedAnswers()).toEqual([{ status_code: 201 }]);
    // The event of the failed run went with it; the committed run's arrives, once.
    await vi.waitFor(() => expect(socket).toHaveLength(1), { timeout: 5_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket).toHaveLength(1);
    expect(await retriesCounted()).toEqual({ 'reason="deadlock",runner="command"': 1 });
  });

  it('answers 503 TRANSACTION_CONTENDED, never a 500, when every run fails so, nothing kept', async () => {
    const { proof } = proofOnce();
    const { request, reply } = commandRequest(proof);
    const socket = socketOf(ORG.shanghai);
    let runs = 0;
    const outcome = await runCommand(request, reply, async (trx) => {
      runs += 1;
      await t.app.realtime.publishToOrg(ORG.shanghai, { type: REALTIME_EVENT.notice, payload: {} }, trx);
      throw Object.assign(new Error('could not serialize access due to concurrent update'), {
        code: '40001',
      });
    }).catch((error: unknown) => error);

    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(outcome).toBeInstanceOf(ApiFailure);
    expect((outcome as ApiFailure).code).toBe(API_ERROR.transactionContended);
    expect((outcome as ApiFailure).msg).toMatch(/请稍后重试/);
    expect((outcome as ApiFailure).headers).toEqual({ 'Retry-After': '1' });
    const { rows } = await sql<{ spent_at: string | null }>`select spent_at from test_proofs`.execute(
      t.app.db,
    );
    expect(rows[0]!.spent_at).toBeNull();
    expect(await storedAnswers()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket).toEqual([]);
    // The runs after the first are counted, not the last failure.
    expect(await retriesCounted()).toEqual({
      'reason="serialization",runner="command"': TRANSACTION_ATTEMPTS - 1,
    });
  });

  it('runs a day-end batch again whole after a deadlock, its cursor moved once', async () => {
    const progress: Array<[string, number]> = [];
    const retried: string[] = [];
    const ctx = {
      db: t.app.db,
      log: t.app.log,
      cursor: null,
      transactionRetried: (reason: string) => retried.push(reason),
      progress: async (at: string, processed: number, trx?: Db) => {
        await sql`update test_proofs set spent_at = ${processed} where id = 'proof'`.execute(trx ?? t.app.db);
        progress.push([at, processed]);
      },
    } as unknown as DayEndContext;
    let calls = 0;
    await eachInBatchTransactions(
      ctx,
      async (cursor) => (cursor === '' ? [{ id: 'a' }, { id: 'b' }] : []),
      async (_trx, row) => {
        calls += 1;
        if (calls === 2) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return row.id !== '';
      },
    );
    // a, then b failed the batch; a and b again.
    expect(calls).toBe(4);
    expect(progress).toEqual([['b', 2]]);
    expect(retried).toEqual(['deadlock']);
  });
});
