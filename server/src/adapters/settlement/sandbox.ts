import type { Selectable } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { Db } from '../../db/database';
import { carriedTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import type { SandboxSettlementPaymentTable } from '../../db/schema';
import type {
  AccountRef,
  PaymentOrder,
  PaymentRefusal,
  PaymentResult,
  SettlementGateway,
  Statement,
} from './gateway';

/** Like the sandbox's verification transfers, accounts whose number ends in four zeros refuse money (README). */
export const SANDBOX_REFUSED_PAYEE = /0000$/;
/** The name deposits are booked from: the sandbox bank itself. */
export const SANDBOX_BANK_NAME = '沙箱银行';
const REFERENCE_MAX = 64;

type PaymentRow = Selectable<SandboxSettlementPaymentTable>;

const resultOf = (row: PaymentRow): PaymentResult =>
  row.status === 'paid'
    ? { status: 'paid', paymentId: row.id, paidAt: Number(row.created_at) }
    : { status: 'refused', reason: row.reason as PaymentRefusal, paymentId: row.id };

const sameOrder = (row: PaymentRow, order: PaymentOrder) =>
  row.from_account_no === order.from.accountNo &&
  row.to_account_no === order.to.accountNo &&
  Number(row.amount_fen) === order.amountFen;

function checkOrder(amountFen: number, reference: string): void {
  if (!Number.isSafeInteger(amountFen) || amountFen < 1) throw new RangeError('amount');
  if (reference.length === 0 || reference.length > REFERENCE_MAX) throw new RangeError('reference');
}

interface StatementValues {
  accountNo: string;
  size: number;
  offset: number;
}

/**
 * A page of an account's statement, newest first, each line carrying the account's balance and the number
 * of its lines: one query, prepared (db/prepared-query.ts), where the balance, the page and the count took
 * three. The bank accounts screen reads it on every visit.
 */
const statementPage = preparedQuery((db: Db, v: StatementValues) =>
  db
    .selectFrom('sandbox_settlement_lines as l')
    .selectAll('l')
    .select((eb) => [
      eb.fn.countAll<number | string>().over().as('list_total'),
      eb
        .selectFrom('sandbox_settlement_accounts as a')
        .select('a.balance_fen')
        .where('a.account_no', '=', v.accountNo)
        .as('account_balance_fen'),
    ])
    .where('l.account_no', '=', v.accountNo)
    .orderBy('l.id', 'desc')
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint')),
);
const statementBalance = preparedQuery((db: Db, v: Pick<StatementValues, 'accountNo'>) =>
  db.selectFrom('sandbox_settlement_accounts').select('balance_fen').where('account_no', '=', v.accountNo),
);
const statementCount = preparedQuery((db: Db, v: Pick<StatementValues, 'accountNo'>) =>
  db
    .selectFrom('sandbox_settlement_lines')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_no', '=', v.accountNo),
);

/**
 * The sandbox bank of settlement accounts: balances in integer fen (`sandbox_settlement_accounts`), one row
 * per payment (`sandbox_settlement_payments`, its reference unique) and a statement line per account and
 * payment with the balance after it. It books in the caller's transaction, so a payment commits with the
 * command that ordered it. A debit is one conditional update (`balance >= amount`), so of two payments
 * racing for the last money exactly one goes through and no balance ever goes below zero. An account the
 * bank has never credited has nothing to pay with; a payee account is opened by the first money it gets.
 */
export class SandboxSettlementGateway implements SettlementGateway {
  constructor(private readonly now: () => number) {}

  async pay(order: PaymentOrder, within: Db): Promise<PaymentResult> {
    checkOrder(order.amountFen, order.reference);
    const existing = await this.paymentByReference(within, order.reference);
    if (existing) {
      return sameOrder(existing, order)
        ? resultOf(existing)
        : { status: 'refused', reason: 'reference_reused', paymentId: null };
    }
    const now = this.now();
    const id = timeOrderedId();
    let refusal: PaymentRefusal | null = null;
    if (order.from.accountNo === order.to.accountNo) refusal = 'same_account';
    else if (SANDBOX_REFUSED_PAYEE.test(order.to.accountNo)) refusal = 'payee_refused';
    let balances: { from: number; to: number } | null = null;
    if (!refusal) {
      const debited = await within
        .updateTable('sandbox_settlement_accounts')
        .set((eb) => ({ balance_fen: eb('balance_fen', '-', order.amountFen), updated_at: now }))
        .where('account_no', '=', order.from.accountNo)
        .where('balance_fen', '>=', order.amountFen)
        .returning('balance_fen')
        .executeTakeFirst();
      if (!debited) refusal = 'insufficient_funds';
      else {
        const to = await this.credit(within, order.to, order.amountFen, now);
        balances = { from: Number(debited.balance_fen), to };
      }
    }
    await within
      .insertInto('sandbox_settlement_payments')
      .values({
        id,
        reference: order.reference,
        from_account_no: order.from.accountNo,
        to_account_no: order.to.accountNo,
        amount_fen: order.amountFen,
        status: refusal ? 'refused' : 'paid',
        reason: refusal,
        remark: order.remark,
        created_at: now,
      })
      .execute();
    if (refusal || !balances)
      return { status: 'refused', reason: refusal ?? 'insufficient_funds', paymentId: id };
    await within
      .insertInto('sandbox_settlement_lines')
      .values([
        {
          id: timeOrderedId(),
          account_no: order.from.accountNo,
          payment_id: id,
          direction: 'out',
          amount_fen: order.amountFen,
          balance_after_fen: balances.from,
          counterparty_name: order.to.accountName,
          counterparty_account_no: order.to.accountNo,
          reference: order.reference,
          remark: order.remark,
          created_at: now,
        },
        {
          id: timeOrderedId(),
          account_no: order.to.accountNo,
          payment_id: id,
          direction: 'in',
          amount_fen: order.amountFen,
          balance_after_fen: balances.to,
          counterparty_name: order.from.accountName,
          counterparty_account_no: order.from.accountNo,
          reference: order.reference,
          remark: order.remark,
          created_at: now,
        },
      ])
      .execute();
    return { status: 'paid', paymentId: id, paidAt: now };
  }

  async statement(
    accountNo: string,
    { page, size }: { page: number; size: number },
    within: Db,
  ): Promise<Statement> {
    const values = { accountNo, size, offset: page * size };
    const lines = await statementPage(within, values);
    // A page with no line carries neither the balance nor the count: only then are they asked on their own.
    const [balanceFen, total] = await Promise.all([
      lines.length > 0
        ? Number(lines[0]!.account_balance_fen ?? 0)
        : statementBalance(within, values).then(([account]) => Number(account?.balance_fen ?? 0)),
      carriedTotal(lines, values.offset, () => statementCount(within, values)),
    ]);
    return {
      balanceFen,
      total,
      lines: lines.map((row) => ({
        id: row.id,
        paymentId: row.payment_id,
        at: Number(row.created_at),
        direction: row.direction as 'in' | 'out',
        amountFen: Number(row.amount_fen),
        balanceAfterFen: Number(row.balance_after_fen),
        counterpartyName: row.counterparty_name,
        counterpartyAccountNo: row.counterparty_account_no,
        reference: row.reference,
        remark: row.remark,
      })),
    };
  }

  /**
   * Money the sandbox bank itself puts into an account (the demo's opening balances, a developer's top-up
   * on the sandbox page): a credit with its statement line, once per reference. Not part of what a real
   * provider offers.
   */
  async deposit(
    to: AccountRef,
    amountFen: number,
    { reference, remark }: { reference: string; remark: string },
    within: Db,
  ): Promise<PaymentResult> {
    checkOrder(amountFen, reference);
    const existing = await this.paymentByReference(within, reference);
    if (existing) {
      return existing.from_account_no === null && existing.to_account_no === to.accountNo
        ? resultOf(existing)
        : { status: 'refused', reason: 'reference_reused', paymentId: null };
    }
    const now = this.now();
    const id = timeOrderedId();
    const balance = await this.credit(within, to, amountFen, now);
    await within
      .insertInto('sandbox_settlement_payments')
      .values({
        id,
        reference,
        from_account_no: null,
        to_account_no: to.accountNo,
        amount_fen: amountFen,
        status: 'paid',
        reason: null,
        remark,
        created_at: now,
      })
      .execute();
    await within
      .insertInto('sandbox_settlement_lines')
      .values({
        id: timeOrderedId(),
        account_no: to.accountNo,
        payment_id: id,
        direction: 'in',
        amount_fen: amountFen,
        balance_after_fen: balance,
        counterparty_name: SANDBOX_BANK_NAME,
        counterparty_account_no: '',
        reference,
        remark,
        created_at: now,
      })
      .execute();
    return { status: 'paid', paymentId: id, paidAt: now };
  }

  /** Adds to an account, opening it on its first money; answers the balance after. */
  private async credit(within: Db, to: AccountRef, amountFen: number, now: number): Promise<number> {
    const credited = await within
      .insertInto('sandbox_settlement_accounts')
      .values({
        account_no: to.accountNo,
        account_name: to.accountName,
        branch_no: to.branchNo,
        balance_fen: amountFen,
        opened_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('account_no').doUpdateSet((eb) => ({
          balance_fen: eb('sandbox_settlement_accounts.balance_fen', '+', amountFen),
          updated_at: now,
        })),
      )
      .returning('balance_fen')
      .executeTakeFirstOrThrow();
    return Number(credited.balance_fen);
  }

  private paymentByReference(within: Db, reference: string) {
    return within
      .selectFrom('sandbox_settlement_payments')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }
}
