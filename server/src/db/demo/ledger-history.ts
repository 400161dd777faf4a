import { BILL_TERM_MAX_MONTHS } from '@contract/bills';
import { permissionsOfRoles } from '@contract/organization';
import { PERMISSION } from '@contract/permissions';
import { shanghaiDate, shanghaiDayStart } from '../../lib/shanghai-time';
import {
  addMonths,
  endorse,
  issueBill,
  refuseApplication,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  type CommandScope,
} from '../../modules/bills/service';
import { holidayCalendar, type HolidayCalendar } from '../../modules/holiday/service';
import { presentPayment, refusePresentation } from '../../modules/payment/service';
import { notifyRecourse } from '../../modules/recourse/service';
import type { Db } from '../database';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../seed';

/**
 * The demo ledger's past: months of bills issued, signed for, refused, revoked and endorsed among the demo
 * companies, every act one of the ledger's own commands at its past moment, so the lists, the detail, the
 * operation log and the dashboard's figures all read the same records. Then the few bills the journeys rely
 * on (README "Demo accounts"). Deterministic: a fixed-seed generator picks the acts, so every fresh demo
 * database holds the same history, moved with the seed time.
 */

const HISTORY_SEED = 20260302;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * How far back the history starts: inside the dashboard's six-month window (the current month and five
 * before it), so every act it shows is counted there.
 */
const HISTORY_DAYS = 140;
/** The history stops a few days before the seed, where the journeys' bills begin. */
const QUIET_DAYS = 4;
/** An answer the history owes is given by this long before the seed at the latest. */
const LAST_ANSWER_BEFORE_SEED = 2 * 60 * MINUTE;
/** Acts fall between 09:30 and 16:30 on Shanghai working days. */
const WORK_START_MINUTE = 9 * 60 + 30;
const WORK_MINUTES = 7 * 60;
/** A bill of the history matures at least this long after the seed: none has matured yet. */
const MIN_DAYS_TO_MATURITY = 10;
/** Faces are whole 万元 from 5万 to 200万. */
const TEN_THOUSAND_YUAN_FEN = 1_000_000;
const FACE_MIN = 5;
const FACE_MAX = 200;

const REMARKS = ['货款', '零部件货款', '原材料采购', '包装材料款', '加工费'] as const;
const REFUSALS = ['金额与合同不符', '收款账户信息有误', '交易尚未完成，暂不签收'] as const;

/** mulberry32: small, fast and good enough for demo data. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}
type Generator = ReturnType<typeof generator>;

type Company = 'shanghai' | 'suzhou' | 'ningbo';

/** The members who act for each company: those whose roles let them issue (and endorse). */
const actorsOf = (company: Company): string[] =>
  DEMO_ACCOUNTS.filter((account) =>
    account.memberships.some(
      (m) => m.org === company && permissionsOfRoles(m.roles).has(PERMISSION.issue.path),
    ),
  ).map((account) => account.id);

/**
 * Acts in time order; an act may plan later ones. A new business (an issue, an endorsement) that would fall
 * after `lastStart` is not begun; an answer to one already begun always happens, by `lastAct` at the latest,
 * so nothing of the history is left waiting.
 */
class Timeline {
  private readonly steps: Array<{ at: number; order: number; run: (at: number) => Promise<void> }> = [];
  private order = 0;

  constructor(
    private readonly lastStart: number,
    private readonly lastAct: number,
  ) {}

  begin(at: number, run: (at: number) => Promise<void>): void {
    if (at <= this.lastStart) this.add(at, run);
  }

  follow(at: number, run: (at: number) => Promise<void>): void {
    this.add(Math.min(at, this.lastAct), run);
  }

  private add(at: number, run: (at: number) => Promise<void>): void {
    this.steps.push({ at, order: this.order++, run });
  }

