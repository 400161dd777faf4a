import { sql } from 'kysely';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import { inject } from 'vitest';
import { DEMO_PLEDGE_PRODUCTS } from '../../src/db/demo/pledge-financing';
import type { DayEndContext } from '../../src/modules/day-end/service';
import { cancelMaturedFinancingsStep } from '../../src/modules/pledge-fin/day-end';
import { dataOf, ledgerAppEach, type LedgerTokens } from '../support/bill-helpers';
import { bearer, type TestApp } from '../support/helpers';
import { heldBySuzhou } from '../support/pledge-fin-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { postgresUrl: serverUrl });

describe('PostgreSQL: the day-end’s cancel of a financing whose bill matured', () => {
  it('passes over a financing another act moved on while the batch waited for it', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await dataOf<PledgeFinDetail>(
      await t.app.inject({
        method: 'POST',
        url: PLEDGE_FIN_URL.create,
        headers: bearer(token.suzhou),
        payload: {
          productId: DEMO_PLEDGE_PRODUCTS.cmbBullet.id,
          holdingIds: [holding.id],
          amount: '100000.00',
          maturityDate: '2026-06-01',
          purpose: '备货',
        },
      }),
      201,
    );
    expect(financing.state).toBe(PLEDGE_FIN_STATE.approving);

    // Another act (the borrower's withdrawal, say) moves the financing on, and commits only once the
    // day-end's batch has read it and waits for its row.
    let commit!: () => void;
    const released = new Promise<void>((resolve) => (commit = resolve));
    const other = t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('pledge_financings')
        .set({ state: PLEDGE_FIN_STATE.cancelled })
        .where('id', '=', financing.id)
        .execute();
      await released;
    });
    const progress: Array<[string, number]> = [];
    const ctx = {
      db: t.app.db,
      businessDate: '2026-12-31',
      nextBusinessDate: '2027-01-04',
      now: t.app.now(),
      realtime: t.app.realtime,
      log: t.app.log,
      cursor: null,
      progress: async (at: string, processed: number) => {
        progress.push([at, processed]);
      },
    } as unknown as DayEndContext;
    const step = cancelMaturedFinancingsStep.run(ctx);
    const outcome = step.then(
      () => null,
      (error: unknown) => error,
    );
    // The batch's update waits for the other act's row.
    await vi.waitFor(
      async () => {
        const waiting = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like 'update "pledge_financings"%'`.execute(t.app.db);
        expect(Number(waiting.rows[0]!.n)).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    commit();
    await other;
    expect(await outcome).toBeNull();
    expect(progress).toEqual([[financing.id, 0]]);
    const row = await t.app.db
      .selectFrom('pledge_financings')
      .select('state')
      .where('id', '=', financing.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe(PLEDGE_FIN_STATE.cancelled);
  });
});
