import crypto from 'node:crypto';
import { v7 as timeOrderedId } from 'uuid';
import { TRANSFER_AMOUNT_MAX_FEN, TRANSFER_AMOUNT_MIN_FEN } from '@contract/bank-account';
import type { Db } from '../../db/database';
import type { AmountCheck, BankTransferGateway, TransferOrder, TransferReceipt } from './gateway';

/**
 * The sandbox bank refuses transfers into account numbers ending in four zeros, so the payment-failed
 * path can be tried (README, the demo).
 */
export const SANDBOX_REFUSED_ACCOUNT = /0000$/;
export const SANDBOX_TRANSFER_REMARK = '打款验证，请在平台输入到账金额';

/**
 * Pays nothing: every transfer is a row of `sandbox_bank_transfers`, the account holder's statement read
 * back through `GET /api/sandbox/bank/statement`. The amount is random (crypto) in fen, the money arrives
 * `arrivalDelayMs` after the request (immediately by default).
 */
export class SandboxBankTransferGateway implements BankTransferGateway {
  constructor(
    private readonly now: () => number,
    private readonly arrivalDelayMs: number,
    private readonly payerName: string,
  ) {}

  async requestTransfer(order: TransferOrder, within: Db): Promise<TransferReceipt> {
    const now = this.now();
    const refused = SANDBOX_REFUSED_ACCOUNT.test(order.accountNo);
    const amountFen = crypto.randomInt(TRANSFER_AMOUNT_MIN_FEN, TRANSFER_AMOUNT_MAX_FEN + 1);
    const arrivesAt = now + this.arrivalDelayMs;
    // Time-ordered: the statement lists the newest first, also within one millisecond.
    const transferId = timeOrderedId();
    await within
      .insertInto('sandbox_bank_transfers')
      .values({
        id: transferId,
        account_no: order.accountNo,
        account_name: order.accountName,
        branch_no: order.branchNo,
        bank_name: order.bankName,
        branch_name: order.branchName,
        amount_fen: amountFen,
        remark: SANDBOX_TRANSFER_REMARK,
        payer_name: this.payerName,
        refused: refused ? 1 : 0,
        created_at: now,
        arrives_at: arrivesAt,
      })
      .execute();
    return { transferId, amountFen, remark: SANDBOX_TRANSFER_REMARK, arrivesAt: refused ? null : arrivesAt };
  }

  /** The sandbox tells the amount, so the platform compares it; this answers the same from its ledger. */
  async checkAmount(transferId: string, amountFen: number, within: Db): Promise<AmountCheck> {
    const paid = await within
      .selectFrom('sandbox_bank_transfers')
      .select('amount_fen')
      .where('id', '=', transferId)
      .executeTakeFirst();
    return paid && Number(paid.amount_fen) === amountFen ? 'match' : 'mismatch';
  }
}
