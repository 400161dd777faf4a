import { PLEDGE_FIN_STATE } from '@contract/pledge-fin';
import type { DayEndStep } from '../day-end/service';
import { cancelForMaturedBill } from './commands';

const BATCH = 200;

/**
 * A financing waiting for approval or signing keeps its bills locked; one of them matured by the business
 * day closing is cancelled (cancelForMaturedBill), in order of id from the step's cursor, each in its own
 * transaction, so the bills rest again before the day-end presents what fell due. One that moved on in
 * between is passed over.
 */
export const cancelMaturedFinancingsStep: DayEndStep = {
  name: 'pledge-fin.cancelMatured',
  async run(ctx) {
    let cursor = ctx.cursor ?? '';
    for (;;) {
      const batch = await ctx.db
        .selectFrom('pledge_financings as f')
        .select(['f.id', 'f.org_id'])
        .where('f.state', 'in', [PLEDGE_FIN_STATE.approving, PLEDGE_FIN_STATE.signing])
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('pledge_fin_bills as b')
              .innerJoin('bill_packages as p', 'p.id', 'b.package_id')
              .select('b.financing_id')
              .whereRef('b.financing_id', '=', 'f.id')
              .where('p.due_date', '<=', ctx.businessDate),
          ),
        )
        .where('f.id', '>', cursor)
        .orderBy('f.id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) return;
      let cancelled = 0;
      for (const row of batch) {
        const done = await ctx.db
          .transaction()
          .execute((trx) =>
            cancelForMaturedBill(
              { trx, orgId: row.org_id, userId: null, now: ctx.now, realtime: ctx.realtime },
              row.id,
              ctx.businessDate,
            ),
          );
        if (done) cancelled += 1;
      }
      cursor = batch[batch.length - 1]!.id;
      await ctx.progress(cursor, cancelled);
    }
  },
};
