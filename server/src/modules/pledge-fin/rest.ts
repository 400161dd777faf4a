import type { Selectable } from 'kysely';
import { API_ERROR } from '@contract/errors';
import { PLEDGE_FIN_ACTION, PLEDGE_FIN_REMARK, type PledgeFinState } from '@contract/pledge-fin';
import type { SettlementGateway } from '../../adapters/settlement/gateway';
import type { PledgeFinRestTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import { requireFunction } from '../org-function/service';
import { payBetween } from '../settlement/service';
import { lockFinancing, logAct, renewBorrowerTodo, type PledgeFinContext } from './commands';
import { PLEDGE_FIN_MSG } from './messages';
import { financingOf, restOwedFen, type FinancingRow } from './queries';

/**
 * The rest of the proceeds (docs/domain.md, a bill that matures while pledged): what the proceeds of a bill
 * that matured pledged leave over once the loan is repaid is the borrower's, and the institution transfers
 * it into the borrower's settlement account. A transfer the bank refuses leaves the rest owed, with a to-do
 * for the borrower, until a retry at the borrower's request pays it (retryRest).
 */

type RestRow = Selectable<PledgeFinRestTable>;

/** A financing's to-do while a rest of its proceeds is owed: it closes once nothing is. */
export const restSubject = (id: string) => `pledge-financing-rest:${id}`;

/** The bank reference of a transfer: the first keeps the pledge's, each later attempt one of its own. */
const restReference = (rest: RestRow) =>
  rest.attempts === 0
    ? `pledge-fin-rest:${rest.pledge_id}`
    : `pledge-fin-rest:${rest.pledge_id}:${rest.attempts}`;

/**
 * One transfer of a rest from the institution to the borrower, in the caller's transaction: paid, it is
 * recorded with its bank payment; refused, it stays owed, the refusal counted (the next attempt is a payment
 * of its own reference), and the borrower's to-do says so. Either way the history tells it.
 */
async function transferRest(
  ctx: PledgeFinContext,
  settlement: SettlementGateway,
  row: FinancingRow,
  rest: RestRow,
): Promise<boolean> {
  const paid = await payBetween(ctx.trx, settlement, {
    fromOrgId: rest.institution_org_id,
    toOrgId: row.org_id,
    amountFen: Number(rest.amount_fen),
    reference: restReference(rest),
    remark: PLEDGE_FIN_REMARK.proceedsRest,
  });
  const institutionCtx = { ...ctx, userId: null };
  const state = row.state as PledgeFinState;
  const proceeds = yuanText(Number(rest.proceeds_fen));
  const amount = yuanText(Number(rest.amount_fen));
  if (paid.status === 'paid') {
    await ctx.trx
      .updateTable('pledge_fin_rests')
      .set({ paid_at: ctx.now, payment_id: paid.paymentId })
      .where('id', '=', rest.id)
      .execute();
    await logAct(
      institutionCtx,
      row.id,
      PLEDGE_FIN_ACTION.repay,
      state,
      state,
      PLEDGE_FIN_MSG.proceedsRest(proceeds, amount),
    );
    return true;
  }
  await ctx.trx
    .updateTable('pledge_fin_rests')
    .set({ attempts: rest.attempts + 1 })
    .where('id', '=', rest.id)
    .execute();
  await logAct(
    institutionCtx,
    row.id,
    PLEDGE_FIN_ACTION.repay,
    state,
    state,
    PLEDGE_FIN_MSG.proceedsRestRefused(proceeds, amount, paid.reason),
  );
  return false;
}

/** The borrower's to-do follows what is owed: one open while any rest is, none once all are paid. */
async function followTodo(ctx: PledgeFinContext, row: FinancingRow): Promise<void> {
  const owed = await restOwedFen(ctx.trx, row.id);
  await renewBorrowerTodo(
    ctx,
    row,
    restSubject(row.id),
    owed > 0
      ? { title: PLEDGE_FIN_MSG.restTodoTitle, content: PLEDGE_FIN_MSG.restTodo(row.fin_no, yuanText(owed)) }
      : null,
  );
}

/**
 * The rest of the proceeds of the pledge `pledgeId`'s bill, owed to the borrower from now, and its first
 * transfer. Runs in the transaction that applied the proceeds, under the financing's lock.
 */
export async function payRest(
  ctx: PledgeFinContext,
  settlement: SettlementGateway,
  row: FinancingRow,
  rest: { pledgeId: string; institutionOrgId: string; proceedsFen: number; amountFen: number },
): Promise<void> {
  const inserted: RestRow = {
    id: newId(),
    financing_id: row.id,
    pledge_id: rest.pledgeId,
    institution_org_id: rest.institutionOrgId,
    proceeds_fen: rest.proceedsFen,
    amount_fen: rest.amountFen,
    attempts: 0,
    paid_at: null,
    payment_id: null,
    created_at: ctx.now,
  };
  await ctx.trx.insertInto('pledge_fin_rests').values(inserted).execute();
  if (!(await transferRest(ctx, settlement, row, inserted))) await followTodo(ctx, row);
}

/**
 * `PUT /api/pledge-fin/rest/retry`: a member of the borrower asks the institution to transfer again what it
 * owes of the proceeds, once the cause of the refusal is put right. Under the financing's lock, as every act
 * on it: the second of two at once finds nothing owed (409), or the rest refused again and tries anew. The
 * history names the member, then each transfer or its refusal. True when nothing is owed any more.
 */
export async function retryRest(
  ctx: PledgeFinContext,
  settlement: SettlementGateway,
  id: string,
): Promise<boolean> {
  await lockFinancing(ctx.trx, id);
  await requireFunction(ctx.trx, ctx.orgId, 'PLEDGE_FIN');
  const row = await financingOf(ctx.trx, ctx.orgId, id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  const owed = await ctx.trx
    .selectFrom('pledge_fin_rests')
    .selectAll()
    .where('financing_id', '=', id)
    .where('paid_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (owed.length === 0) throw fail(API_ERROR.pledgeFinStateInvalid, PLEDGE_FIN_MSG.nothingOwed);
  const state = row.state as PledgeFinState;
  await logAct(ctx, row.id, PLEDGE_FIN_ACTION.repay, state, state, PLEDGE_FIN_MSG.restRetried);
  let allPaid = true;
  for (const rest of owed) {
    const paid = await transferRest(ctx, settlement, row, { ...rest, attempts: Number(rest.attempts) });
    allPaid &&= paid;
  }
  await followTodo(ctx, row);
  return allPaid;
}
