/** What 保证 answers, in Chinese. */
export const GUARANTEE_MSG = {
  operation: '保证申请',
  sign: '签收保证申请',
  refuse: '驳回保证申请',
  withdraw: '撤回保证申请',
  notFound: '保证申请不存在',
  notInRole: (role: string) => `贵司不是该票据的${role}，不能以${role}身份申请保证`,
  notAccepted: '票据尚未承兑，承兑人不能申请保证',
  ended: '票据已终止或已结清，不能申请保证',
  matured: '票据已到期，不能申请保证',
  maturedAnswer: '票据已到期，该保证申请不能再签收，请驳回或由申请方撤回',
  endedAnswer: '票据已终止或已结清，该保证申请不能再签收，请驳回或由申请方撤回',
  guarantorIsSelf: '保证人不能是申请人本身',
  guarantorLiable:
    '保证人须为尚未在该票据上承担责任的企业（不能是出票人、承兑人、背书人、持票人或已有的保证人）',
  duplicate: '已向该企业申请过同一保证，请勿重复申请',
  notGuarantor: '仅保证人可签收或驳回',
  notApplicant: '仅申请方可撤回保证申请',
  reasonRequired: '请填写驳回理由',
  applied: '保证申请已提交，等待保证人签收',
  signed: '已签收保证',
  refused: '已驳回保证申请',
  withdrawn: '已撤回保证申请',
  todoTitle: '保证待签收',
  todo: (applicant: string, role: string, packageNo: string, amount: string) =>
    `${applicant}申请贵司为其在票据${packageNo}（票面${amount}元）上的${role}责任提供保证，请到保证页面处理。`,
  clearOperation: '保证申请到期清退',
  clearedReason: '票据已到期，待签收的保证申请由系统日终清退',
  clearedTitle: '保证申请已到期清退',
  cleared: (packageNo: string, amount: string) =>
    `票据${packageNo}（票面${amount}元）已到期，尚未签收的保证申请已由系统清退。`,
  answeredTitle: (answer: string) => `保证申请${answer}`,
  answered: (who: string, answer: string, packageNo: string, reason: string | null) =>
    `${who}${answer}了票据${packageNo}的保证申请${reason ? `，理由：${reason}` : ''}。`,
} as const;