  async play(): Promise<void> {
    for (;;) {
      let first = 0;
      for (let i = 1; i < this.steps.length; i++) {
        const step = this.steps[i]!;
        const best = this.steps[first]!;
        if (step.at < best.at || (step.at === best.at && step.order < best.order)) first = i;
      }
      const [step] = this.steps.splice(first, 1);
      if (!step) return;
      await step.run(step.at);
    }
  }
}

const isWorkday = (calendar: HolidayCalendar, dayStart: number) =>
  calendar.isBusinessDay(shanghaiDate(dayStart));

/** The start (Shanghai midnight) of the `workdays`-th working day from the day of `at` (0: that day, if it is one). */
function workdayAfter(calendar: HolidayCalendar, at: number, workdays: number): number {
  let day = shanghaiDayStart(at);
  let left = workdays;
  for (;;) {
    if (isWorkday(calendar, day)) {
      if (left === 0) return day;
      left -= 1;
    }
    // A little past the next midnight, whatever the day's length in UTC milliseconds.
    day = shanghaiDayStart(day + DAY + 2 * 60 * MINUTE);
  }
}

/** A moment within working hours of the day starting at `dayStart`, not before `notBefore`. */
function workMoment(rng: Generator, dayStart: number, notBefore = 0): number {
  const moment = dayStart + (WORK_START_MINUTE + rng.int(0, WORK_MINUTES)) * MINUTE;
  return Math.max(moment, notBefore + rng.int(5, 40) * MINUTE);
}

interface Ledger {
  trx: Db;
  calendar: HolidayCalendar;
  rng: Generator;
  timeline: Timeline;
  /** The day of the seed: bills mature well after it. */
  today: string;
}

function context(ledger: Ledger, company: Company, at: number): CommandScope {
  return {
    trx: ledger.trx,
    now: at,
    actor: { orgId: DEMO_ORGS[company].id, userId: ledger.rng.pick(actorsOf(company)) },
    realtime: null,
  };
}

