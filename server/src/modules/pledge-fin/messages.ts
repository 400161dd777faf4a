import {
  OPINION_MAX,
  PLEDGE_FIN_BILLS_MAX,
  PLEDGE_FIN_RATE_DECIMALS,
  PLEDGE_FIN_RATE_MAX_PERCENT,
  PLEDGE_FIN_TERM_MAX_DAYS,
  PURPOSE_MAX,
} from '@contract/pledge-fin';

/** Why the bank refused a payment, as the history says it. */
const PAYMENT_REFUSAL: Record<string, string> = {
  insufficient_funds: '付款账户余额不足',
  payee_refused: '收款账户被银行拒绝',
  same_account: '收付款为同一账户',
  reference_reused: '支付流水号重复',
  no_account: '贵司尚无已验证的结算账户',
  other: '银行拒绝',
};

/** What the pledge financing calls answer, in Chinese. */
export const PLEDGE_FIN_MSG = {
  principalInvalid: '融资金额须大于0，最多两位小数',
  rateInvalid: `利率须为大于0且小于${PLEDGE_FIN_RATE_MAX_PERCENT}%的年利率，最多${PLEDGE_FIN_RATE_DECIMALS}位小数`,
  dayBasisInvalid: '计息基准天数须为360或365',
  valueDateInvalid: '起息日须为有效日期，格式YYYY-MM-DD',
  maturityDateInvalid: '融资到期日须为有效日期，格式YYYY-MM-DD',
  maturityNotAfterValueDate: '融资到期日须晚于起息日',
  termTooLong: `融资期限不能超过${PLEDGE_FIN_TERM_MAX_DAYS}天`,
  beyondProductTerm: (days: number) => `融资期限不能超过该产品的最长期限${days}天`,
  beyondEarliestBill: (date: string) => `融资到期日不能晚于所选票据中最早的到期日${date}`,
  productInvalid: '请选择平台上的融资产品',
  billsRequired: '请选择质押票据',
  tooManyBills: `一笔融资最多选择${PLEDGE_FIN_BILLS_MAX}张票据`,
  billsRepeated: '同一张票据不能重复选择',
  holdingNotFound: '所选票据不存在或不在贵司持有',
  billIneligible: (packageNo: string) =>
    `票据${packageNo}不能质押：须为已签收、可流通、未锁定的票据，且未到期`,
  lockOperation: '质押融资锁定',
  billTaken: (packageNo: string) => `票据${packageNo}已用于另一笔进行中的融资`,
  amountOutOfProduct: (min: string, max: string) => `融资金额须在该产品的${min}元至${max}元之间`,
  overPledgeValue: (value: string) => `融资金额不能超过所选票据的可质押额度${value}元（票面金额×质押率）`,
  overCreditLine: (available: string) => `融资金额超过贵司在该机构的可用授信额度${available}元`,
  purposeRequired: '请填写融资用途',
  purposeTooLong: `融资用途不能超过${PURPOSE_MAX}个字`,
  opinionRequired: '驳回须填写审批意见',
  opinionTooLong: `审批意见不能超过${OPINION_MAX}个字`,
  selfApproval: '不能审批自己提交的融资申请，请由其他有审批权限的成员审批',
  financingNotFound: '融资申请不存在',
  stateInvalid: (state: string, act: string) => `融资申请当前为「${state}」，不能${act}`,
  orgNotFound: '企业不存在',
  act: {
    save: '保存草稿',
    submit: '提交',
    approve: '审批',
    cancel: '取消',
    sign: '签约',
    payOut: '放款',
    retryPayOut: '重新申请放款',
    retryCountersign: '重新发起机构签署',
    payInterest: '还款',
  },
  /** Who the history names for the platform's own acts. */
  platformOperator: '系统',
  maturedCancel: (packageNo: string) => `票据${packageNo}已到期，融资申请由系统日终取消，票据已解除锁定`,
  maturityPassed: '融资到期日已到，不能再签约放款，请取消后重新申请',
  loanTerms: (finNo: string, rate: string, maturity: string, mode: string, penalty: string) =>
    `融资申请编号${finNo}，年利率${rate}%，自放款之日起至${maturity}止，付息方式为${mode}，逾期罚息年利率${penalty}%`,
  pledgedBill: (packageNo: string, amount: string, dueDate: string) =>
    `票据包号${packageNo}，金额${amount}元，到期日${dueDate}`,
  countersignFailed: (institution: string, cause: string) =>
    `${institution}签署融资合同未成功（${cause}），融资仍待签约，请稍后重新发起机构签署`,
  /** Why the institution's signature failed (CountersignFailure), in its history line. */
  countersignCause: {
    unavailable: '其电子签章服务暂不可用',
    silent: '其电子签章服务长时间未答复签署结果',
    refused: '签署被拒绝',
    expired: '签署已过期限',
    revoked: '签署流程已撤销',
  },
  countersignTodoTitle: '质押融资机构签署未成功',
  countersignTodo: (finNo: string, failed: string) => `质押融资${finNo}：${failed}。`,
  countersignRetried: '重新发起机构签署',
  countersignRestarted: '已重新发起机构签署，请稍候',
  countersignNotFailed: '融资机构的签署正在进行或已完成，无需重新发起',
  signedBoth: (loanNo: string, pledgeNo: string, institution: string) =>
    `已签署借款合同${loanNo}及质押合同${pledgeNo}，${institution}已签署其一方`,
  pledgeRemark: (finNo: string) => `质押融资${finNo}`,
  payoutRefused: (reason: string) =>
    `放款未成功（${PAYMENT_REFUSAL[reason] ?? PAYMENT_REFUSAL.other}），请核实结算账户后重新申请放款`,
  payoutRetried: '重新申请放款',
  payoutRetryDone: '融资款已放款至贵司结算账户',
  payoutRetryRefused: '放款仍未成功，请查看融资记录',
  payoutTodoTitle: '质押融资放款未成功',
  payoutTodo: (finNo: string, refused: string) => `质押融资${finNo}：${refused}。`,
  paidOut: (net: string, fee: string, days: number) =>
    `放款${net}元至结算账户（手续费${fee}元），自今日起计息${days}天`,
  repayTodoTitle: '质押融资待还款',
  repayTodo: (finNo: string, institution: string, amount: string, maturity: string) =>
    `质押融资${finNo}：${institution}已放款${amount}元至贵司结算账户，请按还款计划付息，并于${maturity}前归还本金。`,
  nothingDue: '该融资已无待付款项',
  payInOrder: (seq: number) => `请按还款计划顺序付款，当前应付第${seq}期`,
  noSettlementAccount: '贵司尚无已验证的结算账户，不能付款',
  balanceShort: (amount: string) => `结算账户余额不足，本期应付${amount}元`,
  paymentOperation: (institution: string, seq: number, amount: string) =>
    `向${institution}支付质押融资第${seq}期还款${amount}元`,
  paymentRefused: (reason: string) => `付款未成功：${PAYMENT_REFUSAL[reason] ?? PAYMENT_REFUSAL.other}`,
  paid: (seq: number, interest: string, principal: string | null, penalty: string, overdueDays: number) =>
    `支付第${seq}期：利息${interest}元` +
    (principal === null ? '' : `，本金${principal}元`) +
    (overdueDays > 0 ? `，逾期${overdueDays}天罚息${penalty}元` : ''),
  maturedStayPledged: (bills: string) =>
    `票据${bills}已到期，不能解除质押：由质权人提示付款，所得款项超出融资余额的部分归还贵司`,
  paidInterest: '已付款',
  /** Who paid a payment the proceeds of a matured bill covered, on the payments list. */
  proceedsPayer: '质押票据到期款',
  paidFromProceeds: (paid: string) => `以质押票据到期款${paid}`,
  paidPart: (
    seq: number,
    amount: string,
    interest: string,
    penalty: string,
    principal: string,
    owes: string,
  ) =>
    `部分支付第${seq}期${amount}元（利息${interest}元，罚息${penalty}元，本金${principal}元），该期尚欠${owes}元`,
  proceedsRest: (proceeds: string, rest: string) =>
    `质押票据到期款${proceeds}元，其中${rest}元已由质权人划付至贵司结算账户`,
  proceedsRestRefused: (proceeds: string, rest: string, reason: string) =>
    `质押票据到期款${proceeds}元，其中应付贵司的${rest}元划付未成功（${PAYMENT_REFUSAL[reason] ?? PAYMENT_REFUSAL.other}），该款项仍由质权人欠付贵司，请核实结算账户后重新申请划付`,
  restRetried: '重新申请划付余款',
  restRetryDone: '余款已划付至贵司结算账户',
  restRetryRefused: '余款仍未划付成功，请查看融资记录',
  nothingOwed: '该融资没有待划付的余款',
  restTodoTitle: '质押票据到期款余额划付未成功',
  restTodo: (finNo: string, rest: string) =>
    `质押融资${finNo}：质押票据到期款中应付贵司的${rest}元划付未成功，请核实结算账户后重新申请划付。`,
  settled: '融资已结清，质押票据已解除质押',
  todoTitle: '质押融资待审批',
  todoContent: (applicant: string, finNo: string, amount: string, institution: string) =>
    `${applicant}提交了质押融资申请${finNo}，向${institution}融资${amount}元，请审批。`,
  saved: '草稿已保存',
  submitted: '融资申请已提交，等待审批',
  approved: '已审批通过，请签署融资合同',
  rejected: '已驳回该融资申请',
  cancelled: '融资申请已取消',
} as const;
