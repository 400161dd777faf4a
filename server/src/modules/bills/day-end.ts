import { APPLICATION_KIND, APPLICATION_STATUS } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { ApiFailure } from '../../lib/errors';
import { eachInBatchTransactions, type DayEndStep } from '../day-end/service';
import { clearMaturedApplication } from './commands';

/** The refusals that mean someone else closed the application first: nothing left to clear. */
const ALREADY_CLOSED = new Set<string>([API_ERROR.billApplicationAnswered, API_ERROR.notFound]);

/**
 * 到期清退, the day-end's first step: every application still waiting on a bill that has matured by the
 * business day closing, a presentation for payment excepted, is cleared (clearMaturedApplication). An
 * application answered in between is passed over, so the step can run again from any cursor.
 */
export const clearMaturedApplicationsStep: DayEndStep = {
  name: 'clear-matured-applications',
  run: (ctx) =>
    eachInBatchTransactions(
      ctx,
      (cursor, limit) =>
        ctx.db
          .selectFrom('bill_applications')
          .innerJoin('bill_packages', 'bill_packages.id', 'bill_applications.package_id')
          .select([
            'bill_applications.id',
            'bill_applications.receiver_org_id',
            'bill_applications.package_id',
          ])
          .where('bill_applications.status', '=', APPLICATION_STATUS.pending)
          // A presentation for payment is what maturity is for: it waits for its answer, not for clearing.
          .where('bill_applications.kind', '!=', APPLICATION_KIND.payment)
          .where('bill_packages.due_date', '<=', ctx.businessDate)
          .where('bill_applications.id', '>', cursor)
          .orderBy('bill_applications.id')
          .limit(limit)
          .execute(),
      async (trx, row) => {
        await clearMaturedApplication(
          { trx, now: ctx.now, actor: { orgId: row.receiver_org_id, userId: null }, realtime: ctx.realtime },
          row.id,
        );
        return true;
      },
      (error) => error instanceof ApiFailure && ALREADY_CLOSED.has(error.code),
      (row) => row.package_id,
    ),
};
