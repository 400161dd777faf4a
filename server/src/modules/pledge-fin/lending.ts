import { CONTRACT_BIZ_TYPE, CONTRACT_STATUS, type ContractStatus } from '@contract/e-contract';
import { API_ERROR } from '@contract/errors';
import {
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_REMARK,
  PLEDGE_FIN_STATE,
  REPAYMENT_MODE_LABEL,
  type RepaymentMode,
} from '@contract/pledge-fin';
import type { ESignGateway } from '../../adapters/e-sign/gateway';
import type { FileStore } from '../../adapters/file-store/store';
import type { InstitutionGateway } from '../../adapters/institution/gateway';
import type { Db } from '../../db/database';
import { afterCommit } from '../../db/after-commit';
import { daysBetween } from '../../lib/calendar-date';
import { ApiFailure, fail } from '../../lib/errors';
import { yuanText, yuanToFen } from '../../lib/money';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate } from '../../lib/shanghai-time';
import { endLock, locksOf } from '../bills/service';
import {
  clearCountersignError,
  countersign,
  draftContractOnce,
  type ContractRow,
  type CountersignFailure,
} from '../e-contract/service';
import { institutionOf } from '../institution/service';
import { requireFunction } from '../org-function/service';
import { settlementAccountOf } from '../settlement/service';
import { pledgeCommands } from '../pledge/service';
import {
  announceNotices,
  byPackage,
  ledgerScope,
  lockFinancing,
  lockOwner,
  countersignSubject,
  logAct,
  move,
  type PledgeFinContext,
  renewBorrowerTodo,
  requireLockedBills,
  unlockBills,
} from './commands';
import { costOfFinancing, financingOf, type FinancingRow } from './queries';
import { PLEDGE_FIN_MSG } from './messages';
import { requireState } from './rules';
import { askRepayment } from './repayment';
import { closeNotices } from '../notice/service';

/**
 * Signing, pledge and pay-out (docs/domain.md, pledge financing). An approved financing (待签约) has two
 * contracts, the loan contract and the pledge contract, drafted as PDFs through the e-contract module and
 * signed together by the organisation's batch sign. When both are signed the sandbox institution signs its
 * side, the bills pass from the financing's locks to pledges to the institution on the ledger, and the
 * institution pays the net amount into the organisation's settlement account: 放款中, then 还息中.
 */

/** The financing's two contracts, the loan's first. */
export const FINANCING_CONTRACTS = [
  CONTRACT_BIZ_TYPE.pledgeFinancing,
  CONTRACT_BIZ_TYPE.pledgeFinancingPledge,
] as const;
type FinancingContractType = (typeof FINANCING_CONTRACTS)[number];

const isFinancingContract = (bizType: string): bizType is FinancingContractType =>
  (FINANCING_CONTRACTS as readonly string[]).includes(bizType);

/** The latest contract of each kind the financing has, by kind. */
async function contractsOf(db: Db, financingId: string): Promise<Map<string, ContractRow>> {
  const rows = await db
    .selectFrom('contracts')
    .selectAll()
    .where('biz_id', '=', financingId)
    .where('biz_type', 'in', [...FINANCING_CONTRACTS])
    .orderBy('created_at')
    .execute();
  return new Map(rows.map((row) => [row.biz_type, row]));
}

/** What the loan contract and the pledge contract state of the financing beside the principal. */
async function subjectOf(db: Db, row: FinancingRow, bizType: FinancingContractType) {
  if (bizType === CONTRACT_BIZ_TYPE.pledgeFinancing) {
    const mode = REPAYMENT_MODE_LABEL[row.repayment_mode as RepaymentMode] ?? row.repayment_mode ?? '';
    return {
      title: '供应链票据质押融资借款合同',
      services: PLEDGE_FIN_MSG.loanTerms(
        row.fin_no,
        row.annual_rate ?? '',
        row.maturity_date ?? '',
        mode,
        row.penalty_rate ?? '',
      ),
    };
  }
  const bills = await db
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('bill_holdings as h', 'h.id', 'b.holding_id')
    .innerJoin('bill_packages as p', 'p.id', 'b.package_id')
    .select(['p.package_no', 'h.amount_fen', 'p.due_date'])
    .where('b.financing_id', '=', row.id)
    .orderBy('b.seq')
    .execute();
  return {
    title: '供应链票据质押合同',
    services: bills
      .map((bill) => PLEDGE_FIN_MSG.pledgedBill(bill.package_no, yuanText(bill.amount_fen), bill.due_date))
      .join('；'),
  };
}

