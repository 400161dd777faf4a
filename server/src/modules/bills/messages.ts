import { BILL_TERM_MAX_MONTHS, MAX_FACE_FEN } from '@contract/bills';
import { yuanText } from '../../lib/money';

/** What the bill ledger answers, in Chinese. */
export const BILL_MSG = {
  outsideHours: (open: string, close: string) =>
    `当前不在企业业务办理时间（${open}-${close}），请在营业时间内办理`,
  notBusinessDay: '今天不是营业日，请在营业日办理',
  amountInvalid: `金额须为大于0的整数分，最多两位小数，且不超过${yuanText(MAX_FACE_FEN)}元`,
  amountOverHolding: '转让金额不能超过持有金额',
  notSplittable: '该票据不可分包，须整张转让',
  dateInvalid: '日期格式应为YYYY-MM-DD',
  issueDateNotToday: '出票日须为今天',
  dueTooEarly: '到期日须晚于出票日',
  dueTooLate: `票据期限最长${BILL_TERM_MAX_MONTHS}个月，到期日不能晚于出票日后${BILL_TERM_MAX_MONTHS}个月`,
  drawerNotReady: '贵司尚未完成企业认证或未设置已验证的默认结算账户，暂不能出票',
  counterpartyInvalid: '交易对手须为平台上已完成认证并设置已验证结算账户的企业',
  payeeIsDrawer: '收款人不能是出票人本身',
  endorseeIsHolder: '被背书人不能是持票人本身',
  billNotFound: '票据不存在',
  holdingNotFound: '持有的票据不存在',
  applicationNotFound: '票据申请不存在',
  notHeld: '该票据已不在贵司持有中',
  locked: '该票据区间已被其他申请锁定，请等待对方签收、驳回或撤回后再办理',
  notTransferable: '该票据已记载“不得转让”，不能背书转让',
  notNegotiable: '该票据当前状态不能背书转让',
  matured: '票据已到期，不能背书转让',
  wrongState: '票据当前状态不能办理该业务',
  answered: '该申请已被处理，请刷新后查看',
  notReceiver: '仅被申请方可签收或驳回',
  notApplicant: '仅申请方可撤回申请',
  notDrawer: '仅出票人可办理该业务',
  revokeTooLate: '收款人已签收，不能撤票',
  reasonRequired: '请填写驳回理由',
  filterInvalid: '筛选条件有误',
  amountRangeInvalid: '最低金额不能高于最高金额',
  dueRangeInvalid: '到期日范围的开始日期不能晚于结束日期',
  sortInvalid: '不支持的排序方式',
  issued: '出票信息已登记',
  applied: '申请已提交，等待对方签收',
  signed: '已签收',
  refused: '已驳回',
  withdrawn: '已撤回',
  revoked: '已撤票',
} as const;

export const ISSUE_OPERATION = '票据出票';
export const ENDORSE_OPERATION = '票据背书转让';