/** The pending application to `receiver` about the package, as the issue or endorsement just made it. */
async function pendingApplication(trx: Db, packageId: string, receiver: Company): Promise<string> {
  const row = await trx
    .selectFrom('bill_applications')
    .select('id')
    .where('package_id', '=', packageId)
    .where('receiver_org_id', '=', DEMO_ORGS[receiver].id)
    .where('status', '=', 'pending')
    .orderBy('applied_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The holding the receiver took when it signed the application. */
async function holdingFrom(trx: Db, applicationId: string, holder: Company): Promise<string | undefined> {
  const application = await trx
    .selectFrom('bill_applications')
    .select(['package_id', 'sub_start'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const row = await trx
    .selectFrom('bill_holdings')
    .select('id')
    .where('package_id', '=', application.package_id)
    .where('org_id', '=', DEMO_ORGS[holder].id)
    .where('sub_start', '=', application.sub_start)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** A maturity at most six months after the issue and well after the seed; none when the term cannot allow one. */
function maturityOf(ledger: Ledger, issueDate: string): string | null {
  const latest = addMonths(issueDate, BILL_TERM_MAX_MONTHS);
  const earliest = shanghaiDate(Date.parse(`${ledger.today}T00:00:00+08:00`) + MIN_DAYS_TO_MATURITY * DAY);
  if (latest <= earliest) return null;
  const wanted = addMonths(issueDate, ledger.rng.int(3, BILL_TERM_MAX_MONTHS));
  return wanted > earliest ? wanted : latest;
}

/**
 * `drawer` issues a bill it accepts itself to `payee`; the payee signs for it, or refuses and the drawer asks
 * again or withdraws the bill; a held bill may then be endorsed on.
 */
function planIssue(ledger: Ledger, drawer: Company, payee: Company, at: number): void {
  const { rng, timeline } = ledger;
  const amountFen = rng.int(FACE_MIN, FACE_MAX) * TEN_THOUSAND_YUAN_FEN;
  const noTransfer = rng.chance(0.1);
  const splittable = !rng.chance(0.1);
  const remark = rng.pick(REMARKS);
  const answer = rng.int(0, 99);
  const answerDays = rng.int(0, 2);
  timeline.begin(at, async (now) => {
    const issueDate = shanghaiDate(now);
    const dueDate = maturityOf(ledger, issueDate);
    if (!dueDate) return;
    const pkg = await issueBill(context(ledger, drawer, now), {
      acceptorOrgId: DEMO_ORGS[drawer].id,
      payeeOrgId: DEMO_ORGS[payee].id,
      amountFen,
      issueDate,
      dueDate,
      noTransfer,
      splittable,
      remark,
    });
    const receipt = await pendingApplication(ledger.trx, pkg.id, payee);
    const answeredAt = workMoment(rng, workdayAfter(ledger.calendar, now, answerDays), now);
    if (answer < 84) {
      planReceipt(ledger, payee, receipt, answeredAt, !noTransfer);
    } else if (answer < 92) {
      // Refused, asked again the next working day, then signed for.
      timeline.follow(answeredAt, async (then) => {
        await refuseApplication(context(ledger, payee, then), { id: receipt, reason: rng.pick(REFUSALS) });
        const again = workMoment(rng, workdayAfter(ledger.calendar, then, 1), then);
        timeline.follow(again, async (later) => {
          await requestReceipt(context(ledger, drawer, later), pkg.id);
          const next = await pendingApplication(ledger.trx, pkg.id, payee);
          planReceipt(
            ledger,
            payee,
            next,
            workMoment(rng, workdayAfter(ledger.calendar, later, 1), later),
            !noTransfer,
          );
        });
      });
    } else if (answer < 96) {
      // Refused, and the drawer withdraws the bill (撤票).
      timeline.follow(answeredAt, async (then) => {
        await refuseApplication(context(ledger, payee, then), { id: receipt, reason: rng.pick(REFUSALS) });
        const revokedAt = workMoment(rng, workdayAfter(ledger.calendar, then, 1), then);
        timeline.follow(
          revokedAt,
          async (later) => void (await revokeBill(context(ledger, drawer, later), pkg.id)),
        );
      });
    } else {
      // The drawer takes the prompt back before the payee answers, corrects nothing and sends it again.
      const withdrawnAt = now + rng.int(10, 90) * MINUTE;
      timeline.follow(withdrawnAt, async (then) => {
        await withdrawApplication(context(ledger, drawer, then), receipt);
        await requestReceipt(context(ledger, drawer, then + 2 * MINUTE), pkg.id);
        const next = await pendingApplication(ledger.trx, pkg.id, payee);
        planReceipt(
          ledger,
          payee,
          next,
          workMoment(rng, workdayAfter(ledger.calendar, then, 1), then),
          !noTransfer,
        );
      });
    }
  });
}

/** `holder` signs the application; a transferable bill may then be endorsed on. */
function planReceipt(
  ledger: Ledger,
  holder: Company,
  applicationId: string,
  at: number,
  transferable: boolean,
): void {
  const { rng, timeline } = ledger;
  const endorseOn = transferable && rng.chance(holder === 'suzhou' ? 0.5 : 0.2);
  const afterDays = rng.int(3, 20);
  timeline.follow(at, async (now) => {
    await signApplication(context(ledger, holder, now), { id: applicationId });
    if (!endorseOn) return;
    const holdingId = await holdingFrom(ledger.trx, applicationId, holder);
    if (!holdingId) return;
    planEndorsement(
      ledger,
      holder,
      holdingId,
      workMoment(rng, workdayAfter(ledger.calendar, now, afterDays), now),
    );
  });
}

/**
 * Suzhou pays Ningbo for packaging with part or all of a bill it holds, Ningbo pays Suzhou for parts now and
 * then; the endorsee signs, or refuses and the range goes back.
 */
function planEndorsement(ledger: Ledger, holder: Company, holdingId: string, at: number): void {
  const { rng, timeline } = ledger;
  const endorsee: Company = holder === 'suzhou' ? 'ningbo' : 'suzhou';
  const tenths = rng.chance(0.4) ? 10 : rng.int(2, 8);
  const signs = rng.chance(0.9);
  const answerDays = rng.int(0, 1);
  timeline.begin(at, async (now) => {
    const holding = await ledger.trx
      .selectFrom('bill_holdings as h')
      .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
      .select(['h.amount_fen', 'p.splittable'])
      .where('h.id', '=', holdingId)
      .executeTakeFirstOrThrow();
    const held = Number(holding.amount_fen);
    const part = Math.floor((held * tenths) / 10 / TEN_THOUSAND_YUAN_FEN) * TEN_THOUSAND_YUAN_FEN;
    const amountFen = holding.splittable === 1 && part > 0 ? part : held;
    const application = await endorse(context(ledger, holder, now), {
      holdingId,
      endorseeOrgId: DEMO_ORGS[endorsee].id,
      amountFen,
      remark: rng.pick(REMARKS),
    });
    const answeredAt = workMoment(rng, workdayAfter(ledger.calendar, now, answerDays), now);
    timeline.follow(answeredAt, async (then) => {
      if (signs) await signApplication(context(ledger, endorsee, then), { id: application.id });
      else
        await refuseApplication(context(ledger, endorsee, then), {
          id: application.id,
          reason: rng.pick(REFUSALS),
        });
    });
  });
}

/**
 * The history before the journeys' bills: on a working day the Shanghai core enterprise now and then issues
 * a bill to one of its suppliers, and Suzhou, less often, one of its own to Ningbo.
 */
async function seedPast(trx: Db, now: number): Promise<void> {
  const rng = generator(HISTORY_SEED);
  const timeline = new Timeline(shanghaiDayStart(now) - QUIET_DAYS * DAY, now - LAST_ANSWER_BEFORE_SEED);
  const calendar = await holidayCalendar(trx);
  const ledger: Ledger = { trx, calendar, rng, timeline, today: shanghaiDate(now) };
  for (let day = HISTORY_DAYS; day > QUIET_DAYS; day--) {
    const dayStart = shanghaiDayStart(now - day * DAY);
    if (!isWorkday(calendar, dayStart)) continue;
    if (rng.chance(0.4))
      planIssue(ledger, 'shanghai', rng.chance(0.6) ? 'suzhou' : 'ningbo', workMoment(rng, dayStart));
    if (rng.chance(0.08)) planIssue(ledger, 'suzhou', 'ningbo', workMoment(rng, dayStart));
  }
  await timeline.play();
}

/**
 * The bills the journeys and README rely on, the last acts before the seed: Suzhou holds two bills of the
 * Shanghai company (one 不得转让) and endorsed the front 300,000.00 yuan of the first to Ningbo, which signed;
 * one bill waits for Ningbo's signature in its 待签收.
 */
async function seedJourneyBills(trx: Db, now: number): Promise<void> {
  const as = (company: Company, at: number): CommandScope => ({
    trx,
    now: at,
    actor: { orgId: DEMO_ORGS[company].id, userId: actorsOf(company)[0]! },
    realtime: null,
  });
  const issue = async (at: number, payee: Company, amountFen: number, noTransfer: boolean) => {
    const today = shanghaiDate(at);
    const pkg = await issueBill(as('shanghai', at), {
      acceptorOrgId: DEMO_ORGS.shanghai.id,
      payeeOrgId: DEMO_ORGS[payee].id,
      amountFen,
      issueDate: today,
      dueDate: addMonths(today, 5),
      noTransfer,
      splittable: true,
      remark: '货款',
    });
    return pendingApplication(trx, pkg.id, payee);
  };
  const start = now - 3 * DAY;
  const first = await issue(start, 'suzhou', 120_000_000, false);
  await signApplication(as('suzhou', start + MINUTE), { id: first });
  const held = await holdingFrom(trx, first, 'suzhou');
  const endorsement = await endorse(as('suzhou', start + DAY), {
    holdingId: held!,
    endorseeOrgId: DEMO_ORGS.ningbo.id,
    amountFen: 30_000_000,
    remark: '原材料采购',
  });
  await signApplication(as('ningbo', start + DAY + MINUTE), { id: endorsement.id });
  const second = await issue(start + 2 * DAY, 'suzhou', 80_000_000, true);
  await signApplication(as('suzhou', start + 2 * DAY + MINUTE), { id: second });
  await issue(now - MINUTE, 'ningbo', 50_000_000, false);
}

/** How long before the seed the refused bill was issued: its three-month term ended weeks ago. */
const REFUSED_BILL_ISSUED_DAYS = 110;
const REFUSED_BILL_FEN = 45_000_000;

/**
 * One bill that ended in 追索, so the 追索 page has a case on it from the first sign-in: the Shanghai company
 * issued a three-month bill to Suzhou, which endorsed it whole to Ningbo; Ningbo presented it on its
 * maturity date, Shanghai refused it the next working day, and Ningbo sent recourse notices to Suzhou (the
 * endorser) and Shanghai (the acceptor) the working day after, which wait for an answer. The bill is refused
 * (TF0402), so no journey that looks for a bill to present, endorse or pursue picks it.
 */
async function seedRecourseCase(trx: Db, now: number): Promise<void> {
  const calendar = await holidayCalendar(trx);
  const as = (company: Company, at: number): CommandScope => ({
    trx,
    now: at,
    actor: { orgId: DEMO_ORGS[company].id, userId: actorsOf(company)[0]! },
    realtime: null,
  });
  const at10 = (dayStart: number) => dayStart + 10 * 60 * MINUTE;
  const issuedAt = at10(workdayAfter(calendar, now - REFUSED_BILL_ISSUED_DAYS * DAY, 0));
  const issueDate = shanghaiDate(issuedAt);
  const dueDate = addMonths(issueDate, 3);
  const pkg = await issueBill(as('shanghai', issuedAt), {
    acceptorOrgId: DEMO_ORGS.shanghai.id,
    payeeOrgId: DEMO_ORGS.suzhou.id,
    amountFen: REFUSED_BILL_FEN,
    issueDate,
    dueDate,
    noTransfer: false,
    splittable: true,
    remark: '零部件货款',
  });
  const receipt = await pendingApplication(trx, pkg.id, 'suzhou');
  await signApplication(as('suzhou', issuedAt + 30 * MINUTE), { id: receipt });
  const endorsedAt = at10(workdayAfter(calendar, issuedAt, 5));
  const endorsement = await endorse(as('suzhou', endorsedAt), {
    holdingId: (await holdingFrom(trx, receipt, 'suzhou'))!,
    endorseeOrgId: DEMO_ORGS.ningbo.id,
    amountFen: REFUSED_BILL_FEN,
    remark: '包装材料款',
  });
  await signApplication(as('ningbo', endorsedAt + 45 * MINUTE), { id: endorsement.id });
  const held = (await holdingFrom(trx, endorsement.id, 'ningbo'))!;
  const presentedAt = at10(workdayAfter(calendar, Date.parse(`${dueDate}T00:00:00+08:00`), 0));
  const presentation = await presentPayment(as('ningbo', presentedAt), { holdingId: held });
  await refusePresentation(as('shanghai', at10(workdayAfter(calendar, presentedAt, 1))), {
    id: presentation.id,
    code: 'DC00',
    text: '货物质量争议，待双方协商',
  });
  // The refusal put Ningbo's range under recourse: the holding it pursues for is the one it holds now.
  await notifyRecourse(as('ningbo', at10(workdayAfter(calendar, presentedAt, 2))), {
    holdingId: (await holdingFrom(trx, endorsement.id, 'ningbo'))!,
    debtorOrgIds: [DEMO_ORGS.suzhou.id, DEMO_ORGS.shanghai.id],
  });
}

/** The whole demo ledger, in the caller's transaction. */
export async function seedLedgerHistory(trx: Db, now: number): Promise<void> {
  await seedPast(trx, now);
  await seedJourneyBills(trx, now);
  await seedRecourseCase(trx, now);
}
