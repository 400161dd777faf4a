import { SANDBOX_DEPOSIT_MAX_FEN } from '@contract/settlement';
import { fenToYuan } from '../../lib/money';

/** What the settlement calls answer, in Chinese. */
export const SETTLEMENT_MSG = {
  accountUnknown: '平台上没有该结算账户',
  depositInvalid: `存入金额须大于0，最多两位小数，且不超过${fenToYuan(SANDBOX_DEPOSIT_MAX_FEN)}元`,
  deposited: '已存入',
  depositRemark: '沙箱银行存入',
  openingRemark: '期初余额',
} as const;
