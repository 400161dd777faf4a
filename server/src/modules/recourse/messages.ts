import { FURTHER_RECOURSE_MONTHS, RECOURSE_ATTACHMENT_MAX_BYTES, RECOURSE_MONTHS } from '@contract/recourse';

/** What the 追索 calls answer and tell, in Chinese. */
export const RECOURSE_MSG = {
  notify: '追索通知',
  notifyNonRefusal: '非拒付追索通知',
  agree: '同意清偿',
  reject: '驳回同意清偿',
  sign: '签收追索清偿',
  withdraw: '撤回追索通知',
  notified: '追索通知已发出',
  agreed: '已同意清偿，等待持票人签收',
  rejected: '已驳回同意清偿',
  signed: '已签收清偿',
  withdrawn: '已撤回追索通知',
  notFound: '未找到该追索通知',
  holdingNotFound: '未找到该票据区间',
  notInRecourse: '该票据区间未被拒付，不能拒付追索',
  frozen: '该票据区间已被冻结，不能追索',
  settled: '该票据区间已结清',
  nonRefusalMatured: '票据已到期，非拒付追索须在到期日前发起；到期后请提示付款，被拒付后办理拒付追索',
  nonRefusalNotAtRest: '该票据区间当前状态不能发起非拒付追索',
  proofRequired: '非拒付追索须选择追索理由并上传证明材料',
  proofNotFound: '未找到该证明材料，请重新上传',
  proofNotAllowed: '拒付追索无需追索理由和证明材料',
  lapsedRefusal: `已超过被拒付之日起${RECOURSE_MONTHS}个月，追索权已消灭`,
  lapsedFurther: `已超过清偿之日起${FURTHER_RECOURSE_MONTHS}个月，再追索权已消灭`,
  debtorInvalid: '所选被追索人不是该票据区间的前手，不能向其追索',
  debtorDischarged: '逾期提示付款的，只能向出票人、承兑人及其保证人追索',
  debtorDuplicate: '被追索人不能重复选择',
  alreadyNotified: (name: string) => `已向${name}发出追索通知，等待其清偿`,
  costsInvalid: '追索费用须为不小于0、最多两位小数的金额',
  amountInvalid: '清偿金额须为大于0、最多两位小数的金额',
  amountAboveClaim: (claim: string) => `清偿金额不能超过追索金额${claim}元`,
  agreementPending: '已有被追索人同意清偿，等待持票人签收，暂不能再同意清偿',
  notDebtor: '仅被追索人可同意清偿',
  notPursuer: '仅追索人（持票人）可处理同意清偿',
  notAgreed: '该追索通知尚无待签收的同意清偿',
  notWaiting: {
    agreed: '已同意清偿，等待持票人签收',
    paid: '该追索已清偿',
    closed: '该追索通知已终止',
    withdrawn: '该追索通知已撤回',
  },
  /** Why a notice cannot be withdrawn once the party answered it. */
  answered: '被追索人已同意清偿，不能撤回追索通知',
  reasonRequired: '请填写驳回理由',
  clearingFailed: (why: string) => `线上清算失败：${why}`,
  todoTitle: '追索通知待处理',
  todo: (pursuer: string, bill: string, claim: string) =>
    `${pursuer}向贵司发出追索通知，${bill}，追索金额${claim}元，请在追索页面处理。`,
  agreedTitle: '同意清偿待签收',
  agreedTodo: (debtor: string, bill: string, amount: string, clearing: string) =>
    `${debtor}同意清偿，${bill}，清偿金额${amount}元，清算方式：${clearing}，请在追索页面签收。`,
  rejectedTitle: '同意清偿被驳回',
  rejectedNotice: (pursuer: string, bill: string, reason: string) =>
    `${pursuer}驳回了贵司的同意清偿，${bill}，理由：${reason}。`,
  paidTitle: '追索清偿已签收',
  paidNotice: (pursuer: string, bill: string, amount: string, settled: boolean) =>
    `${pursuer}已签收贵司的清偿，${bill}，清偿金额${amount}元，${
      settled ? '票据已结清。' : '该票据区间已转入贵司名下，可向贵司前手再追索。'
    }`,
  withdrawnTitle: '追索通知已撤回',
  withdrawnNotice: (pursuer: string, bill: string) => `${pursuer}撤回了向贵司发出的追索通知，${bill}。`,
  pledgeNotFound: '质押记录不存在',
  pledgeePaidTitle: '质押票据已追索清偿',
  pledgeePaidNotice: (pledgee: string, bill: string, payer: string, amount: string, settled: boolean) =>
    `贵司质押给${pledgee}的票据经追索已由${payer}清偿，${bill}，清偿金额${amount}元，质押随之结束；${
      settled ? '票据已结清。' : '该票据区间已转入清偿人名下。'
    }`,
  closedTitle: '追索通知已终止',
  closedNotice: (bill: string, payer: string) => `${bill}已由${payer}清偿，贵司收到的追索通知已终止。`,
  attachmentEmpty: '请上传证明材料文件',
  attachmentType: '证明材料须为PDF、JPG或PNG文件',
  attachmentTooLarge: `证明材料不能超过${RECOURSE_ATTACHMENT_MAX_BYTES / 1024 / 1024}MB`,
  attachmentSaved: '证明材料已上传',
} as const;

/** Why the bank refused a 线上 清偿, in the holder's words. */
export const CLEARING_FAILURE: Record<string, string> = {
  insufficient_funds: '清偿人结算账户余额不足',
  payee_refused: '收款账户被银行拒绝入账',
  same_account: '付款与收款账户相同',
  no_account: '付款或收款方无可用的结算账户',
  reference_reused: '清算流水号重复',
};
