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
  frozen: '该票据区间已被有权机关冻结，解除冻结前不能办理任何业务',
  lockNotFound: '该票据区间的锁定已不存在',
  lockEnded: '该票据区间的锁定已解除',
  unlockOperation: '解除锁定',
  notTransferable: '该票据已记载“不得转让”，不能背书转让',
  notNegotiable: '该票据当前状态不能背书转让',
  pledged: '该票据已质押，质押解除前不能背书、贴现或再次质押',
  matured: '票据已到期，不能背书转让',
  wrongState: '票据当前状态不能办理该业务',
  payableDateInvalid: '到期日须为有效日期，格式YYYY-MM-DD',
  payableRangeInvalid: '到期日止不能早于到期日起',
  answered: '该申请已被处理，请刷新后查看',
  paymentAnsweredElsewhere: '提示付款请在「提示付款」页面付款或拒付',
  /** An application that is no longer waiting, in words of the side that asks. */
  closedFor: {
    receiver: {
      signed: '该申请已签收，无需再处理',
      refused: '该申请已驳回，无需再处理',
      withdrawn: '申请方已撤回该申请',
      cleared: '票据已到期，该申请已由系统清退',
    },
    applicant: {
      signed: '对方已签收该申请，不能撤回',
      refused: '对方已驳回该申请，不能撤回',
      withdrawn: '该申请已被撤回',
      cleared: '票据已到期，该申请已由系统清退',
    },
  },
  maturedAnswer: '票据已到期，该申请不能再签收，请驳回或由申请方撤回',
  /** The reason written into the bill's history when the day-end clears an application. */
  clearedReason: '票据已到期，待签收的申请由系统日终清退',
  maturedApply: '票据已到期，不能再提示承兑或提示收票',
  accountInvalid: '请选择贵司已验证的结算账户',
  receiverNotReady: '贵司尚未设置已验证的默认结算账户，请选择已验证的结算账户签收',
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
  batchRowDone: '已办理',
  batchSigned: (succeeded: number, failed: number) =>
    failed === 0 ? `已签收${succeeded}笔` : `已签收${succeeded}笔，${failed}笔未签收`,
  batchRefused: (succeeded: number, failed: number) =>
    failed === 0 ? `已驳回${succeeded}笔` : `已驳回${succeeded}笔，${failed}笔未驳回`,
} as const;

/** How the ledger's acts are named to the user who confirms them (the SMS text, the QR prompt, the summary). */
export const ACT_NAME = {
  issue: '出票',
  requestAcceptance: '提示承兑',
  requestReceipt: '提示收票',
  revoke: '撤票',
  endorse: '背书转让',
  sign: (kindLabel: string) => `签收${kindLabel}`,
  refuse: (kindLabel: string) => `驳回${kindLabel}`,
  withdraw: (kindLabel: string) => `撤回${kindLabel}`,
  clear: (kindLabel: string) => `清退${kindLabel}`,
  batchSign: '批量签收',
  batchRefuse: '批量驳回',
} as const;

/** The notices an answer sends: to the applicant (签收, 驳回) or, for a withdrawal, to the receiver. */
/** The maturity reminders the day-end sends (reminders.ts). */
export const REMINDER_NOTICE = {
  when: (lead: number, due: string) => (lead === 0 ? '今日到期' : `${lead}天后到期（${due}）`),
  holderTitle: (when: string) => `持有票据${when}`,
  holder: (packageNo: string, amount: string, due: string, payDay: string) =>
    `贵司持有的票据包号${packageNo}，金额${amount}元，到期日${due}，提示付款日${payDay}，请按时提示付款。`,
  acceptorTitle: (when: string) => `承兑票据${when}`,
  acceptor: (
    packageNo: string,
    due: string,
    payDay: string,
    amount: string,
    accountNo: string,
    bankName: string,
  ) =>
    `贵司承兑的票据包号${packageNo}到期日${due}，应于${payDay}付款${amount}元，付款账户${accountNo}（${bankName}），请确保账户余额充足。`,
} as const;

export const ANSWER_NOTICE = {
  signedTitle: (kindLabel: string) => `${kindLabel}已签收`,
  refusedTitle: (kindLabel: string) => `${kindLabel}被驳回`,
  withdrawnTitle: (kindLabel: string) => `${kindLabel}已撤回`,
  clearedTitle: (kindLabel: string) => `${kindLabel}已到期清退`,
  cleared: (kindLabel: string, bill: string) =>
    `票据已到期，尚未签收的${kindLabel}已由系统清退，${bill}，票据区间已解除锁定。`,
  signed: (who: string, kindLabel: string, bill: string) => `${who}已签收贵司的${kindLabel}，${bill}。`,
  refused: (who: string, kindLabel: string, bill: string, reason: string) =>
    `${who}驳回了贵司的${kindLabel}，${bill}，驳回理由：${reason}。`,
  withdrawn: (who: string, kindLabel: string, bill: string) =>
    `${who}已撤回${kindLabel}，${bill}，该待办已关闭。`,
  bill: (packageNo: string, range: string, amount: string) =>
    `票据包号${packageNo}，子票区间${range}，金额${amount}元`,
  toWorkbench: '请到待签收处理。',
  toPayPrompt: '请到提示付款处理。',
} as const;

/**
 * An act as the SMS text and the QR prompt name it: the operation, its amount and the other side
 * (`签收提示收票，金额1,000,000.00元，对方宁波…`). The check before verification found them.
 */
export function actDescription(
  act: { operation: string; amountFen: number; counterparty: string } | null,
): string {
  if (!act) return '票据业务';
  return `票据${act.operation}，金额${yuanText(act.amountFen)}元，对方${act.counterparty}`;
}

/** The rows of a batch the check let through, as one act: `批量签收3笔`, their total, their other sides. */
export function batchSummary(
  operation: string,
  rows: ReadonlyArray<{ amountFen: number; counterparty: string }>,
): { operation: string; amountFen: number; counterparty: string } {
  const names = [...new Set(rows.map((row) => row.counterparty))];
  return {
    operation: `${operation}${rows.length}笔`,
    amountFen: rows.reduce((sum, row) => sum + row.amountFen, 0),
    counterparty: names.length <= 2 ? names.join('、') : `${names.slice(0, 2).join('、')}等${names.length}家`,
  };
}
