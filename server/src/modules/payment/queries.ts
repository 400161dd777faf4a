import {
  APPLICATION_STATUS,
  BILL_STATUS,
  CIRCULATION,
  PAYMENT_RIGHTS_YEARS,
  applicationActs,
  billRange,
  presentationLastDay,
  type ApplicationStatus,
} from '@contract/bills';
import type { Clearing } from '@contract/discount';
import {
  PAYMENT_STATE,
  PRESENTATION_PERIOD_DAYS,
  type PaymentRefusalCode,
  type PaymentSide,
  type PaymentState,
  type PresentedBy,
  type RefusedBy,
} from '@contract/payment';
import type { PaymentCandidate, PaymentRecord } from '@contract/payment-schemas';
import type { Db } from '../../db/database';
import { addDays } from '../../lib/calendar-date';
import { containsPattern, likeEscaped } from '../../db/like';
import { carriedTotal, preparedByPresence, unplanned } from '../../db/prepared-query';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { holidayCalendar } from '../holiday/service';

/** A presentation's state is its application's: signed is paid, refused is refused. */
const STATE_OF_STATUS: Record<ApplicationStatus, PaymentState> = {
  pending: PAYMENT_STATE.pending,
  signed: PAYMENT_STATE.paid,
  refused: PAYMENT_STATE.refused,
  withdrawn: PAYMENT_STATE.withdrawn,
  // The day-end's clearing passes presentations over; were one ever cleared, it is closed unanswered.
  cleared: PAYMENT_STATE.withdrawn,
};
const STATUS_OF_STATE: Record<PaymentState, ApplicationStatus> = {
  pending: APPLICATION_STATUS.pending,
  paid: APPLICATION_STATUS.signed,
  refused: APPLICATION_STATUS.refused,
  withdrawn: APPLICATION_STATUS.withdrawn,
};

/** When an answer period ends: the close of its last day (the day-end runs then and refuses what waits). */
export const answerDueAt = (answerDue: string, closeMinutes: number): number =>
  Date.parse(`${answerDue}T00:00:00+08:00`) + closeMinutes * 60_000;

export interface PaymentFilter {
  state?: PaymentState | undefined;
  packageNo?: string | undefined;
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  id?: string;
}

type Side = PaymentSide | 'either';

/** What the list is narrowed by, as bound values: each filter absent is null. */
interface PaymentValues {
  orgId: string;
  status: ApplicationStatus | null;
  /** A LIKE pattern of the package number (containsPattern). */
  packagePattern: string | null;
  dueFrom: string | null;
  dueTo: string | null;
  id: string | null;
}

function paymentRows(db: Db, side: Side, v: PaymentValues) {
  const query = db
    .selectFrom('payment_applications as pa')
    .innerJoin('bill_applications as a', 'a.id', 'pa.application_id')
    .innerJoin('bill_packages as p', 'p.id', 'a.package_id')
    .innerJoin('organizations as po', 'po.id', 'pa.presenter_org_id')
    .innerJoin('organizations as ao', 'ao.id', 'pa.acceptor_org_id');
  const mine =
    side === 'presenter'
      ? query.where('pa.presenter_org_id', '=', v.orgId)
      : side === 'acceptor'
        ? query.where('pa.acceptor_org_id', '=', v.orgId)
        : query.where((eb) =>
            eb.or([eb('pa.presenter_org_id', '=', v.orgId), eb('pa.acceptor_org_id', '=', v.orgId)]),
          );
  return mine
    .$if(v.status !== null, (q) => q.where('a.status', '=', v.status!))
    .$if(v.packagePattern !== null, (q) => q.where(likeEscaped('p.package_no', v.packagePattern!)))
    .$if(v.dueFrom !== null, (q) => q.where('p.due_date', '>=', v.dueFrom!))
    .$if(v.dueTo !== null, (q) => q.where('p.due_date', '<=', v.dueTo!))
    .$if(v.id !== null, (q) => q.where('pa.application_id', '=', v.id!));
}

type PageValues = PaymentValues & Pick<PageRequest, 'size' | 'offset'>;

function valuesOf(orgId: string, { state, packageNo, dueFrom, dueTo, id }: PaymentFilter): PaymentValues {
  return {
    orgId,
    status: state === undefined ? null : STATUS_OF_STATE[state],
    packagePattern: packageNo ? containsPattern(packageNo) : null,
    dueFrom: dueFrom || null,
    dueTo: dueTo || null,
    id: id ?? null,
  };
}

/**
 * One side's page and count, prepared for each set of filters given (db/prepared-query.ts): building and
 * compiling the list's query took longer than running it.
 */
