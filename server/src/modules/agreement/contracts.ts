import type { FastifyInstance } from 'fastify';
import { CONTRACT_BIZ_TYPE, CONTRACT_STATUS, type ContractStatus } from '@contract/e-contract';
import { NOTICE_TYPE } from '@contract/notice';
import { AGREEMENT_STATUS, AGREEMENTS, type AgreementCode } from '@contract/organization';
import { REALTIME_EVENT } from '@contract/realtime';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import {
  announceContract,
  draftContractOnce,
  lockContractOf,
  PLATFORM_CREDIT_CODE,
  onContractStatus,
  revokeUnsignedContractOf,
  type ContractRow,
} from '../e-contract/service';
import { postNotice } from '../notice/service';
import { agreementByCode } from './queries';

/**
 * The annual service fee each agreement's contract states, in fen. The product leaves fees to the platform
 * operator; these are the sandbox operator's list prices.
 */
export const AGREEMENT_FEE_FEN: Record<AgreementCode, number> = {
  SCB_SERVICE: 1_200_000,
  FINANCE_SERVICE: 3_600_000,
  E_SIGN_SERVICE: 3_600_000,
};

/** What each agreement's contract is about: its title is the agreement's name, its services these. */
export const AGREEMENT_SERVICES: Record<AgreementCode, string> = {
  SCB_SERVICE: '供应链票据的出票、承兑、背书、贴现、质押及提示付款',
  FINANCE_SERVICE: '供应链票据质押融资、贴现融资及订单融资',
  E_SIGN_SERVICE: '电子签章账户开立、印章管理及电子合同签署',
};

const subjectOf = (code: AgreementCode) => ({
  title: AGREEMENTS.find((a) => a.code === code)?.name ?? code,
  services: AGREEMENT_SERVICES[code],
});

/** Signed agreements one drafting round takes at most; the next round takes the rest. */
const DRAFT_BATCH = 20;

interface DraftDeps {
  db: Db;
  files: FileStore;
  now: () => number;
  counterparty: { name: string; creditCode: string };
  /** Tells the organisation's screens of a new contract (the agreements tab shows it, the contract list lists it). */
  announce?: (row: ContractRow) => Promise<void>;
}

/** Drafts the agreement's contract unless it has one; true when this call drafted it. */
export async function draftAgreementContract(
  deps: DraftDeps,
  agreement: { id: string; org_id: string; agreement_code: string },
): Promise<boolean> {
  const { row, drafted } = await draftContractOnce(
    { db: deps.db, files: deps.files, now: deps.now() },
    {
      orgId: agreement.org_id,
      bizType: CONTRACT_BIZ_TYPE.orgAgreement,
      bizId: agreement.id,
      counterparty: deps.counterparty,
      amountFen: AGREEMENT_FEE_FEN[agreement.agreement_code as AgreementCode] ?? 0,
      subject: subjectOf(agreement.agreement_code as AgreementCode),
    },
    // Released meanwhile: its contract would be for nothing.
    async (trx) =>
      (
        await trx
          .selectFrom('org_agreements')
          .select('status')
          .where('id', '=', agreement.id)
          .executeTakeFirst()
      )?.status === AGREEMENT_STATUS.signed,
  );
  if (drafted && row) await deps.announce?.(row);
  return drafted;
}

/** Signed agreements that have no contract yet, oldest first. */
const undrafted = (db: Db) =>
  db
    .selectFrom('org_agreements as a')
    .select(['a.id', 'a.org_id', 'a.agreement_code'])
    .where('a.status', '=', AGREEMENT_STATUS.signed)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contracts as c')
            .select('c.id')
            .where('c.biz_type', '=', CONTRACT_BIZ_TYPE.orgAgreement)
            .whereRef('c.biz_id', '=', 'a.id'),
        ),
      ),
    )
    .orderBy('a.signed_at')
    .orderBy('a.id')
    .limit(DRAFT_BATCH);

/** How often signed agreements still without a contract are drafted again, after the sweep at start. */
export const AGREEMENT_DRAFT_RETRY_MS = 10 * 60_000;

/**
 * Drafts the contracts of signed agreements that lack one. Signing does not wait for it: the PDF takes half
 * a second and a failed draft must not undo a signature. A durable task per agreement would need a task table
 * (a migration); instead the signed agreement itself is the pending task: the agreement is drafted once its
 * signature commits (`draft`), and every signed agreement still without a contract is when the server starts
 * and every AGREEMENT_DRAFT_RETRY_MS after (`sweepEvery`), so one lost to a crash or a failed draft (the file
 * store full, say) gets its contract then. Drafting is idempotent
 * (draftContractOnce), so a late or repeated draft, or one on another node, leaves one contract per agreement.
 */
export class AgreementContractDrafter {
  private running: Promise<void> | null = null;
  private readonly queued = new Set<string>();
  private sweepQueued = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: DraftDeps,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** Drafts this agreement's contract soon. */
  draft(agreementId: string): void {
    this.queued.add(agreementId);
    this.kick();
  }

