import { MAX_FACE_FEN } from '@contract/bills';
import {
  DISCOUNT_RATE_MAX_PERCENT,
  DISCOUNT_TERM_MAX_DAYS,
  RATE_DECIMALS,
  SHARE_DECIMALS,
} from '@contract/discount';
import type { InstitutionRefusal } from '../../adapters/institution/gateway';
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
  holdingNotFound: '持有的票据不存在',
  notTransferable: '该票据不得转让，不能贴现',
  notQuotable: (packageNo: string) => `票据${packageNo}不是可流转的已签收票据，不能询价`,
  matured: (packageNo: string) => `票据${packageNo}已到期，不能贴现`,
  declined: {
    acceptor_not_approved: '承兑人不在该机构授信名单内',
    over_limit: '金额超过该机构单张票据额度',
    term_out_of_range: '剩余期限不在该机构受理范围内',
    rate_too_low: '利率低于该机构报价',
    other: '该机构暂不受理',
  } satisfies Record<InstitutionRefusal, string>,
  quoteUnavailable: '该报价不存在或未报价，请重新询价',
  quoteExpired: '报价已过期，请重新询价',
  quoteMismatch: '报价与所选票据或金融机构不符，请重新询价',
  rateFromQuote: '按报价申请时年利率取自报价，不能另行填写',
  operation: '贴现',
  institutionInvalid: '请选择平台上的金融机构',
  accountInvalid: '请选择贵司已验证的结算账户',
  noSettlementAccount: '贵司尚未设置已验证的默认结算账户，请选择已验证的结算账户收款',
  applicationNotFound: '贴现申请不存在',
  filterDateInvalid: '贴现日期须为有效日期，格式YYYY-MM-DD',
  filterDateRangeInvalid: '贴现日期的起始日不能晚于截止日',
  maturedBeforeAnswer: '票据已到期，贴现申请不能再签收',
  clearingFailed: (why: string) => `线上清算失败：${why}`,
  applied: '贴现申请已提交，等待金融机构签收',
  withdrawn: '贴现申请已撤回',
} as const;