export interface ContractDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

/**
 * The financing's two contracts, drafting those it lacks while it waits to be signed (the PDF takes half a
 * second, outside any transaction; drafting twice at once leaves one of each). Undefined when the
 * organisation has no such financing.
 */
export async function financingContracts(
  deps: ContractDeps,
  orgId: string,
  id: string,
): Promise<ContractRow[] | undefined> {
  const row = await financingOf(deps.db, orgId, id);
  if (!row) return undefined;
  let contracts = await contractsOf(deps.db, id);
  if (row.state === PLEDGE_FIN_STATE.signing && contracts.size < FINANCING_CONTRACTS.length) {
    const institution = await deps.db
      .selectFrom('organizations')
      .select(['name', 'credit_code'])
      .where('id', '=', row.institution_org_id ?? '')
      .executeTakeFirstOrThrow();
    for (const bizType of FINANCING_CONTRACTS) {
      if (contracts.has(bizType)) continue;
      await draftContractOnce(
        { db: deps.db, files: deps.files, now: deps.now() },
        {
          orgId,
          bizType,
          bizId: id,
          counterparty: { name: institution.name, creditCode: institution.credit_code ?? '' },
          amountFen: Number(row.principal_fen),
          subject: await subjectOf(deps.db, row, bizType),
        },
        // Cancelled meanwhile: no contract for it.
        async (trx) => (await financingOf(trx, orgId, id))?.state === PLEDGE_FIN_STATE.signing,
      );
    }
    contracts = await contractsOf(deps.db, id);
  }
  return FINANCING_CONTRACTS.flatMap((bizType) => contracts.get(bizType) ?? []);
}

/**
 * Whether the financing of a contract may be signed now, asked by the batch sign before any QR or SMS
 * confirmation: waiting to be signed, its bills still locked for it and not matured, its own maturity
 * still ahead, and 票据质押 open (the pledge is the organisation's act on the ledger).
 */
export async function requireSignable(db: Db, contract: ContractRow, now: number): Promise<void> {
  const row = await financingOf(db, contract.org_id, contract.biz_id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  await requireLendable({ trx: db, orgId: row.org_id, userId: null, now }, row);
}

async function requireLendable(ctx: PledgeFinContext, row: FinancingRow): Promise<void> {
  requireState(row, PLEDGE_FIN_STATE.signing, PLEDGE_FIN_MSG.act.sign);
  if ((row.maturity_date ?? '') <= shanghaiDate(ctx.now)) {
    throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.maturityPassed);
  }
  await requireFunction(ctx.trx, row.org_id, 'BILL_PLEDGE');
  await requireLockedBills(ctx, row.id);
}

export interface LendingDeps {
  institutions: InstitutionGateway;
  realtime: Realtime | null;
  /**
   * Asks the institution to sign its side of the financing's contracts (countersignFinancing), once the
   * transaction that found them signed by the organisation has committed: the provider is called outside it.
   */
  countersign: (orgId: string, financingId: string) => void;
}

/** The member whose batch signed the contract; the applicant when none is recorded. */
async function signerOf(trx: Db, contract: ContractRow, row: FinancingRow): Promise<string | null> {
  const signed = await trx
    .selectFrom('sign_record_items as i')
    .innerJoin('sign_records as r', 'r.id', 'i.record_id')
    .select('r.user_id')
    .where('i.contract_id', '=', contract.id)
    .orderBy('r.created_at', 'desc')
    .executeTakeFirst();
  return signed?.user_id ?? row.submitted_by;
}

