import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SandboxInstitutionApplicationTable } from '../../db/schema';
import { shanghaiDate } from '../../lib/shanghai-time';
import { TASK_STATUS, TaskQueue, TaskWorker, type Lease } from '../../lib/task-queue';
import {
  INSTITUTION_REFUSAL,
  type AnswerHandler,
  type InstitutionAct,
  type InstitutionAnswer,
  type InstitutionApplication,
  type InstitutionGateway,
  type InstitutionRefusal,
  type QuoteAnswer,
  type QuoteRequest,
  type SettleOrder,
  type SettleResult,
} from './gateway';
import { decide, policyOf } from './sandbox-policy';

/** How long a sandbox quote holds, as a bank's indicative quote does for a short while. */
export const SANDBOX_QUOTE_VALID_MS = 10 * 60 * 1000;
/** A delivery the platform failed is tried again after 2^attempt seconds, at most this long. */
const RETRY_MAX_MS = 5 * 60 * 1000;
export const ANSWER_MAX_ATTEMPTS = 8;

/** What the sandbox institutions say when they refuse, by reason. */
export const SANDBOX_REFUSAL_TEXT: Record<InstitutionRefusal, string> = {
  acceptor_not_approved: '承兑人不在本行授信名单内',
  over_limit: '金额超过本行单张票据额度',
  term_out_of_range: '剩余期限不在本行受理范围内',
  rate_too_low: '申请利率低于本行报价',
  other: '本行暂不受理',
};

export interface SandboxInstitutionOptions {
  db: Db;
  now: () => number;
  /** Orders a payment at the settlement bank in the caller's transaction (app.adapters.settlement.pay). */
  pay: (order: Omit<SettleOrder, 'applicationId'>, within: Db) => Promise<SettleResult>;
  /** How long after an application the policy answers it; null: only a developer answers (sandbox page). */
  answerDelayMs: number | null;
  leaseMs: number;
  pollMs: number;
}

type Row = Selectable<SandboxInstitutionApplicationTable>;

/** A developer's answer on the sandbox page. */
export interface HandAnswer {
  decision: 'sign' | 'refuse';
  reason?: InstitutionRefusal;
  remark?: string;
}

/**
 * The sandbox institutions. A quote is the written policy's rate for the acceptor and term (sandbox-policy.ts).
 * An application becomes a task in `sandbox_institution_applications`, left running with its lease ending
 * when the answer is due, so the server's task queue claims it then on whichever node; the task decides by
 * the policy, unless a developer answered by hand first, and delivers the answer to the act's handler,
 * again with backoff while the platform fails it. Its payments go through the settlement bank it is given.
 */
export class SandboxInstitutionGateway implements InstitutionGateway {
  private readonly handlers = new Map<InstitutionAct, AnswerHandler>();
  private readonly queue: TaskQueue<'sandbox_institution_applications'>;
  readonly worker: TaskWorker<{ task: Row; lease: Lease }>;

  constructor(
    private readonly options: SandboxInstitutionOptions,
    log: FastifyBaseLogger,
  ) {
    this.queue = new TaskQueue({
      db: options.db,
      table: 'sandbox_institution_applications',
      now: options.now,
      leaseMs: options.leaseMs,
    });
    this.worker = new TaskWorker({
      name: 'sandbox institution answers',
      log,
      pollMs: options.pollMs,
      claim: () => this.queue.claim(),
      run: (claimed) => this.answer(claimed.task, claimed.lease),
    });
  }

  answerTo(act: InstitutionAct, handler: AnswerHandler): void {
    this.handlers.set(act, handler);
  }

  async quote(request: QuoteRequest): Promise<QuoteAnswer> {
    const decided = decide(policyOf(request.institution.bankNo), request.bill, request.onDate);
    return decided.decision === 'sign'
      ? {
          status: 'offered',
          annualRate: decided.annualRate,
          validUntil: this.options.now() + SANDBOX_QUOTE_VALID_MS,
        }
      : { status: 'declined', reason: decided.reason };
  }

