/**
 * The platform's permission catalogue (spec sections 3 and 9): what a member may be granted, in display
 * order. The server seeds it (each path stored with PERMISSION_PATH_PREFIX, `/normal`, in front, as the spec
 * stores it); the SPA's permission map strips that prefix, and its route table names pages' permissions
 * from here. Plain values only: the SPA imports this file at run time.
 */
export const PERMISSION = {
  dashboard: { path: '/chain-bill/dashboard', name: '工作台' },
  issue: { path: '/chain-bill/issue', name: '票据签发' },
  endorse: { path: '/chain-bill/endorse', name: '票据背书' },
  discount: { path: '/chain-bill/discount', name: '票据贴现' },
  pledge: { path: '/chain-bill/pledge', name: '票据质押' },
  pledgeFinancing: { path: '/chain-bill/pledge-financing', name: '质押融资' },
  /** The checker of a financing: approves or rejects what another member submitted. */
  pledgeFinancingApprove: { path: '/chain-bill/pledge-financing-approve', name: '质押融资审批' },
  guarantee: { path: '/chain-bill/guarantee', name: '票据保证' },
  recourse: { path: '/chain-bill/recourse', name: '票据追索' },
  payPrompt: { path: '/chain-bill/pay-prompt', name: '提示付款' },
  bankAccount: { path: '/chain-bill/bank-account', name: '银行账户' },
  contractSign: { path: '/chain-bill/contract-sign', name: '电子合同签署' },
  companyCenter: { path: '/chain-bill/company-center', name: '企业中心' },
  staff: { path: '/chain-bill/staff', name: '成员管理' },
  exportCenter: { path: '/chain-bill/export-center', name: '导出中心' },
  notice: { path: '/chain-bill/notice', name: '消息通知' },
} as const satisfies Record<string, { path: `/chain-bill/${string}`; name: string }>;
export type PermissionKey = keyof typeof PERMISSION;
/** A permission path as the SPA's permission map holds it, without the stored prefix. */
export type PermissionPath = (typeof PERMISSION)[PermissionKey]['path'];