/**
 * A financing's contract changed state (the e-contract module's listener, in the transaction applying the
 * change). Once both are signed while the financing waits for them, it is signed, pledged and paid out in
 * that transaction. When the bills or the dates no longer allow it, the financing ends (已取消) with the
 * reason instead: the contract's state is the provider's fact and is kept.
 */
export async function onFinancingContract(
  deps: LendingDeps,
  trx: Db,
  contract: ContractRow,
  status: ContractStatus,
  now: number,
): Promise<void> {
  if (!isFinancingContract(contract.biz_type) || status !== CONTRACT_STATUS.complete) return;
  // Under the financing's lock, and read after it: of two completions at once (its two contracts, or their
  // two countersignatures), the second waits for the first's commit and sees it, so one of them moves on.
  await lockFinancing(trx, contract.biz_id);
  const row = await financingOf(trx, contract.org_id, contract.biz_id);
  if (!row || row.state !== PLEDGE_FIN_STATE.signing) return;
  const contracts = await contractsOf(trx, row.id);
  const signed = FINANCING_CONTRACTS.map((bizType) =>
    bizType === contract.biz_type ? contract : contracts.get(bizType),
  );
  if (signed.some((c) => c?.status !== CONTRACT_STATUS.complete)) return;
  const ctx: PledgeFinContext = {
    trx,
    orgId: row.org_id,
    userId: await signerOf(trx, contract, row),
    now,
    realtime: deps.realtime,
  };
  try {
    await requireLendable(ctx, row);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    await move(
      { ...ctx, userId: null },
      row,
      PLEDGE_FIN_ACTION.cancel,
      PLEDGE_FIN_MSG.act.cancel,
      {},
      error.msg,
    );
    await unlockBills(ctx, row.id);
    return;
  }
  if (signed.some((c) => c!.counter_signed_at === null)) {
    // The institution signs its side through its own e-sign account; its completion brings the financing
    // here again. One under way, or failed until a member asks again, is left as it is.
    const unasked = signed.some(
      (c) => c!.counter_signed_at === null && c!.counter_flow_id === null && c!.counter_error === null,
    );
    if (unasked) await afterCommit(trx, () => deps.countersign(row.org_id, row.id));
    return;
  }
  const numbers = signed.map((c) => c!.contract_no);
  const institution = await institutionOf(trx, row.institution_org_id ?? '');
  if (!institution) throw new Error('a financing from an organisation that is no institution');
  await move(
    ctx,
    row,
    PLEDGE_FIN_ACTION.sign,
    PLEDGE_FIN_MSG.act.sign,
    {},
    PLEDGE_FIN_MSG.signedBoth(numbers[0]!, numbers[1]!, institution.name),
  );
  await pledgeBills(deps, ctx, { ...row, state: PLEDGE_FIN_STATE.lending }, institution.orgId);
  await payOut(deps, ctx, { ...row, state: PLEDGE_FIN_STATE.lending }, institution);
}

export interface CountersignDeps {
  db: Db;
  esign: ESignGateway;
  now: () => number;
  realtime: Realtime | null;
}

/**
 * The institution signs its side of a financing's contracts the organisation signed (待签约): each through
 * the e-contract module's countersign, with the institution's own e-sign account, on the file the
 * organisation signed, so the signed file carries both signatures. Its completions come back as callbacks
 * (onFinancingContract), the last moving the financing on. A failure of the institution's e-sign service
 * leaves the financing 待签约, the contract signed by the organisation alone, and says so in its history;
 * a member asks again (retryCountersign). False when it failed.
 */