  async submit(application: InstitutionApplication, within: Db): Promise<void> {
    const now = this.options.now();
    const { answerDelayMs } = this.options;
    await within
      .insertInto('sandbox_institution_applications')
      .values({
        id: application.applicationId,
        act: application.act,
        institution_org_id: application.institution.orgId,
        body: JSON.stringify(application),
        // Running with no holder yet: the queue claims it once the lease ends, that is when it is due.
        status: TASK_STATUS.running,
        attempts: 0,
        lease_expires_at: answerDelayMs === null ? null : now + answerDelayMs,
        decision: null,
        reason: null,
        remark: null,
        outcome: null,
        created_at: now,
        started_at: null,
        answered_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // Looked for when due on this node (after the submitting transaction commits); any node's poll finds it too.
    if (answerDelayMs !== null) setTimeout(() => this.worker.kick(), answerDelayMs).unref();
  }

  async withdraw(applicationId: string, within: Db): Promise<void> {
    await within
      .updateTable('sandbox_institution_applications')
      .set({
        status: TASK_STATUS.done,
        outcome: 'withdrawn',
        lease_expires_at: null,
        answered_at: this.options.now(),
      })
      .where('id', '=', applicationId)
      .where('status', '!=', TASK_STATUS.done)
      .execute();
  }

  async settle({ applicationId: _, ...payment }: SettleOrder, within: Db): Promise<SettleResult> {
    return this.options.pay(payment, within);
  }

  /**
   * A developer answers an application not yet answered: the decision is kept and the task, claimed by this
   * call in the same write, answered at once (a delivery that fails is retried by the queue as any other).
   * Answering here rather than through the worker keeps the call's time its own: the worker runs one task at
   * a time, and waiting for it to fall idle was waiting for every answer queued beside this one.
   * False when there is no such application waiting (answered, withdrawn, or being answered right now).
   */
  async answerByHand(applicationId: string, answer: HandAnswer): Promise<boolean> {
    const refused = answer.decision === 'refuse';
    const reason = refused ? (answer.reason ?? INSTITUTION_REFUSAL.other) : null;
    const now = this.options.now();
    const claimed = await this.options.db
      .updateTable('sandbox_institution_applications')
      .set({
        decision: answer.decision,
        reason,
        remark: refused ? answer.remark?.trim() || SANDBOX_REFUSAL_TEXT[reason!] : null,
        attempts: 1,
        started_at: now,
        lease_expires_at: now + this.options.leaseMs,
      })
      .where('id', '=', applicationId)
      .where('status', '=', TASK_STATUS.running)
      .where('attempts', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return false;
    await this.answer(claimed, { id: claimed.id, attempt: 1 });
    return true;
  }

  /** Applications waiting for an answer, oldest first, then the latest answered. */
  async applications(limit: number): Promise<Row[]> {
    const { db } = this.options;
    const [waiting, answered] = await Promise.all([
      db
        .selectFrom('sandbox_institution_applications')
        .selectAll()
        .where('status', '!=', TASK_STATUS.done)
        .where('status', '!=', TASK_STATUS.failed)
        .orderBy('created_at')
        .limit(limit)
        .execute(),
      db
        .selectFrom('sandbox_institution_applications')
        .selectAll()
        .where('status', 'in', [TASK_STATUS.done, TASK_STATUS.failed])
        .orderBy('answered_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return [...waiting, ...answered];
  }

  /** What the policy would answer this application today. */
  policyAnswer(application: InstitutionApplication): ReturnType<typeof decide> {
    return decide(
      policyOf(application.institution.bankNo),
      application.bill,
      shanghaiDate(this.options.now()),
      application.annualRate,
    );
  }

  private answerOf(task: Row): InstitutionAnswer {
    const application = JSON.parse(task.body) as InstitutionApplication;
    const base = {
      applicationId: application.applicationId,
      act: application.act,
      institutionOrgId: application.institution.orgId,
    };
    if (task.decision === 'sign') return { ...base, decision: 'sign' };
    if (task.decision === 'refuse') {
      const reason = (task.reason ?? INSTITUTION_REFUSAL.other) as InstitutionRefusal;
      return { ...base, decision: 'refuse', reason, remark: task.remark ?? SANDBOX_REFUSAL_TEXT[reason] };
    }
    const decided = this.policyAnswer(application);
    return decided.decision === 'sign'
      ? { ...base, decision: 'sign' }
      : { ...base, decision: 'refuse', reason: decided.reason, remark: SANDBOX_REFUSAL_TEXT[decided.reason] };
  }

  private async answer(task: Row, lease: Lease): Promise<void> {
    const { now } = this.options;
    const answer = this.answerOf(task);
    const handler = this.handlers.get(answer.act);
    let delivered = false;
    try {
      if (handler) {
        await handler(answer);
        delivered = true;
      }
    } catch {
      delivered = false;
    }
    const outcome = {
      decision: answer.decision,
      reason: answer.decision === 'refuse' ? answer.reason : null,
      remark: answer.decision === 'refuse' ? answer.remark : null,
    };
    if (delivered) {
      await this.queue.finish(lease, TASK_STATUS.done, {
        ...outcome,
        outcome: answer.decision,
        answered_at: now(),
      });
      return;
    }
    if (lease.attempt >= ANSWER_MAX_ATTEMPTS) {
      await this.queue.finish(lease, TASK_STATUS.failed, { ...outcome, answered_at: now() });
      return;
    }
    // Left running with its lease ending at the next try; the decision is kept so the retry says the same.
    const next = now() + Math.min(RETRY_MAX_MS, 2 ** lease.attempt * 1000);
    await this.queue.renew(lease, outcome);
    await this.options.db
      .updateTable('sandbox_institution_applications')
      .set({ lease_expires_at: next })
      .where('id', '=', lease.id)
      .where('attempts', '=', lease.attempt)
      .where('status', '=', TASK_STATUS.running)
      .execute();
  }
}
