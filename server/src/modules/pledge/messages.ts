import { MAX_FACE_FEN } from '@contract/bills';
import { fenToYuan } from '../../lib/money';

/** What the pledge calls answer, in Chinese. */
export const PLEDGE_MSG = {
  amountInvalid: `质押金额须大于0，最多两位小数，且不超过${fenToYuan(MAX_FACE_FEN)}元`,
  operation: '质押',
  releaseOperation: '质押解除',
  releaseSign: '签收质押解除',
  releaseRefuse: '驳回质押解除',
  releaseWithdraw: '撤回质押解除',
  institutionInvalid: '请选择平台上的金融机构作为质权人',
  pledgeNotFound: '质押记录不存在',
  notPledged: '该票据不在质押中，不能申请质押解除',
  releasePending: '已有待签收的质押解除申请',
  noReleasePending: '没有待签收的质押解除申请',
  releaseMatured: '票据已到期，不能申请质押解除',
  releaseMaturedAnswer: '票据已到期，质押解除申请不能再签收',
  maturedBeforeAnswer: '票据已到期，质押申请不能再签收',
  reasonRequired: '请填写驳回理由',
  filterStatusInvalid: '质押状态不正确',
  applied: '质押申请已提交，等待金融机构签收',
  withdrawn: '质押申请已撤回',
  releaseApplied: '质押解除申请已提交，等待出质人签收',
  presentedByPledgee: '质权人已提示付款，等待承兑人应答',
  releaseSigned: '已签收质押解除，票据恢复可流通',
  releaseRefused: '已驳回质押解除申请',
  releaseWithdrawn: '质押解除申请已撤回',
  bill: (packageNo: string, range: string, amount: string) =>
    `票据包号${packageNo}，子票区间${range}，金额${amount}元`,
  releaseTodoTitle: '质押解除待签收',
  releaseTodo: (pledgee: string, bill: string) => `${pledgee}申请解除贵司的质押，${bill}，请到票据质押处理。`,
  releaseClear: '质押解除到期清退',
  releaseClearedReason: '票据已到期，待签收的质押解除申请由系统日终清退',
  releaseClearedTitle: '质押解除已到期清退',
  releaseCleared: (bill: string) =>
    `票据已到期，尚未签收的质押解除申请已由系统清退，${bill}，票据仍在质押中，到期由质权人提示付款。`,
  releaseWithdrawnTitle: '质押解除已撤回',
  releaseWithdrawnNotice: (pledgee: string, bill: string) => `${pledgee}撤回了质押解除申请，${bill}。`,
} as const;
