import { APPLICATION_STATUS } from '@contract/bills';
import type { DayEndStep } from '../day-end/service';
import { clearMaturedGuarantee } from './commands';

const BATCH = 200;

/**
 * 到期清退 of guarantee applications, beside the ledger's own: every guarantee still waiting on a bill that
 * matured by the business day closing is cleared (clearMaturedGuarantee), in order of id from the step's
 * cursor, each in its own transaction; one answered in between is passed over.
 */
export const clearMaturedGuaranteesStep: DayEndStep = {
  name: 'guarantee.clearMatured',
  async run(ctx) {
    let cursor = ctx.cursor ?? '';
    for (;;) {
      const batch = await ctx.db
        .selectFrom('bill_guarantees as g')
        .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
        .select(['g.id', 'g.guarantor_org_id'])
        .where('g.status', '=', APPLICATION_STATUS.pending)
        .where('p.due_date', '<=', ctx.businessDate)
        .where('g.id', '>', cursor)
        .orderBy('g.id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) return;
      let cleared = 0;
      for (const row of batch) {
        const done = await ctx.db.transaction().execute((trx) =>
          clearMaturedGuarantee(
            {
              trx,
              now: ctx.now,
              actor: { orgId: row.guarantor_org_id, userId: null },
              realtime: ctx.realtime,
            },
            row.id,
          ),
        );
        if (done) cleared += 1;
      }
      cursor = batch[batch.length - 1]!.id;
      await ctx.progress(cursor, cleared);
    }
  },
};