export async function countersignFinancing(
  deps: CountersignDeps,
  orgId: string,
  id: string,
): Promise<boolean> {
  const row = await financingOf(deps.db, orgId, id);
  if (!row || row.state !== PLEDGE_FIN_STATE.signing) return true;
  const institution = await deps.db
    .selectFrom('organizations')
    .select(['name', 'credit_code'])
    .where('id', '=', row.institution_org_id ?? '')
    .executeTakeFirstOrThrow();
  const contracts = await contractsOf(deps.db, id);
  for (const bizType of FINANCING_CONTRACTS) {
    const contract = contracts.get(bizType);
    if (!contract || contract.counter_signed_at !== null || contract.counter_flow_id !== null) continue;
    try {
      await countersign({ db: deps.db, esign: deps.esign, now: deps.now() }, contract, {
        name: institution.name,
        creditCode: institution.credit_code ?? '',
      });
    } catch (error) {
      const now = deps.now();
      await deps.db
        .transaction()
        .execute((trx) =>
          tellCountersignFailed(
            { trx, orgId, userId: null, now, realtime: deps.realtime },
            row,
            institution.name,
            'unavailable',
          ),
        );
      if (!(error instanceof ApiFailure)) throw error;
      return false;
    }
  }
  return true;
}

/**
 * The institution's signature of one of the financing's contracts failed (`ctx` the institution's): its
 * history says why and the borrower's members get a to-do leading to the financing, where they ask again
 * (retryCountersign). One to-do open at a time; it closes on the retry, or once the financing is signed or
 * cancelled (`move`).
 */
async function tellCountersignFailed(
  ctx: PledgeFinContext,
  row: FinancingRow,
  institution: string,
  failure: CountersignFailure,
): Promise<void> {
  const failed = PLEDGE_FIN_MSG.countersignFailed(institution, PLEDGE_FIN_MSG.countersignCause[failure]);
  await logAct(
    ctx,
    row.id,
    PLEDGE_FIN_ACTION.sign,
    PLEDGE_FIN_STATE.signing,
    PLEDGE_FIN_STATE.signing,
    failed,
  );
  await renewBorrowerTodo(ctx, row, countersignSubject(row.id), {
    title: PLEDGE_FIN_MSG.countersignTodoTitle,
    content: PLEDGE_FIN_MSG.countersignTodo(row.fin_no, failed),
  });
}

/**
 * The provider ended the institution's flow of a financing's contract unsigned, or left it unanswered (the
 * e-contract module's `onCountersignFailed`, in the transaction recording it): while the financing waits to
 * be signed, its borrower is told (tellCountersignFailed).
 */
export async function onFinancingCountersignFailed(
  realtime: Realtime | null,
  trx: Db,
  contract: ContractRow,
  failure: CountersignFailure,
  now: number,
): Promise<void> {
  if (!isFinancingContract(contract.biz_type)) return;
  await lockFinancing(trx, contract.biz_id);
  const row = await financingOf(trx, contract.org_id, contract.biz_id);
  if (!row || row.state !== PLEDGE_FIN_STATE.signing) return;
  const institution = await trx
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', row.institution_org_id ?? '')
    .executeTakeFirstOrThrow();
  await tellCountersignFailed(
    { trx, orgId: row.org_id, userId: null, now, realtime },
    row,
    institution.name,
    failure,
  );
}

/**
 * Financings whose institution's signature is due but was never begun: the borrower signed both contracts
 * and the process stopped before the signing that follows that commit started (no flow recorded, no failure).
 * The server asks again for each when it starts (routes.ts); should two nodes ask at once, countersign
 * records one flow and withdraws the other.
 */
export async function unstartedCountersigns(db: Db): Promise<Array<{ orgId: string; id: string }>> {
  const rows = await db
    .selectFrom('pledge_financings as f')
    .select(['f.org_id', 'f.id'])
    .where('f.state', '=', PLEDGE_FIN_STATE.signing)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('contracts as c')
            .select('c.id')
            .whereRef('c.biz_id', '=', 'f.id')
            .where('c.biz_type', 'in', [...FINANCING_CONTRACTS])
            .where('c.counter_signed_at', 'is', null)
            .where('c.counter_flow_id', 'is', null)
            .where('c.counter_error', 'is', null),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('contracts as c')
              .select('c.id')
              .whereRef('c.biz_id', '=', 'f.id')
              .where('c.biz_type', 'in', [...FINANCING_CONTRACTS])
              .where('c.status', '!=', CONTRACT_STATUS.complete),
          ),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => ({ orgId: row.org_id, id: row.id }));
}

