import { OVERDUE_REASON_MAX, PAYMENT_RIGHTS_YEARS_TEXT, PRESENTATION_PERIOD_DAYS } from './rules';

/** What the 提示付款 calls answer and tell, in Chinese. */
export const PAYMENT_MSG = {
  present: '提示付款',
  presentOverdue: '逾期提示付款',
  pay: '付款',
  refuse: '拒付',
  presented: '已提示付款，等待承兑人应答',
  paid: '已付款，票据已结清',
  refused: '已拒付',
  clearingRefused: '线上清算失败，视同拒付',
  notPresentable: '该票据当前状态不能提示付款',
  notHeld: '该票据区间已不在贵司名下',
  settled: '该票据已结清',
  refusedBefore: '该票据已被拒付，可办理追索',
  ownAcceptance: '承兑人持有的票据无需提示付款',
  lapsed: `已超过票据到期日起${PAYMENT_RIGHTS_YEARS_TEXT}，持票人对出票人和承兑人的权利已消灭，不能提示付款`,
  overdueReasonRequired: `已超过提示付款期（到期日起${PRESENTATION_PERIOD_DAYS}日，遇节假日顺延），逾期提示付款须填写逾期理由（不超过${OVERDUE_REASON_MAX}字）`,
  refusalTextRequired: '拒付理由为“其他”时须填写拒付说明',
  notDueOnlyBeforeMaturity: '票据已到期，不能以“票据未到期”拒付',
  notPayment: '未找到该提示付款',
  notAcceptor: '仅承兑人可应答提示付款',
  closed: {
    signed: '该提示付款已付款',
    refused: '该提示付款已拒付',
    withdrawn: '持票人已撤回该提示付款',
  },
  paidTitle: '提示付款已付款',
  refusedTitle: '提示付款被拒付',
  paidNotice: (acceptor: string, bill: string, clearing: string) =>
    `${acceptor}已付款，${bill}，清算方式：${clearing}，票据已结清。`,
  refusedNotice: (acceptor: string, bill: string, reason: string) =>
    `${acceptor}拒付了贵司的提示付款，${bill}，拒付理由：${reason}。`,
  timeoutText: '承兑人在应答期内未应答，视同拒付',
  clearingFailure: (why: string) => `线上清算失败：${why}`,
  listDatesInvalid: '到期日区间无效：起始日期不能晚于结束日期',
  pledgeNotFound: '质押记录不存在',
  notPledged: '该票据区间已不在质押中，质权人不能提示付款',
  pledgeeBeforeMaturity: '票据到期前质权人不能提示付款',
  pledgeePaidTitle: '质押票据已付款',
  pledgeePaidNotice: (acceptor: string, pledgee: string, bill: string) =>
    `${acceptor}已向质权人${pledgee}付款，${bill}，票据已结清，质押随之终止。`,
  pledgeeRefusedTitle: '质押票据被拒付',
  pledgeeRefusedNotice: (acceptor: string, pledgee: string, bill: string, reason: string) =>
    `${acceptor}拒付了质权人${pledgee}的提示付款，${bill}，拒付理由：${reason}。追索权归质权人。`,
} as const;

/** Why the bank refused an acceptor's payment, in the holder's words. */
export const CLEARING_FAILURE: Record<string, string> = {
  insufficient_funds: '承兑人结算账户余额不足',
  payee_refused: '收款账户被银行拒绝入账',
  same_account: '付款与收款账户相同',
  no_account: '付款或收款方无可用的结算账户',
  reference_reused: '清算流水号重复',
};
