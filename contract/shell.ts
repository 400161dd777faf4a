import type { BizType } from './statistics';

/**
 * What the signed-in shell and the dashboard show beside the bills: SHCPE system status and business
 * hours, holidays, the operation log, the organisation's functions and channels, and the sandbox's entry
 * links and non-payment switch. Plain values only: the SPA imports this file at run time; the shapes are
 * declared in shell-schemas.ts.
 */

/** The paths of the shell, the dashboard's side calls and the sandbox's switches (patterns: contract/paths.ts). */
export const SHELL_URL = {
  health: '/api/health',
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',
  channelConfig: '/api/channel/config/default',
  systemStatus: '/api/scbill/shcpe/system/status',
  operationTime: '/api/scbill/shcpe/operation-time',
  holidayToday: '/api/quote/holidays/day',
  operations: '/api/scbill/operate/list',
  orgFunctions: '/api/scbill/org-acct-function-endpoint',
  channelFunctions: '/api/permission/binding/channel/func',
  channelList: '/api/scbill/org/channel/list',
  channelCheckedDefault: '/api/scbill/org/channel/checked/default',
  channelDefault: '/api/scbill/org/channel/default',
  sandboxEntryLinks: '/api/sandbox/entry-links',
  sandboxNonPayment: '/api/sandbox/non-payment',
  sandboxSystemStatus: '/api/sandbox/system-status',
} as const;

// ---- SHCPE system status and business hours -------------------------------------------------------

/** SHCPE system states the platform relays; SS00 is the spec's default. */
export const SYSTEM_STATUS_NAME = {
  SS00: '系统正常',
  SS01: '日终处理中',
  SS02: '系统维护中',
  SS03: '暂停服务',
} as const;
export type SystemStatusCode = keyof typeof SYSTEM_STATUS_NAME;
export const SYSTEM_STATUS_CODES = Object.keys(SYSTEM_STATUS_NAME) as SystemStatusCode[];

// ---- Holidays -------------------------------------------------------------------------------------------

// ---- Operation log ------------------------------------------------------------------------------------

/** `agree`: a party pursued agrees to pay (同意清偿), which the holder then signs or rejects. */
export const OP_TYPE_NAME = {
  apply: '申请',
  sign: '签收',
  reject: '拒签',
  withdraw: '撤回',
  agree: '同意',
} as const;
export type OpType = keyof typeof OP_TYPE_NAME;
export const OP_TYPES = Object.keys(OP_TYPE_NAME) as OpType[];

export const OP_STATUS_NAME = { processing: '处理中', success: '成功', failed: '失败' } as const;
export type OpStatus = keyof typeof OP_STATUS_NAME;
export const OP_STATUSES = Object.keys(OP_STATUS_NAME) as OpStatus[];

/**
 * What each operation is called in the log, by business type and operation type. Only 追索 has an 同意清偿
 * (`agree`): the party pursued answers the holder's notice, and the holder signs or rejects that answer.
 */
export const OP_NAME: Record<BizType, Partial<Record<OpType, string>>> = {
  issue: { apply: '出票登记', sign: '提示收票签收', reject: '提示收票拒签', withdraw: '撤票' },
  accept: { apply: '提示承兑', sign: '承兑签收', reject: '承兑拒签', withdraw: '撤回提示承兑' },
  discount: { apply: '贴现申请', sign: '贴现签收', reject: '贴现拒签', withdraw: '撤回贴现申请' },
  trans: { apply: '背书转让申请', sign: '背书签收', reject: '背书拒签', withdraw: '撤回背书' },
  pledge: { apply: '质押申请', sign: '质押签收', reject: '质押拒签', withdraw: '撤回质押申请' },
  payment: { apply: '提示付款', sign: '付款', reject: '拒付', withdraw: '撤回提示付款' },
  recourse: {
    apply: '追索通知',
    agree: '同意清偿',
    sign: '追索清偿签收',
    reject: '驳回同意清偿',
    withdraw: '撤回追索通知',
  },
};

/** Sort orders the operation list accepts in `sort`. */
export const OPERATION_SORTS = ['createdAt,desc', 'createdAt,asc', 'amount,desc', 'amount,asc'] as const;

// ---- Organisation account functions -------------------------------------------------------------

export const FUNC_TYPE_NAME = { BILL: '票据业务', FINANCE: '融资服务', SIGN: '签约服务' } as const;
export type FuncType = keyof typeof FUNC_TYPE_NAME;
export const FUNC_TYPES = Object.keys(FUNC_TYPE_NAME) as FuncType[];

/** Every function an organisation account can open, in display order. */
export const ORG_FUNCTIONS = [
  { funcCode: 'BILL_ISSUE', funcName: '票据签发', funcType: 'BILL' },
  { funcCode: 'BILL_ACCEPT', funcName: '票据承兑', funcType: 'BILL' },
  { funcCode: 'BILL_ENDORSE', funcName: '背书转让', funcType: 'BILL' },
  { funcCode: 'BILL_DISCOUNT', funcName: '票据贴现', funcType: 'BILL' },
  { funcCode: 'BILL_PLEDGE', funcName: '票据质押', funcType: 'BILL' },
  { funcCode: 'BILL_PAY_PROMPT', funcName: '提示付款', funcType: 'BILL' },
  { funcCode: 'PLEDGE_FIN', funcName: '质押融资', funcType: 'FINANCE' },
  { funcCode: 'EASE_DISCOUNT', funcName: '轻松贴融资', funcType: 'FINANCE' },
  { funcCode: 'ORDER_FIN', funcName: '订单融资', funcType: 'FINANCE' },
  { funcCode: 'E_SIGN', funcName: '电子合同签署', funcType: 'SIGN' },
] as const satisfies ReadonlyArray<{ funcCode: string; funcName: string; funcType: FuncType }>;
export type FuncCode = (typeof ORG_FUNCTIONS)[number]['funcCode'];

/** How a function is opened: by `open-func`, or (electronic signing) with the e-sign account. */
export const FUNCTION_OPENED_WITH = { command: 'FUNCTION', esignAccount: 'ESIGN_ACCOUNT' } as const;
export type FunctionOpenedWith = (typeof FUNCTION_OPENED_WITH)[keyof typeof FUNCTION_OPENED_WITH];
export const FUNCTION_OPENED_WITHS = Object.values(FUNCTION_OPENED_WITH);

// ---- Organisation channels ------------------------------------------------------------------------

// ---- Sandbox: entry links and non-payment ------------------------------------------------------
