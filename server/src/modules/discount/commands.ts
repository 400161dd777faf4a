import { APPLICATION_KIND, APPLICATION_STATUS, BILL_STATUS } from '@contract/bills';
import { CLEARING, DISCOUNT_PAYMENT_REMARK, type Clearing, type InterestPayer } from '@contract/discount';
import { API_ERROR } from '@contract/errors';
import {
  INSTITUTION_ACT,
  type InstitutionGateway,
  type SettleResult,
} from '../../adapters/institution/gateway';
import { fail } from '../../lib/errors';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import {
  verifiedAccountOf,
  verifiedSettlementAccountOf,
  type SettlementAccount,
} from '../bank-account/service';
import {
  applyToInstitution,
  closeApplication,
  institutionAnswer,
  institutionFront,
  ledgerCommand,
  transfer,
  type ApplicationRow,
  type CommandScope,
  type InstitutionActKind,
  type InstitutionFront,
} from '../bills/service';
import { holidayCalendar } from '../holiday/service';
import { institutionOf } from '../institution/service';
import { requireFunction } from '../org-function/service';
import { DISCOUNT_MSG } from './messages';
import { liveQuote } from './quotes';
import { discountTrial } from './trial';

/**
 * 贴现 as a ledger act (docs/domain.md, discount): the holder applies to one institution for the front of a
 * received, negotiable holding, which locks that range; the institution answers through its adapter. On
 * 签收 with 线上 clearing the institution pays the net amount into the holder's account in the same
 * transaction as the range passes to it; a refusal, a failed payment or a withdrawal returns the range.
 */

export interface DiscountInput {
  holdingId: string;
  institutionOrgId: string;
  amountFen: number;
  /** As typed; checked and written with four decimals. Absent when a quote is taken. */
  annualRate?: string;
  interestPayer: InterestPayer;
  buyerSharePercent?: string;
  clearing: Clearing;
  accountId?: string;
  /** 轻松贴: the quote taken; the rate is the quote's, never one the client sends. */
  quoteId?: string;
}

interface DiscountChecked extends InstitutionFront {
  account: SettlementAccount;
  terms: {
    annualRate: string;
    buyerSharePercent: string | null;
    discountDate: string;
    days: number;
    adjustDays: number;
    interestFen: number;
    buyerPaysFen: number;
    netFen: number;
  };
}

const fenOf = (yuan: string): number => {
  const fen = yuanToFen(yuan);
  if (fen === null) throw new Error(`not yuan: ${yuan}`);
  return fen;
};

/** Why a payment the institution ordered was refused, in the holder's words. */
const CLEARING_FAILURE: Record<string, string> = {
  insufficient_funds: '金融机构结算账户余额不足',
  payee_refused: '收款账户被银行拒绝入账',
  same_account: '付款与收款账户相同',
  reference_reused: '清算流水号重复',
};
const clearingFailureOf = (result: Extract<SettleResult, { status: 'refused' }>) =>
  DISCOUNT_MSG.clearingFailed(CLEARING_FAILURE[result.reason] ?? result.reason);

/**
 * The rate an application is made at: the one typed, or, through 轻松贴, the rate of the quote it takes.
 * A quote is taken only by the organisation that asked for it, for the holding and institution it was
 * given for, while it is live (liveQuote); a rate sent beside a quote is refused rather than ignored.
 */
async function rateOf(ctx: CommandScope, input: DiscountInput): Promise<string> {
  if (input.quoteId === undefined) {
    if (input.annualRate === undefined) throw fail(API_ERROR.rateInvalid, DISCOUNT_MSG.rateInvalid);
    return input.annualRate;
  }
  await requireFunction(ctx.trx, ctx.actor.orgId, 'EASE_DISCOUNT');
  if (input.annualRate !== undefined) throw fail(API_ERROR.rateInvalid, DISCOUNT_MSG.rateFromQuote);
  const quote = await liveQuote(ctx.trx, ctx.actor.orgId, input.quoteId, ctx.now);
  if (quote.holding_id !== input.holdingId || quote.institution_org_id !== input.institutionOrgId) {
    throw fail(API_ERROR.badRequest, DISCOUNT_MSG.quoteMismatch);
  }
  // liveQuote answers only offered quotes, which carry their rate.
  return quote.annual_rate!;
}

/** 贴现 among the acts an institution answers. */
const DISCOUNT_ACT: InstitutionActKind = {
  act: INSTITUTION_ACT.discount,
  kind: APPLICATION_KIND.discount,
  operation: DISCOUNT_MSG.operation,
  institutionInvalid: DISCOUNT_MSG.institutionInvalid,
  applicationNotFound: DISCOUNT_MSG.applicationNotFound,
  maturedBeforeAnswer: DISCOUNT_MSG.maturedBeforeAnswer,
};