  /** Drafts every signed agreement's missing contract soon. */
  sweep(): void {
    this.sweepQueued = true;
    this.kick();
  }

  /** Sweeps now and every `intervalMs`, on a timer that does not keep the process alive. */
  sweepEvery(intervalMs: number): void {
    this.sweep();
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.sweep(), intervalMs);
    this.timer.unref();
  }

  /** Resolves when no round runs (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  private async drain(): Promise<void> {
    while (!this.stopped && (this.sweepQueued || this.queued.size > 0)) {
      const all = this.sweepQueued;
      const ids = [...this.queued];
      this.sweepQueued = false;
      this.queued.clear();
      await this.round(all ? null : ids);
    }
  }

  private async round(ids: string[] | null): Promise<void> {
    let agreements;
    try {
      agreements = await undrafted(this.deps.db)
        .$if(ids !== null, (query) => query.where('a.id', 'in', ids ?? []))
        .execute();
    } catch (error) {
      this.log.error({ err: error }, 'agreement contracts: looking for undrafted agreements failed');
      return;
    }
    let drafted = 0;
    for (const agreement of agreements) {
      if (this.stopped) return;
      try {
        if (await draftAgreementContract(this.deps, agreement)) drafted += 1;
      } catch (error) {
        // Left for the next sweep; the others still get theirs.
        this.log.error({ err: error, agreementId: agreement.id }, 'agreement contract not drafted');
      }
    }
    // A full sweep batch that made progress: there may be more behind it.
    if (ids === null && agreements.length === DRAFT_BATCH && drafted > 0) this.sweepQueued = true;
  }
}

const OUTCOME_TEXT: Partial<Record<ContractStatus, string>> = {
  [CONTRACT_STATUS.complete]: '已签署完成',
  [CONTRACT_STATUS.refused]: '已被拒签',
  [CONTRACT_STATUS.revoked]: '已撤销',
  [CONTRACT_STATUS.expired]: '已过期未签署',
};

/** The notice an agreement's contract leaves when it ends: 《…》的电子合同HT…已签署完成. */
export async function noticeContractOutcome(
  app: FastifyInstance,
  trx: Db,
  contract: ContractRow,
  status: ContractStatus,
): Promise<void> {
  const outcome = OUTCOME_TEXT[status];
  if (!outcome) return;
  const agreement = await trx
    .selectFrom('org_agreements')
    .select('agreement_code')
    .where('id', '=', contract.biz_id)
    .where('org_id', '=', contract.org_id)
    .executeTakeFirst();
  if (!agreement) return;
  const name = agreementByCode(agreement.agreement_code)?.name ?? agreement.agreement_code;
  await postNotice(
    trx,
    {
      orgId: contract.org_id,
      userId: null,
      type: NOTICE_TYPE.announcement,
      title: `协议合同${outcome}`,
      content: `《${name}》的电子合同${contract.contract_no}${outcome}。`,
      link: '/company-center/contracts',
    },
    app.now(),
  );
  await app.realtime.publishToOrg(contract.org_id, { type: REALTIME_EVENT.notice, payload: {} }, trx);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drafts the contracts of signed agreements: `draft` after a signature, `sweepEvery` from the start, `idle` in tests. */
    agreementContracts: AgreementContractDrafter;
  }
}

/**
 * The agreements' contracts: the drafter, and the listener that tells the organisation when a contract ends.
 * The agreements tab reloads on the CONTRACT_STATUS event the contract module publishes with the change.
 */
export function setupAgreementContracts(app: FastifyInstance): void {
  const drafter = new AgreementContractDrafter(
    {
      db: app.db,
      files: app.adapters.files,
      now: app.now,
      counterparty: { name: app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
      announce: (row) => announceContract(app, app.db, row),
    },
    app.log,
  );
  app.decorate('agreementContracts', drafter);
  app.addHook('preClose', async () => drafter.stop());
  const off = onContractStatus(app.db, CONTRACT_BIZ_TYPE.orgAgreement, (trx, contract, status) =>
    noticeContractOutcome(app, trx, contract, status),
  );
  app.addHook('onClose', async () => off());
}

/** The release takes it, so a draft under way either sees the agreement released or is there to revoke. */
export const lockAgreementContract = (trx: Db, agreementId: string) =>
  lockContractOf(trx, CONTRACT_BIZ_TYPE.orgAgreement, agreementId);

/** A released agreement's contract, still unsigned, is revoked: nobody should sign a withdrawn agreement. */
export async function revokeReleasedAgreementContract(app: FastifyInstance, agreementId: string) {
  return revokeUnsignedContractOf(
    {
      db: app.db,
      now: app.now(),
      revoke: (flowId) => app.adapters.esign.revoke(flowId),
      announce: (trx, row) => announceContract(app, trx, row),
      onRevokeFailed: (contractId, error) =>
        app.log.warn({ err: error, contractId }, 'agreement release: the provider did not revoke the flow'),
    },
    CONTRACT_BIZ_TYPE.orgAgreement,
    agreementId,
  );
}
