import { setImmediate as nextTurn } from 'node:timers/promises';
import { APPLICATION_KIND, APPLICATION_STATUS, BILL_STATUS, CIRCULATION } from '@contract/bills';
import { CLEARING_LABEL } from '@contract/discount';
import {
  PAYMENT_REFUSAL,
  PAYMENT_STATE_LABEL,
  PAYMENT_SIDES,
  PAYMENT_STATES,
  PRESENTED_BY_LABEL,
  REFUSAL_OTHER,
  REFUSED_BY,
  type PaymentSide,
} from '@contract/payment';
import { PERMISSION } from '@contract/permissions';
import type { Db } from '../../db/database';
import { listExport, statusOf } from '../../lib/list-export';
import type { ListReadBy } from '../../lib/list-page';
import { addDays } from '../../lib/calendar-date';
import { ApiFailure } from '../../lib/errors';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate, shanghaiDateTime } from '../../lib/shanghai-time';
import { ledgerCommand, packageOf, type Checked } from '../bills/service';
import type { DayEndContext, DayEndStep } from '../day-end/service';
import { holidayCalendar } from '../holiday/service';
import { presentAsPledgee, presentPayments, refuseWaiting, type PresentOnBehalf } from './commands';
import { PAYMENT_MSG } from './messages';
import { paymentCount, paymentPage, type PaymentFilter } from './queries';
import { PRESENTATION_PERIOD_DAYS } from './rules';

/**
 * What day-end does for payment (docs/domain.md, payment), as two steps of the day-end run (its steps.ts):
 * 自动提示付款 of every unpresented received holding due, and 拒付 of presentations unanswered past their
 * answer day. Each refusal runs in its own transaction, and each batch of presentations in one, so an
 * item that another command changed meanwhile is skipped and the rest go on; run again for one day, a step finds nothing left to do. The batch functions
 * take the closed business day (`day`, the Shanghai date of `now` when absent), the key the last batch ended
 * at (`after`) and a batch size, and answer what they did and the key to go on from (null: nothing left).
 */

export interface DayEndBatch {
  done: number;
  skipped: number;
  /** The last key the batch read; null when it read nothing. */
  last: string | null;
}

export interface BatchOptions {
  day?: string;
  after?: string | null;
  limit?: number;
}

const BATCH = 500;
/**
 * Holdings one transaction of 自动提示付款 presents: large enough that a transaction's cost is spread thin, small
 * enough that it holds the packages it entered only briefly and a run taken over loses little.
 */
export const PRESENT_BATCH = 500;

/**
 * The received holdings at rest whose bill is due on or before `today` and still in its presentation period,
 * and whose range the holder has not presented since maturity (a presentation before maturity refused as
 * 票据未到期, or one withdrawn, does not count).
 */
async function unpresented(db: Db, today: string, earliestDue: string, after: string | null, limit: number) {
  return db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .select(['h.id', 'h.org_id'])
    .where('h.ended_at', 'is', null)
    .where('h.bill_status', '=', BILL_STATUS.received)
    .where('h.circ_status', 'in', [CIRCULATION.negotiable, CIRCULATION.notTransferable])
    .where('p.due_date', '<=', today)
    .where('p.due_date', '>=', earliestDue)
    .whereRef('h.org_id', '!=', 'p.acceptor_org_id')
    .$if(after !== null, (q) => q.where('h.id', '>', after!))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          // From the bill's own applications: SQLite would otherwise walk every presentation of the
          // holder (its presenter index) for each holding, a cost that grows as day-end presents.
          selectFrom('bill_applications as a')
            .crossJoin('payment_applications as pa')
            .select('pa.application_id')
            .whereRef('pa.application_id', '=', 'a.id')
            .whereRef('a.package_id', '=', 'h.package_id')
            .whereRef('pa.presenter_org_id', '=', 'h.org_id')
            .whereRef('a.sub_start', '<=', 'h.sub_end')
            .whereRef('a.sub_end', '>=', 'h.sub_start')
            .whereRef('pa.presented_on', '>=', 'p.due_date'),
        ),
      ),
    )
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

