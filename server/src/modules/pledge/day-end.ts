import { APPLICATION_STATUS } from '@contract/bills';
import type { DayEndStep } from '../day-end/service';
import { clearMaturedRelease } from './commands';

const BATCH = 200;

/**
 * 到期清退 of 质押解除 requests: every release still waiting on a bill that matured by the business day closing
 * is cleared (clearMaturedRelease), in order of id from the step's cursor, each in its own transaction; one
 * answered in between is passed over.
 */
export const clearMaturedReleasesStep: DayEndStep = {
  name: 'pledge.clearMaturedReleases',
  async run(ctx) {
    let cursor = ctx.cursor ?? '';
    for (;;) {
      const batch = await ctx.db
        .selectFrom('bill_pledge_releases as r')
        .innerJoin('bill_pledges as g', 'g.application_id', 'r.pledge_id')
        .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
        .select(['r.id', 'g.pledgor_org_id'])
        .where('r.status', '=', APPLICATION_STATUS.pending)
        .where('p.due_date', '<=', ctx.businessDate)
        .where('r.id', '>', cursor)
        .orderBy('r.id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) return;
      let cleared = 0;
      for (const row of batch) {
        const done = await ctx.db.transaction().execute((trx) =>
          clearMaturedRelease(
            {
              trx,
              now: ctx.now,
              actor: { orgId: row.pledgor_org_id, userId: null },
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
