import { APPLICATION_STATUS } from '@contract/bills';
import { eachInBatchTransactions, type DayEndStep } from '../day-end/service';
import { clearMaturedRelease } from './commands';

/**
 * 到期清退 of 质押解除 requests: every release still waiting on a bill that matured by the business day closing
 * is cleared (clearMaturedRelease); one answered in between is passed over.
 */
export const clearMaturedReleasesStep: DayEndStep = {
  name: 'pledge.clearMaturedReleases',
  run: (ctx) =>
    eachInBatchTransactions(
      ctx,
      (cursor, limit) =>
        ctx.db
          .selectFrom('bill_pledge_releases as r')
          .innerJoin('bill_pledges as g', 'g.application_id', 'r.pledge_id')
          .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
          .select(['r.id', 'g.pledgor_org_id', 'g.package_id'])
          .where('r.status', '=', APPLICATION_STATUS.pending)
          .where('p.due_date', '<=', ctx.businessDate)
          .where('r.id', '>', cursor)
          .orderBy('r.id')
          .limit(limit)
          .execute(),
      (trx, row) =>
        clearMaturedRelease(
          { trx, now: ctx.now, actor: { orgId: row.pledgor_org_id, userId: null }, realtime: ctx.realtime },
          row.id,
        ),
      undefined,
      (row) => row.package_id,
    ),
};
