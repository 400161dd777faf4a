import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import { fenToYuan } from '../../lib/money';
import { EsignRefusal, type EsignOpenApi } from '../../lib/esign-open-api';
import { ProviderUnavailable } from '../../lib/provider-http';
import {
  transferUnavailable,
  type AmountCheck,
  type BankTransferGateway,
  type TransferOrder,
  type TransferReceipt,
} from './gateway';

/** The organisation's registered name, code and legal representative do not belong together (比对不通过). */
const HOLDER_MISMATCH = 30504001;
/** The bank refused the transfer (打款失败). */
const PAYMENT_FAILED = 1203043;
const AMOUNT_WRONG = 30502002;
/** Too many wrong amounts, or the transfer is too old, or the flow ended: e签宝 wants a new transfer. */
const TRANSFER_GIVEN_UP = new Set([30502003, 30502013, 30502014, 30500002, 30500003]);
const HOLDER_REFUSED = '企业名称、统一社会信用代码与法定代表人不一致，请核对企业信息';
/** e签宝 pays from its own account; its statement line names no platform, so the screens show none. */
const ESIGN_REMARK = '';

/**
 * Small-amount transfer authentication through e签宝's enterprise verification (企业核身): a flow that
 * first compares the organisation's name, credit code and legal representative (threeFactors), then pays a
 * random amount into the corporate account (transferRandomAmount). e签宝 keeps the amount and compares the
 * typed one (verifyRandomAmount); the flow id is the transfer's reference.
 */
export class EsignBankTransferGateway implements BankTransferGateway {
  constructor(
    private readonly api: EsignOpenApi,
    private readonly now: () => number,
  ) {}

  async requestTransfer(order: TransferOrder): Promise<TransferReceipt> {
    try {
      // A comparison that reached e签宝 twice opens two flows; the second is simply never used.
      const compared = await this.api.call<{ flowId: string }>(
        'org-auth.threeFactors',
        'POST',
        '/v2/identity/auth/api/organization/threeFactors',
        {
          name: order.holder.name,
          orgCode: order.holder.creditCode,
          legalRepName: order.holder.legalPerson,
          contextId: order.reference,
        },
        'always',
      );
      if (compared.code === HOLDER_MISMATCH) throw fail(API_ERROR.conflict, HOLDER_REFUSED);
      if (compared.code !== 0 || !compared.data?.flowId) throw transferUnavailable();
      const flowId = compared.data.flowId;
      // Money moves: a retry only where the request surely did not arrive.
      const paid = await this.api.call(
        'org-auth.transferRandomAmount',
        'PUT',
        `/v2/identity/auth/pub/organization/${encodeURIComponent(flowId)}/transferRandomAmount`,
        {
          bank: order.bankName,
          province: order.province,
          city: order.city,
          subbranch: order.branchName,
          cardNo: order.accountNo,
          cnapsCode: order.branchNo,
          contextId: order.reference,
        },
        'unsent',
      );
      if (paid.code === PAYMENT_FAILED) {
        return { transferId: flowId, amountFen: null, remark: ESIGN_REMARK, arrivesAt: null };
      }
      if (paid.code !== 0) throw transferUnavailable();
      // The bank takes up to three working days; the amount may be typed as soon as it is on the statement.
      return { transferId: flowId, amountFen: null, remark: ESIGN_REMARK, arrivesAt: this.now() };
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof EsignRefusal) throw transferUnavailable();
      throw error;
    }
  }

  async checkAmount(transferId: string, amountFen: number): Promise<AmountCheck> {
    try {
      // A second arrival of a right amount meets a finished flow, and is read as given up: so no retry
      // unless the first surely did not arrive.
      const answer = await this.api.call(
        'org-auth.verifyRandomAmount',
        'PUT',
        `/v2/identity/auth/pub/organization/${encodeURIComponent(transferId)}/verifyRandomAmount`,
        // e签宝 takes yuan as a JSON number: written from the fen as its exact decimal, never through a float.
        `{"amount":${fenToYuan(amountFen)}}`,
        'unsent',
      );
      if (answer.code === 0) return 'match';
      if (answer.code === AMOUNT_WRONG) return 'mismatch';
      if (TRANSFER_GIVEN_UP.has(answer.code)) return 'failed';
      throw transferUnavailable();
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof EsignRefusal) throw transferUnavailable();
      throw error;
    }
  }
}
