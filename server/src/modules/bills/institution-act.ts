import { APPLICATION_STATUS, type ApplicationKind } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import type {
  InstitutionAct,
  InstitutionAnswer,
  InstitutionApplication,
  InstitutionGateway,
} from '../../adapters/institution/gateway';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import type { Realtime } from '../../lib/realtime-hub';
import { institutionOf, type InstitutionRecord } from '../institution/service';
import {
  apply,
  closeApplication,
  holdingOf,
  isMatured,
  ledgerCommand,
  negotiableFront,
  orgName,
  enteredRecord,
  rangeOf,
  type ApplicationRow,
  type CheckContext,
  type Checked,
  type CommandContext,
  type LedgerCommand,
} from './commands';
import { unlock, type HoldingRow, type PackageRow } from './ledger';

/**
 * An application a financial institution answers (docs/domain.md, financial institutions): the holder
 * offers the front of a received, negotiable holding to one institution, which locks that range; the
 * application goes to the institution through its adapter in the applying transaction, and the answer comes
 * back later as a command of its own, made as the institution. 贴现 and 质押 are such acts: each checks what
 * is its own around the front, records its terms beside the application and says what a 签收 does; the
 * finding of the application, the refusal, the answer after maturity and the second delivery are common.
 */

/** Which act, and the words its refusals and summaries use. */
export interface InstitutionActKind {
  act: InstitutionAct;
  kind: ApplicationKind;
  operation: string;
  institutionInvalid: string;
  applicationNotFound: string;
  maturedBeforeAnswer: string;
}

export interface InstitutionOffer {
  holdingId: string;
  institutionOrgId: string;
  amountFen: number;
}

/** What the check of an institution act finds: the bill, the holding whose front is offered, the institution. */
export interface InstitutionFront extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
  institution: InstitutionRecord;
}

/** The negotiable front offered and the institution it goes to, or the refusal; reads only. */
export async function institutionFront(
  ctx: CheckContext,
  act: InstitutionActKind,
  offer: InstitutionOffer,
): Promise<InstitutionFront> {
  const { pkg, holding } = await negotiableFront(ctx, offer.holdingId, offer.amountFen);
  const institution = await institutionOf(ctx.trx, offer.institutionOrgId);
  if (!institution) throw fail(API_ERROR.billCounterpartyInvalid, act.institutionInvalid);
  return {
    pkg,
    holding,
    institution,
    summary: {
      operation: act.operation,
      packageNo: pkg.package_no,
      amountFen: offer.amountFen,
      counterparty: institution.name,
      range: rangeOf(pkg, { sub_start: holding.sub_start, sub_end: holding.sub_start + offer.amountFen - 1 }),
    },
  };
}

/** The terms the institution is asked to answer, beyond the bill part (InstitutionApplication). */
export type InstitutionTerms = Pick<InstitutionApplication, 'onDate' | 'annualRate' | 'clearing'>;

/**
 * Opens the application, which locks the front, lets the act record its own row beside it, and hands it
 * to the institution in the same transaction.
 */
export async function applyToInstitution(
  ctx: CommandContext,
  institutions: InstitutionGateway,
  act: InstitutionActKind,
  front: InstitutionFront,
  application: { amountFen: number; remark: string; terms: InstitutionTerms },
  record: (opened: ApplicationRow) => Promise<void>,
): Promise<ApplicationRow> {
  const { pkg, holding, institution } = front;
  const opened = await apply(
    ctx,
    pkg,
    holding,
    act.kind,
    institution.orgId,
    application.amountFen,
    application.remark,
  );
  await record(opened);
  const acceptor = await ctx.trx
    .selectFrom('organizations')
    .select(['name', 'credit_code'])
    .where('id', '=', pkg.acceptor_org_id)
    .executeTakeFirstOrThrow();
  await institutions.submit(
    {
      applicationId: opened.id,
      act: act.act,
      institution: { orgId: institution.orgId, bankNo: institution.bankNo },
      applicantName: await orgName(ctx.trx, ctx.actor.orgId),
      bill: {
        billNo: pkg.package_no,
        acceptorName: acceptor.name,
        acceptorCreditCode: acceptor.credit_code ?? '',
        amountFen: opened.amount_fen,
        maturityDate: pkg.due_date,
      },
      ...application.terms,
    },
    ctx.trx,
  );
  return opened;
}

/** A pending application the institution signed, with the way to give the range back should the act fail. */
export interface InstitutionSigning {
  application: ApplicationRow;
  pkg: PackageRow;
  holding: HoldingRow;
  /** Closes the application refused with the reason and returns the range to its holder. */
  returnRange: (reason: string) => Promise<void>;
}

export interface InstitutionAnswerChecked extends Checked {
  application: ApplicationRow | null;
  pkg: PackageRow | null;
}

export interface InstitutionAnswerCommands {
  answer: LedgerCommand<InstitutionAnswer, InstitutionAnswerChecked, void>;
  /** Takes an institution's answer in its own transaction, as the institution. */
  takeAnswer(db: Db, realtime: Realtime | null, now: number, answer: InstitutionAnswer): Promise<void>;
}

/**
 * The institution's answer, as its adapter delivers it. An answer to an application already closed (a
 * second delivery, a withdrawal first) changes nothing; a 签收 on or after maturity is taken as a refusal;
 * a 驳回 returns the range; a 签收 is the act's own (`sign`).
 */
export function institutionAnswer(
  act: InstitutionActKind,
  sign: (ctx: CommandContext, signing: InstitutionSigning) => Promise<void>,
): InstitutionAnswerCommands {
  const answerCommand = ledgerCommand(
    async (ctx, answer: InstitutionAnswer): Promise<InstitutionAnswerChecked> => {
      const { pkg, row: application } = await enteredRecord(
        ctx,
        () =>
          ctx.trx
            .selectFrom('bill_applications')
            .selectAll()
            .where('id', '=', answer.applicationId)
            .where('kind', '=', act.kind)
            .where('receiver_org_id', '=', ctx.actor.orgId)
            .executeTakeFirst(),
        act.applicationNotFound,
      );
      const summary = {
        operation: act.operation,
        packageNo: pkg.package_no,
        amountFen: application.amount_fen,
        counterparty: await orgName(ctx.trx, application.applicant_org_id),
        range: rangeOf(pkg, application),
      };
      if (application.status !== APPLICATION_STATUS.pending) return { application: null, pkg: null, summary };
      return { application, pkg, summary };
    },
    async (ctx, { application, pkg }, answer): Promise<void> => {
      if (!application || !pkg) return;
      const holding = await holdingOf(ctx.trx, application.holding_id);
      const returnRange = async (reason: string) => {
        await closeApplication(ctx, application, APPLICATION_STATUS.refused, reason);
        await unlock(ctx, pkg, holding, ctx.now);
      };
      if (answer.decision === 'refuse') return returnRange(answer.remark);
      if (isMatured(pkg, ctx.now)) return returnRange(act.maturedBeforeAnswer);
      return sign(ctx, { application, pkg, holding, returnRange });
    },
  );

  async function takeAnswer(db: Db, realtime: Realtime | null, now: number, delivered: InstitutionAnswer) {
    await db
      .transaction()
      .execute((trx) =>
        answerCommand(
          { trx, now, actor: { orgId: delivered.institutionOrgId, userId: null }, realtime },
          delivered,
        ),
      );
  }

  return { answer: answerCommand, takeAnswer };
}