/**
 * The earliest maturity still in its presentation period on `today`: a bill whose period has ended is
 * presented by its holder only, as 逾期提示付款 with its reason.
 */
async function earliestInPeriod(db: Db, today: string): Promise<string> {
  const calendar = await holidayCalendar(db);
  let earliestDue = today;
  for (let day = 0; day < PRESENTATION_PERIOD_DAYS * 3; day += 1) {
    const candidate = addDays(today, -day);
    if (calendar.periodEnd(candidate, PRESENTATION_PERIOD_DAYS) < today) break;
    earliestDue = candidate;
  }
  return earliestDue;
}

/** The member on whose behalf the platform presents: the organisation's administrator. */
async function ownerOf(db: Db, orgId: string): Promise<string | null> {
  const owner = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('org_id', '=', orgId)
    .orderBy('owner', 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  return owner?.user_id ?? null;
}

/**
 * 自动提示付款: presents, on the holders' behalf, every received holding due that nobody presented: a batch
 * of holdings in one transaction (presentPayments), with `record` (the step's cursor) in the same
 * transaction, so a batch and its cursor commit together and a run taken over presents nothing twice.
 */
export async function presentMaturing(
  db: Db,
  realtime: Realtime | null,
  now: number,
  options: BatchOptions & { record?: (trx: Db, batch: DayEndBatch) => Promise<void> } = {},
): Promise<DayEndBatch> {
  const today = options.day ?? shanghaiDate(now);
  const earliestDue = await earliestInPeriod(db, today);
  const rows = await unpresented(
    db,
    today,
    earliestDue,
    options.after ?? null,
    options.limit ?? PRESENT_BATCH,
  );
  const result: DayEndBatch = { done: 0, skipped: 0, last: rows.at(-1)?.id ?? null };
  if (rows.length === 0) return result;
  const owners = new Map<string, string | null>();
  const items: PresentOnBehalf[] = [];
  for (const row of rows) {
    if (!owners.has(row.org_id)) owners.set(row.org_id, await ownerOf(db, row.org_id));
    const userId = owners.get(row.org_id) ?? null;
    if (userId) items.push({ holdingId: row.id, actor: { orgId: row.org_id, userId } });
    else result.skipped += 1;
  }
  await db.transaction().execute(async (trx) => {
    const batch = await presentPayments({ trx, now, realtime }, items);
    result.done = batch.presented;
    result.skipped += batch.skipped;
    await options.record?.(trx, result);
  });
  return result;
}

/**
 * 提示付款 by the pledgees of the ranges still pledged whose bill is due on or before the closed day and in
 * its presentation period (docs/domain.md, a bill that matures while pledged): day-end presents in the
 * institution's place, each pledge in its own transaction (presentAsPledgee), in the order of the pledges'
 * ids from `after`. A pledge presented meanwhile, released or no longer resting pledged is skipped: its
 * range is no longer 已质押, so a second run finds nothing.
 */
export async function presentPledged(
  db: Db,
  realtime: Realtime | null,
  now: number,
  options: BatchOptions = {},
): Promise<DayEndBatch> {
  const today = options.day ?? shanghaiDate(now);
  const earliestDue = await earliestInPeriod(db, today);
  const after = options.after ?? null;
  const rows = await db
    .selectFrom('bill_pledges as g')
    .innerJoin('bill_holdings as h', 'h.id', 'g.holding_id')
    .innerJoin('bill_packages as p', 'p.id', 'g.package_id')
    .select(['g.application_id', 'g.pledgee_org_id'])
    .where('g.pledged_at', 'is not', null)
    .where('g.released_at', 'is', null)
    .where('h.ended_at', 'is', null)
    .where('h.circ_status', '=', CIRCULATION.pledged)
    .where('p.due_date', '<=', today)
    .where('p.due_date', '>=', earliestDue)
    .$if(after !== null, (q) => q.where('g.application_id', '>', after!))
    .orderBy('g.application_id')
    .limit(options.limit ?? BATCH)
    .execute();
  const result: DayEndBatch = { done: 0, skipped: 0, last: rows.at(-1)?.application_id ?? null };
  for (const row of rows) {
    try {
      await db
        .transaction()
        .execute((trx) =>
          presentAsPledgee(
            { trx, now, actor: { orgId: row.pledgee_org_id, userId: null }, realtime },
            { pledgeId: row.application_id },
          ),
        );
      result.done += 1;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      result.skipped += 1;
    }
  }
  return result;
}

interface TimeoutChecked extends Checked {
  application: Awaited<ReturnType<typeof pendingPresentation>>;
}

async function pendingPresentation(db: Db, id: string) {
  return db
    .selectFrom('bill_applications')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', APPLICATION_KIND.payment)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
}

/** Refuses one presentation left unanswered past its answer period, as its acceptor's silence. */
const refuseForSilence = ledgerCommand(
  async (ctx, id: string): Promise<TimeoutChecked> => {
    const found = await pendingPresentation(ctx.trx, id);
    const pkg = found ? await packageOf(ctx, found.package_id) : null;
    const application = await pendingPresentation(ctx.trx, id);
    return {
      application,
      summary: {
        operation: PAYMENT_MSG.refuse,
        packageNo: pkg?.package_no ?? null,
        amountFen: application?.amount_fen ?? 0,
        counterparty: '',
        range: null,
      },
    };
  },
  async (ctx, { application }): Promise<boolean> => {
    if (!application) return false;
    const pkg = await packageOf(ctx, application.package_id);
    await refuseWaiting(ctx, application, pkg, {
      by: REFUSED_BY.timeout,
      code: REFUSAL_OTHER,
      text: PAYMENT_MSG.timeoutText,
    });
    return true;
  },
);

/**
 * 拒付 of every presentation still waiting whose answer period ended on or before `now`'s day: day-end runs
 * at the close, when that day's answers are in (票交所发〔2022〕2号).
 */
export async function refuseUnanswered(
  db: Db,
  realtime: Realtime | null,
  now: number,
  options: BatchOptions = {},
): Promise<DayEndBatch> {
  const today = options.day ?? shanghaiDate(now);
  const after = options.after ?? null;
  const rows = await db
    .selectFrom('payment_applications as pa')
    .innerJoin('bill_applications as a', 'a.id', 'pa.application_id')
    .select(['a.id', 'a.receiver_org_id'])
    .where('pa.answer_due', '<=', today)
    .where('a.status', '=', APPLICATION_STATUS.pending)
    .$if(after !== null, (q) => q.where('a.id', '>', after!))
    .orderBy('a.id')
    .limit(options.limit ?? BATCH)
    .execute();
  const result: DayEndBatch = { done: 0, skipped: 0, last: rows.at(-1)?.id ?? null };
  for (const row of rows) {
    try {
      const refused = await db
        .transaction()
        .execute((trx) =>
          refuseForSilence(
            { trx, now, actor: { orgId: row.receiver_org_id, userId: null }, realtime },
            row.id,
          ),
        );
      result[refused ? 'done' : 'skipped'] += 1;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      result.skipped += 1;
    }
  }
  return result;
}

/** Runs a batch function from the step's cursor until it reads nothing, recording each batch. */
async function inBatches(
  ctx: DayEndContext,
  batch: (options: BatchOptions) => Promise<DayEndBatch>,
): Promise<void> {
  let after = ctx.cursor;
  for (;;) {
    const done = await batch({ day: ctx.businessDate, after });
    if (done.last === null) return;
    after = done.last;
    await ctx.progress(after, done.done);
  }
}

/** 拒付 of presentations left unanswered at the close of their answer day (票交所发〔2022〕2号). */
export const refuseUnansweredStep: DayEndStep = {
  name: 'payment.refuseUnanswered',
  run: (ctx) => inBatches(ctx, (options) => refuseUnanswered(ctx.db, ctx.realtime, ctx.now, options)),
};

/**
 * 自动提示付款 of every received holding due on or before the closed day that nobody presented, a batch at a
 * time, each batch's cursor recorded in its transaction.
 */
export const presentMaturingStep: DayEndStep = {
  name: 'payment.presentMaturing',
  async run(ctx) {
    let after = ctx.cursor;
    for (;;) {
      const done = await presentMaturing(ctx.db, ctx.realtime, ctx.now, {
        day: ctx.businessDate,
        after,
        record: (trx, batch) => ctx.progress(batch.last!, batch.done, trx),
      });
      if (done.last === null) return;
      after = done.last;
      // Between batches, let requests in (better-sqlite3 answers synchronously).
      await nextTurn();
    }
  },
};

/** 提示付款 by the pledgee of a range pledged at maturity, after the holders' own presentations. */
export const presentPledgedStep: DayEndStep = {
  name: 'payment.presentPledged',
  run: (ctx) => inBatches(ctx, (options) => presentPledged(ctx.db, ctx.realtime, ctx.now, options)),
};

export {
  onPledgeeProceeds,
  pledgeeProceeds,
  presentAsPledgee,
  presentPayment,
  presentPayments,
  paymentCommands,
  refusePresentation,
  type PledgeePresentInput,
  type PledgeeProceeds,
} from './commands';
export { paymentCandidatePage } from './queries';

/** Who reads the presentations and what may be presented, the lists and the export alike: the page's permission. */
export const PAYMENT_LIST_READ_BY: ListReadBy = { permission: PERMISSION.payPrompt.path };

/** The sheet has no countdown: the close's time of day does not matter to it. */
const NO_CLOSE = 0;

/** One side of the 提示付款 page's presentations as the export centre writes it, with the list's filters. */
export const PAYMENT_EXPORT = listExport({
  sheet: '提示付款',
  columns: [
    { header: '票据包号', width: 34 },
    { header: '子票区间', width: 28 },
    { header: '票面金额（元）', width: 18 },
    { header: '到期日', width: 12 },
    { header: '提示人', width: 32 },
    { header: '承兑人', width: 32 },
    { header: '提示方式', width: 12 },
    { header: '提示日期', width: 12 },
    { header: '逾期提示理由', width: 24 },
    { header: '应答截止日', width: 12 },
    { header: '状态', width: 10 },
    { header: '清算方式', width: 10 },
    { header: '拒付理由', width: 32 },
    { header: '应答时间', width: 20 },
  ],
  filterOf: (params): { side: PaymentSide; filter: PaymentFilter } => ({
    side: PAYMENT_SIDES.find((side) => side === params.side) ?? 'presenter',
    filter: {
      state: statusOf(params, PAYMENT_STATES),
      packageNo: params.packageNo,
      dueFrom: params.dueFrom,
      dueTo: params.dueTo,
    },
  }),
  count: (db, orgId, { side, filter }) => paymentCount(db, orgId, side, filter),
  page: (db, orgId, paging, { side, filter }, now) =>
    paymentPage(db, orgId, side, paging, filter, now, NO_CLOSE),
  cells: (p) => [
    p.packageNo,
    p.range,
    p.amount,
    p.maturityDate,
    p.presenter.name,
    p.acceptor.name,
    PRESENTED_BY_LABEL[p.presentedBy],
    p.presentedOn,
    p.overdue ? (p.overdueReason ?? '') : '',
    p.answerDue,
    PAYMENT_STATE_LABEL[p.state],
    p.clearing ? CLEARING_LABEL[p.clearing] : '',
    p.refusalCode
      ? `${p.refusalCode} ${PAYMENT_REFUSAL[p.refusalCode]}${p.refusalText ? `：${p.refusalText}` : ''}`
      : '',
    p.answeredAt ? shanghaiDateTime(Date.parse(p.answeredAt)) : '',
  ],
});
