import type { PageQuery } from './envelope';
import type { BizType } from './statistics';

/**
 * What the signed-in shell and the dashboard show beside the bills: SHCPE system status and business
 * hours, holidays, the operation log, the organisation's functions and channels, and the sandbox's entry
 * links and non-payment switch. Plain values and types only: the SPA imports this file at run time; the
 * TypeBox schemas are in shell-schemas.ts.
 */

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

/** `GET /api/scbill/shcpe/system/status` */
export interface SystemStatus {
  status: SystemStatusCode;
  name: string;
}

/** `PUT /api/sandbox/system-status` */
export interface SystemStatusRequest {
  status: SystemStatusCode;
}

/** `GET /api/scbill/shcpe/operation-time`: one entry per kind of business (hours in docs/domain.md). */
export interface OperationTime {
  name: string;
  /** HH:mm */
  start: string;
  end: string;
  businessDayEnd: string;
}

// ---- Holidays -------------------------------------------------------------------------------------------

export interface HolidayQuery {
  /** YYYY-MM-DD; today in Asia/Shanghai when absent. */
  date?: string;
}

/** `GET /api/quote/holidays/day` */
export interface HolidayDay {
  date: string;
  /** Not a working day: a statutory holiday or a weekend that is not a make-up working day. */
  holiday: boolean;
  /** A working day, including make-up working days (调休上班). */
  workday: boolean;
  /** The festival (国庆节), '<festival>调休' on a make-up working day, or 周末; absent on ordinary weekdays. */
  name?: string;
}

// ---- Operation log ------------------------------------------------------------------------------------

export const OP_TYPE_NAME = { apply: '申请', sign: '签收', reject: '拒签', withdraw: '撤回' } as const;
export type OpType = keyof typeof OP_TYPE_NAME;
export const OP_TYPES = Object.keys(OP_TYPE_NAME) as OpType[];

export const OP_STATUS_NAME = { processing: '处理中', success: '成功', failed: '失败' } as const;
export type OpStatus = keyof typeof OP_STATUS_NAME;
export const OP_STATUSES = Object.keys(OP_STATUS_NAME) as OpStatus[];

/** What each operation is called in the log, by business type and operation type. */
export const OP_NAME: Record<BizType, Record<OpType, string>> = {
  issue: { apply: '出票登记', sign: '提示收票签收', reject: '提示收票拒签', withdraw: '撤票' },
  accept: { apply: '提示承兑', sign: '承兑签收', reject: '承兑拒签', withdraw: '撤回提示承兑' },
  discount: { apply: '贴现申请', sign: '贴现签收', reject: '贴现拒签', withdraw: '撤回贴现申请' },
  trans: { apply: '背书转让申请', sign: '背书签收', reject: '背书拒签', withdraw: '撤回背书' },
  pledge: { apply: '质押申请', sign: '质押签收', reject: '质押拒签', withdraw: '撤回质押申请' },
};

/** Sort orders the operation list accepts in `sort`. */
export const OPERATION_SORTS = ['createdAt,desc', 'createdAt,asc', 'amount,desc', 'amount,asc'] as const;

/** `GET /api/scbill/operate/list?page&size&sort&bizType` */
export interface OperationQuery extends PageQuery {
  bizType?: BizType;
}

export interface OperationItem {
  id: string;
  /** The business record (application) the operation belongs to. */
  bizId: string;
  bizType: BizType;
  bizTypeName: string;
  opType: OpType;
  opName: string;
  /** The 30-digit package number. */
  billNo: string;
  /** '000000000001-000120000000' */
  subRange: string;
  /** Yuan, two decimals. */
  amount: string;
  counterparty: string;
  status: OpStatus;
  statusName: string;
  operatorName: string;
  /** ISO 8601 (UTC). */
  createdAt: string;
}

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

export interface OrgFunctionQuery {
  funcType?: FuncType;
}

/** `GET /api/scbill/org-acct-function-endpoint` */
export interface OrgFunction {
  funcCode: string;
  funcName: string;
  opened: boolean;
  /** ISO 8601 (UTC). */
  openedAt?: string;
}

/** `GET /api/permission/binding/channel/func`; the organisation's default channel when absent. */
export interface ChannelFuncQuery {
  channelId?: string;
}
export interface ChannelFunc {
  funcCode: string;
  funcName: string;
}

/** `POST /api/scbill/org-acct/open-func` (owner only; idempotent). */
export interface OpenFuncRequest {
  funcCode: string;
}
export interface OpenFuncResult {
  funcCode: string;
  opened: true;
}

// ---- Organisation channels ------------------------------------------------------------------------

/** `GET /api/scbill/org/channel/list` */
export interface OrgChannel {
  channelId: string;
  channelName: string;
  isDefault: boolean;
}

/** `GET /api/scbill/org/channel/checked/default` */
export interface CheckedDefaultChannel {
  checked: boolean;
  channelId: string | null;
}

/** `PUT /api/scbill/org/channel/default?channelId=…` */
export interface DefaultChannelQuery {
  channelId: string;
}

// ---- Sandbox: entry links and non-payment ------------------------------------------------------

/** `POST /api/sandbox/entry-links` */
export interface EntryLinkRequest {
  mobile: string;
}
export interface EntryLink {
  /** An access token of a new session (no refresh token) for the account's default organisation. */
  token: string;
  /** A one-time token for `POST /oauth/token` grant_type=cr_token. */
  crToken: string;
}

/** `POST /api/sandbox/non-payment` */
export interface NonPaymentRequest {
  mobile: string;
  show: boolean;
}
export interface NonPaymentResult {
  /**
   * How many open tabs of that user the answering server node holds (with several nodes, tabs on the others
   * get the event too, uncounted): lets a sandbox script wait until a tab is listening.
   */
  sent: number;
}