/**
 * `PUT /api/pledge-fin/countersign/retry`: a member asks the institution again to sign the contracts its
 * e-sign service failed to sign (待签约). In the caller's transaction the failures are cleared and the
 * history names the member; the signing itself starts once it commits (`countersign`). Refused (409) while
 * nothing failed: the institution's signature is under way or made.
 */
export async function retryCountersign(
  ctx: PledgeFinContext,
  id: string,
  countersignAfter: (orgId: string, financingId: string) => void,
): Promise<void> {
  await lockFinancing(ctx.trx, id);
  await requireFunction(ctx.trx, ctx.orgId, 'PLEDGE_FIN');
  const row = await financingOf(ctx.trx, ctx.orgId, id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  requireState(row, PLEDGE_FIN_STATE.signing, PLEDGE_FIN_MSG.act.retryCountersign);
  const failed = [...(await contractsOf(ctx.trx, id)).values()].filter((c) => c.counter_error !== null);
  if (failed.length === 0) throw fail(API_ERROR.pledgeFinStateInvalid, PLEDGE_FIN_MSG.countersignNotFailed);
  for (const contract of failed) await clearCountersignError(ctx.trx, contract.id, ctx.now);
  if ((await closeNotices(ctx.trx, countersignSubject(id), ctx.now)).length > 0) await announceNotices(ctx);
  await logAct(
    ctx,
    row.id,
    PLEDGE_FIN_ACTION.sign,
    PLEDGE_FIN_STATE.signing,
    PLEDGE_FIN_STATE.signing,
    PLEDGE_FIN_MSG.countersignRetried,
  );
  await afterCommit(ctx.trx, () => countersignAfter(ctx.orgId, id));
}

/**
 * Each bill passes from the financing's lock to a pledge to the institution on the ledger, the same act as
 * the 质押 page's (the organisation's application through pledge's service), which the institution signs at
 * once: it agreed to the pledge in the pledge contract it signed. Its later answer through the adapter finds
 * the application answered and changes nothing.
 */
async function pledgeBills(
  deps: LendingDeps,
  ctx: PledgeFinContext,
  row: FinancingRow,
  institutionOrgId: string,
): Promise<void> {
  const pledges = pledgeCommands(deps.institutions);
  for (const lock of byPackage(await locksOf(ctx.trx, lockOwner(row.id)))) {
    const holding = await endLock(ledgerScope(ctx), { lockId: lock.id, join: false });
    const application = await pledges.applyPledge(ledgerScope(ctx), {
      holdingId: holding.id,
      institutionOrgId,
      amountFen: Number(holding.amount_fen),
      remark: PLEDGE_FIN_MSG.pledgeRemark(row.fin_no),
    });
    await pledges.answerPledge(
      { ...ledgerScope(ctx), actor: { orgId: institutionOrgId, userId: null } },
      { applicationId: application.id, act: 'pledge', institutionOrgId, decision: 'sign' },
    );
    await ctx.trx
      .updateTable('pledge_fin_bills')
      .set({ pledge_id: application.id })
      .where('financing_id', '=', row.id)
      .where('holding_id', '=', lock.holding_id)
      .execute();
  }
}

/** A financing's to-do while its pay-out was refused: it closes once the money is paid out. */
export const payoutSubject = (id: string) => `pledge-financing-payout:${id}`;

/**
 * The institution pays the principal less the fee into the organisation's settlement account (a statement
 * line on both), and interest runs from today: 还息中. A payment the bank refuses leaves the financing 放款中
 * with the refusal in its history and a to-do for the organisation, which may ask for it again
 * (retryPayOut). One pay-out of a financing at a time: the contracts' and a retry's take the same lock, and
 * each attempt is its own bank payment (`attempt`, 0 the first), since a reference is one payment.
 */
async function payOut(
  deps: LendingDeps,
  ctx: PledgeFinContext,
  row: FinancingRow,
  institution: NonNullable<Awaited<ReturnType<typeof institutionOf>>>,
  attempt = 0,
): Promise<void> {
  await lockFinancing(ctx.trx, row.id);
  const today = shanghaiDate(ctx.now);
  const terms = costOfFinancing({ ...row, value_date: today });
  if (!terms) throw new Error('a signed financing without its terms');
  const feeFen = yuanToFen(terms.fee) ?? 0;
  const netFen = Number(row.principal_fen) - feeFen;
  const account = await settlementAccountOf(ctx.trx, row.org_id);
  const institutionCtx = { ...ctx, userId: null };
  const paid = account
    ? await deps.institutions.settle(
        {
          applicationId: row.id,
          from: institution.account,
          to: account,
          amountFen: netFen,
          reference: attempt === 0 ? `pledge-fin-payout:${row.id}` : `pledge-fin-payout:${row.id}:${attempt}`,
          remark: PLEDGE_FIN_REMARK.payOut,
        },
        ctx.trx,
      )
    : ({ status: 'refused', reason: 'no_account', paymentId: null } as const);
  if (paid.status === 'refused') {
    await logAct(
      institutionCtx,
      row.id,
      PLEDGE_FIN_ACTION.payOut,
      PLEDGE_FIN_STATE.lending,
      PLEDGE_FIN_STATE.lending,
      PLEDGE_FIN_MSG.payoutRefused(paid.reason),
    );
    await renewBorrowerTodo(ctx, row, payoutSubject(row.id), {
      title: PLEDGE_FIN_MSG.payoutTodoTitle,
      content: PLEDGE_FIN_MSG.payoutTodo(row.fin_no, PLEDGE_FIN_MSG.payoutRefused(paid.reason)),
    });
    return;
  }
  await move(
    institutionCtx,
    row,
    PLEDGE_FIN_ACTION.payOut,
    PLEDGE_FIN_MSG.act.payOut,
    {
      value_date: today,
      fee_fen: feeFen,
      net_fen: netFen,
      paid_out_at: ctx.now,
      payout_payment_id: paid.paymentId,
    },
    PLEDGE_FIN_MSG.paidOut(yuanText(netFen), yuanText(feeFen), daysBetween(today, row.maturity_date!)),
  );
  await closeNotices(ctx.trx, payoutSubject(row.id), ctx.now);
  await askRepayment(ctx, row, institution.name, netFen);
}

/**
 * `PUT /api/pledge-fin/payout/retry`: a member of the organisation asks the institution to pay out again a
 * financing whose pay-out its bank refused (放款中), once the cause is put right (docs/domain.md, pledge
 * financing). The history names the member, then the institution's pay-out or its refusal as before. One
 * at a time: the second of two at once waits for the first and finds the financing paid out (409), or
 * refused again and tries anew.
 */
export async function retryPayOut(deps: LendingDeps, ctx: PledgeFinContext, id: string): Promise<void> {
  await lockFinancing(ctx.trx, id);
  await requireFunction(ctx.trx, ctx.orgId, 'PLEDGE_FIN');
  const row = await financingOf(ctx.trx, ctx.orgId, id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  requireState(row, PLEDGE_FIN_STATE.lending, PLEDGE_FIN_MSG.act.retryPayOut);
  const institution = await institutionOf(ctx.trx, row.institution_org_id ?? '');
  if (!institution) throw new Error('a financing from an organisation that is no institution');
  const attempts = await ctx.trx
    .selectFrom('pledge_fin_history')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('financing_id', '=', row.id)
    .where('action', '=', PLEDGE_FIN_ACTION.payOut)
    .executeTakeFirstOrThrow();
  await logAct(
    ctx,
    row.id,
    PLEDGE_FIN_ACTION.payOut,
    PLEDGE_FIN_STATE.lending,
    PLEDGE_FIN_STATE.lending,
    PLEDGE_FIN_MSG.payoutRetried,
  );
  await payOut(deps, ctx, row, institution, Number(attempts.n));
}
