import { API_ERROR } from '@contract/errors';
import { PLEDGE_FIN_STATE } from '@contract/pledge-fin';
import { ApiFailure } from '../../lib/errors';
import { eachInBatchTransactions, type DayEndStep } from '../day-end/service';
import { holdPackages } from '../bills/service';
import { cancelForMaturedBill, companionsOf, packagesOfFinancing } from './commands';

/**
 * A financing waiting for approval or signing keeps its bills locked; one of them matured by the business
 * day closing is cancelled (cancelForMaturedBill), so the bills rest again before the day-end presents what
 * fell due. One that moved on in between is passed over.
 */
export const cancelMaturedFinancingsStep: DayEndStep = {
  name: 'pledge-fin.cancelMatured',
  run: (ctx) =>
    eachInBatchTransactions(
      ctx,
      (cursor, limit) =>
        ctx.db
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
          .limit(limit)
          .execute(),
      (trx, row) =>
        cancelForMaturedBill(
          { trx, orgId: row.org_id, userId: null, now: ctx.now, realtime: ctx.realtime },
          row.id,
          ctx.businessDate,
        ),
      // Read before its row was: another act (a withdrawal, a cancel) that moved it on meanwhile refuses the
      // cancel's conditional update, and the financing is passed over, not the batch rolled back.
      (error) => error instanceof ApiFailure && error.code === API_ERROR.pledgeFinStateInvalid,
      undefined,
      // A financing has several packages, and a package may back other financings: the batch holds them
      // all first, in order of key (docs/domain.md, the order of locks), as one command does.
      async (trx, batch) => {
        const own = await packagesOfFinancing(
          trx,
          batch.map((row) => row.id),
        );
        await holdPackages(trx, [...own, ...(await companionsOf(trx, own))]);
      },
    ),
};
