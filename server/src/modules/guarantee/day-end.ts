import { APPLICATION_STATUS } from '@contract/bills';
import { eachInBatchTransactions, type DayEndStep } from '../day-end/service';
import { clearMaturedGuarantee } from './commands';

/**
 * 到期清退 of guarantee applications, beside the ledger's own: every guarantee still waiting on a bill that
 * matured by the business day closing is cleared (clearMaturedGuarantee); one answered in between is passed
 * over.
 */
export const clearMaturedGuaranteesStep: DayEndStep = {
  name: 'guarantee.clearMatured',
  run: (ctx) =>
    eachInBatchTransactions(
      ctx,
      (cursor, limit) =>
        ctx.db
          .selectFrom('bill_guarantees as g')
          .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
          .select(['g.id', 'g.guarantor_org_id', 'g.package_id'])
          .where('g.status', '=', APPLICATION_STATUS.pending)
          .where('p.due_date', '<=', ctx.businessDate)
          .where('g.id', '>', cursor)
          .orderBy('g.id')
          .limit(limit)
          .execute(),
      (trx, row) =>
        clearMaturedGuarantee(
          { trx, now: ctx.now, actor: { orgId: row.guarantor_org_id, userId: null }, realtime: ctx.realtime },
          row.id,
        ),
      undefined,
      (row) => row.package_id,
    ),
};
