import { MAX_FACE_FEN } from '@contract/bills';
import {
  DISCOUNT_RATE_MAX_PERCENT,
  DISCOUNT_TERM_MAX_DAYS,
  RATE_DECIMALS,
  SHARE_DECIMALS,
} from '@contract/discount';
import { fenToYuan } from '../../lib/money';

/** What the discount calls answer, in Chinese. */
export const DISCOUNT_MSG = {
  faceInvalid: `票面金额须大于0，最多两位小数，且不超过${fenToYuan(MAX_FACE_FEN)}元`,
  rateInvalid: `贴现利率须为大于0且小于${DISCOUNT_RATE_MAX_PERCENT}%的年利率，最多${RATE_DECIMALS}位小数`,
  discountDateInvalid: '贴现日须为有效日期，格式YYYY-MM-DD',
  maturityDateInvalid: '票据到期日须为有效日期，格式YYYY-MM-DD',
  discountNotBeforeMaturity: '贴现日须早于票据到期日',
  termTooLong: `贴现日至票据到期日不能超过${DISCOUNT_TERM_MAX_DAYS}天`,
  shareRequired: `协议付息须填写买方付息比例（0-100%，最多${SHARE_DECIMALS}位小数）`,
  shareInvalid: `买方付息比例须在0-100%之间，最多${SHARE_DECIMALS}位小数`,
  shareNotAgreement: '仅协议付息可填写买方付息比例',
} as const;