/** The discount acts, with the institution adapter they hand applications to and take payments from. */
export function discountCommands(institutions: InstitutionGateway) {
  const applyDiscount = ledgerCommand(
    async (ctx, input: DiscountInput): Promise<DiscountChecked> => {
      await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_DISCOUNT');
      const annualRate = await rateOf(ctx, input);
      const front = await institutionFront(ctx, DISCOUNT_ACT, input);
      const discountDate = shanghaiDate(ctx.now);
      const trial = discountTrial(
        {
          faceAmount: fenToYuan(input.amountFen),
          annualRate,
          discountDate,
          maturityDate: front.pkg.due_date,
          interestPayer: input.interestPayer,
          ...(input.buyerSharePercent === undefined ? {} : { buyerSharePercent: input.buyerSharePercent }),
        },
        await holidayCalendar(ctx.trx),
      );
      const account = input.accountId
        ? await verifiedAccountOf(ctx.trx, ctx.actor.orgId, input.accountId)
        : await verifiedSettlementAccountOf(ctx.trx, ctx.actor.orgId);
      if (!account) {
        throw input.accountId
          ? fail(API_ERROR.badRequest, DISCOUNT_MSG.accountInvalid)
          : fail(API_ERROR.billCounterpartyInvalid, DISCOUNT_MSG.noSettlementAccount);
      }
      return {
        ...front,
        account,
        terms: {
          annualRate: trial.annualRate,
          buyerSharePercent: trial.buyerSharePercent ?? null,
          discountDate,
          days: trial.days,
          adjustDays: trial.adjustDays,
          interestFen: fenOf(trial.interest),
          buyerPaysFen: fenOf(trial.buyerInterest),
          netFen: fenOf(trial.netAmount),
        },
      };
    },
    (ctx, checked, input): Promise<ApplicationRow> => {
      const { institution, account, terms } = checked;
      return applyToInstitution(
        ctx,
        institutions,
        DISCOUNT_ACT,
        checked,
        {
          amountFen: input.amountFen,
          remark: '',
          terms: { onDate: terms.discountDate, annualRate: terms.annualRate, clearing: input.clearing },
        },
        async (application) => {
          await ctx.trx
            .insertInto('discount_applications')
            .values({
              application_id: application.id,
              holder_org_id: ctx.actor.orgId,
              institution_org_id: institution.orgId,
              annual_rate: terms.annualRate,
              interest_payer: input.interestPayer,
              buyer_share_percent: terms.buyerSharePercent,
              clearing: input.clearing,
              account_id: account.id,
              discount_date: terms.discountDate,
              days: terms.days,
              adjust_days: terms.adjustDays,
              interest_fen: terms.interestFen,
              buyer_pays_fen: terms.buyerPaysFen,
              net_fen: terms.netFen,
              payment_id: null,
              clearing_failure: null,
              created_at: ctx.now,
            })
            .execute();
        },
      );
    },
  );

  /**
   * A 签收: with 线上 clearing the institution pays the net amount first, and a payment refused returns the
   * range with the reason; then the range passes to the institution.
   */
  const { takeAnswer } = institutionAnswer(
    DISCOUNT_ACT,
    async (ctx, { application, pkg, holding, returnRange }) => {
      const terms = await ctx.trx
        .selectFrom('discount_applications')
        .selectAll()
        .where('application_id', '=', application.id)
        .executeTakeFirstOrThrow();
      if (terms.clearing === CLEARING.online) {
        const [institution, payee] = await Promise.all([
          institutionOf(ctx.trx, application.receiver_org_id),
          ctx.trx
            .selectFrom('bank_accounts')
            .select(['account_no', 'account_name', 'branch_no'])
            .where('id', '=', terms.account_id)
            .executeTakeFirstOrThrow(),
        ]);
        if (!institution) throw new Error('a discount to an organisation that is no institution');
        const paid = await institutions.settle(
          {
            applicationId: application.id,
            from: institution.account,
            to: { accountNo: payee.account_no, accountName: payee.account_name, branchNo: payee.branch_no },
            amountFen: Number(terms.net_fen),
            reference: `discount:${application.id}`,
            remark: DISCOUNT_PAYMENT_REMARK,
          },
          ctx.trx,
        );
        if (paid.status === 'refused') {
          const failure = clearingFailureOf(paid);
          await ctx.trx
            .updateTable('discount_applications')
            .set({ clearing_failure: failure })
            .where('application_id', '=', application.id)
            .execute();
          return returnRange(failure);
        }
        await ctx.trx
          .updateTable('discount_applications')
          .set({ payment_id: paid.paymentId })
          .where('application_id', '=', application.id)
          .execute();
      }
      await closeApplication(ctx, application, APPLICATION_STATUS.signed, null);
      await transfer(
        ctx,
        pkg,
        holding,
        { orgId: application.receiver_org_id, accountId: null },
        BILL_STATUS.received,
        ctx.now,
      );
    },
  );

  return { applyDiscount, takeAnswer };
}