function sideQueries(side: Side) {
  return {
    page: preparedByPresence((db: Db, v: PageValues) =>
      paymentRows(db, side, v)
        .selectAll('pa')
        .select([
          'a.package_id',
          'a.sub_start',
          'a.sub_end',
          'a.amount_fen',
          'a.status',
          'a.applied_at',
          'p.package_no',
          'p.splittable',
          'p.due_date',
          'po.name as presenter_name',
          'ao.name as acceptor_name',
        ])
        // The total rides on every row: one query where the page and its count took two round trips.
        .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
        .orderBy('pa.created_at', 'desc')
        .orderBy('pa.application_id', 'desc')
        .limit(unplanned(v.size, 'bigint'))
        .offset(unplanned(v.offset, 'bigint')),
    ),
    count: preparedByPresence((db: Db, v: PaymentValues) =>
      paymentRows(db, side, v).select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
  };
}

const queriesOfSide: Record<Side, ReturnType<typeof sideQueries>> = {
  presenter: sideQueries('presenter'),
  acceptor: sideQueries('acceptor'),
  either: sideQueries('either'),
};

/** How many of the organisation's presentations on one side the filter holds (an export's size). */
export async function paymentCount(
  db: Db,
  orgId: string,
  side: PaymentSide | 'either',
  filter: PaymentFilter,
): Promise<number> {
  return Number((await queriesOfSide[side].count(db, valuesOf(orgId, filter)))[0]?.n ?? 0);
}

/** The organisation's presentations on one side, newest first, narrowed by the filter. */
export async function paymentPage(
  db: Db,
  orgId: string,
  side: PaymentSide | 'either',
  paging: PageRequest,
  filter: PaymentFilter,
  now: number,
  closeMinutes: number,
): Promise<{ content: PaymentRecord[]; total: number }> {
  const values = valuesOf(orgId, filter);
  const queries = queriesOfSide[side];
  const rows = await queries.page(db, { ...values, size: paging.size, offset: paging.offset });
  const total = await carriedTotal(rows, paging.offset, () => queries.count(db, values));
  const today = shanghaiDate(now);
  return {
    total,
    content: rows.map((row): PaymentRecord => {
      const status = row.status as ApplicationStatus;
      const dueAt = answerDueAt(row.answer_due, closeMinutes);
      return {
        id: row.application_id,
        packageId: row.package_id,
        packageNo: row.package_no,
        range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
        amount: fenToYuan(row.amount_fen),
        maturityDate: row.due_date,
        presenter: { orgId: row.presenter_org_id, name: row.presenter_name },
        acceptor: { orgId: row.acceptor_org_id, name: row.acceptor_name },
        presentedBy: row.presented_by as PresentedBy,
        presentedOn: row.presented_on,
        overdue: row.overdue === 1,
        overdueReason: row.overdue_reason,
        answerDue: row.answer_due,
        answerDueAt: isoTime(dueAt),
        answerLeftSeconds:
          status === APPLICATION_STATUS.pending ? Math.max(0, Math.floor((dueAt - now) / 1000)) : null,
        state: STATE_OF_STATUS[status],
        clearing: row.clearing as Clearing | null,
        refusedBy: row.refused_by as RefusedBy | null,
        refusalCode: row.refusal_code as PaymentRefusalCode | null,
        refusalText: row.refusal_text,
        presentedAt: isoTime(Number(row.created_at)),
        answeredAt: row.answered_at === null ? null : isoTime(Number(row.answered_at)),
        actions: applicationActs(
          {
            status,
            side: row.acceptor_org_id === orgId ? 'receiver' : 'applicant',
            dueDate: row.due_date,
            kind: 'payment',
          },
          today,
        ),
      };
    }),
  };
}

/** One presentation the organisation presented or must answer, or undefined (another's answers the same). */
export async function paymentById(
  db: Db,
  orgId: string,
  id: string,
  now: number,
  closeMinutes: number,
): Promise<PaymentRecord | undefined> {
  const page = { page: 0, size: 1, offset: 0 };
  const { content } = await paymentPage(db, orgId, 'either', page, { id }, now, closeMinutes);
  return content[0];
}

/** The earliest maturity still presentable on `today`: its rights lapse two years on (contract/bills.ts). */
function earliestPresentable(today: string): string {
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  let date = `${String(y - PAYMENT_RIGHTS_YEARS).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  // The same day two years back, or the month's last when it has none (29 February), then on to the first
  // maturity whose last day is not before today.
  date = addDays(date, d - 1);
  while (presentationLastDay(date) < today) date = addDays(date, 1);
  return date;
}

/**
 * The organisation's received holdings at rest whose bill is due (on or before today) and whose rights have
 * not lapsed, not presented since: what it may present now, earliest maturity first.
 */
export async function paymentCandidatePage(
  db: Db,
  orgId: string,
  paging: PageRequest,
  now: number,
): Promise<{ content: PaymentCandidate[]; total: number }> {
  const today = shanghaiDate(now);
  const filtered = db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .innerJoin('organizations as ao', 'ao.id', 'p.acceptor_org_id')
    .where('h.org_id', '=', orgId)
    .where('h.ended_at', 'is', null)
    .where('h.bill_status', '=', BILL_STATUS.received)
    .where('h.circ_status', 'in', [CIRCULATION.negotiable, CIRCULATION.notTransferable])
    .whereRef('h.org_id', '!=', 'p.acceptor_org_id')
    // A range of the holdings' own copy of the due date (bill_holdings_current_due), not a walk of them all.
    .where('h.due_date', '<=', today)
    .where('h.due_date', '>=', earliestPresentable(today));
  const [rows, count, calendar] = await Promise.all([
    filtered
      .select([
        'h.id',
        'h.package_id',
        'h.sub_start',
        'h.sub_end',
        'h.amount_fen',
        'p.package_no',
        'p.splittable',
        'p.due_date',
        'p.acceptor_org_id',
        'ao.name as acceptor_name',
      ])
      .orderBy('h.due_date')
      .orderBy('h.id')
      .limit(paging.size)
      .offset(paging.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    holidayCalendar(db),
  ]);
  return {
    total: Number(count.n),
    content: rows.map((row): PaymentCandidate => {
      const periodEnd = calendar.periodEnd(row.due_date, PRESENTATION_PERIOD_DAYS);
      return {
        holdingId: row.id,
        packageId: row.package_id,
        packageNo: row.package_no,
        range: billRange(row.splittable === 1, Number(row.sub_start), Number(row.sub_end)),
        amount: fenToYuan(row.amount_fen),
        maturityDate: row.due_date,
        acceptor: { orgId: row.acceptor_org_id, name: row.acceptor_name },
        periodEnd,
        overdue: today > periodEnd,
        lastDay: presentationLastDay(row.due_date),
      };
    }),
  };
}
