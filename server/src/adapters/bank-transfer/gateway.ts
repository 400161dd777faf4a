import type { AccountTarget } from '@contract/bank-account-schemas';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';

/** The organisation that claims to hold the account, as it was registered (a provider compares it first). */
export interface AccountHolder {
  name: string;
  creditCode: string;
  legalPerson: string;
}

/** What the platform asks the bank to pay into: the account and its branch, as the directory names them. */
export interface TransferOrder extends AccountTarget {
  /** The platform's reference of the verification; a provider refuses a second transfer for the same one. */
  reference: string;
  holder: AccountHolder;
}

export interface TransferReceipt {
  /** The provider's reference of the transfer. */
  transferId: string;
  /**
   * What was paid, integer fen (TRANSFER_AMOUNT_MIN_FEN to TRANSFER_AMOUNT_MAX_FEN); null when the provider
   * keeps it and compares the typed amount itself (checkAmount).
   */
  amountFen: number | null;
  remark: string;
  /** When the money reaches the account (epoch ms); null when the bank refused the transfer. */
  arrivesAt: number | null;
}

/**
 * The small-amount transfer provider (docs/domain.md, outside parties): it pays a random amount under one yuan
 * into an account, and the organisation proves it holds the account by telling the amount. app.ts picks the
 * implementation from the configuration: the sandbox bank (sandbox.ts), a real provider, or none.
 */
export interface BankTransferGateway {
  /**
   * Pays a random small amount into the account. `within` is the transaction of the request that orders the
   * transfer: a provider that keeps its records in the platform's database (the sandbox bank) writes them
   * there, so a request that rolls back leaves no transfer behind.
   */
  requestTransfer(order: TransferOrder, within: Db): Promise<TransferReceipt>;
  /**
   * Compares a typed amount with a transfer whose amount the provider kept (amountFen null): `failed` when
   * the provider has given the transfer up (too many wrong amounts on its side).
   */
  checkAmount(transferId: string, amountFen: number, within: Db): Promise<AmountCheck>;
}

export type AmountCheck = 'match' | 'mismatch' | 'failed';

const TRANSFER_UNAVAILABLE = '打款验证服务暂不可用，请稍后重试';

export const transferUnavailable = () => fail(API_ERROR.serviceUnavailable, TRANSFER_UNAVAILABLE);

/** No provider configured (SANDBOX=off, ESIGN_PROVIDER=none): nothing is paid, the request is refused. */
export class UnavailableBankTransferGateway implements BankTransferGateway {
  async requestTransfer(): Promise<TransferReceipt> {
    throw transferUnavailable();
  }
  async checkAmount(): Promise<AmountCheck> {
    throw transferUnavailable();
  }
}
