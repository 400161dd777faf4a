import { Type, type Static } from 'typebox';
import { Mobile } from './auth';
import { PageQuery } from './envelope';
import { BIZ_TYPES, literalUnion, type BizType } from './statistics';

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

const SystemStatusCodeSchema = literalUnion(SYSTEM_STATUS_CODES);

/** `GET /api/scbill/shcpe/system/status` */
export const SystemStatus = Type.Object({ status: SystemStatusCodeSchema, name: Type.String() });
export type SystemStatus = Static<typeof SystemStatus>;

/** `PUT /api/sandbox/system-status` */
export const SystemStatusRequest = Type.Object({ status: SystemStatusCodeSchema });

const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** `GET /api/scbill/shcpe/operation-time`: one entry per kind of business (DOMAIN.md hours). */
export const OperationTime = Type.Object({
  name: Type.String(),
  start: ClockTime,
  end: ClockTime,
  businessDayEnd: ClockTime,
});
export type OperationTime = Static<typeof OperationTime>;

// ---- Holidays -------------------------------------------------------------------------------------------

export const HolidayQuery = Type.Object({
  /** YYYY-MM-DD; today in Asia/Shanghai when absent. */
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});

/** `GET /api/quote/holidays/day` */
export const HolidayDay = Type.Object({
  date: Type.String(),
  /** Not a working day: a statutory holiday or a weekend that is not a make-up working day. */
  holiday: Type.Boolean(),
  /** A working day, including make-up working days (调休上班). */
  workday: Type.Boolean(),
  /** The festival (国庆节), '<festival>调休' on a make-up working day, or 周末; absent on ordinary weekdays. */
  name: Type.Optional(Type.String()),
});
export type HolidayDay = Static<typeof HolidayDay>;

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

const BizTypeSchema = literalUnion(BIZ_TYPES);

/** `GET /api/scbill/operate/list?page&size&sort&bizType` */
export const OperationQuery = Type.Object({
  ...PageQuery.properties,
  bizType: Type.Optional(BizTypeSchema),
});

export const OperationItem = Type.Object({
  id: Type.String(),
  /** The business record (application) the operation belongs to. */
  bizId: Type.String(),
  bizType: BizTypeSchema,
  bizTypeName: Type.String(),
  opType: literalUnion(OP_TYPES),
  opName: Type.String(),
  /** The 30-digit package number. */
  billNo: Type.String({ pattern: '^\\d{30}$' }),
  /** '000000000001-000120000000' */
  subRange: Type.String(),
  /** Yuan, two decimals. */
  amount: Type.String(),
  counterparty: Type.String(),
  status: literalUnion(OP_STATUSES),
  statusName: Type.String(),
  operatorName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperationItem = Static<typeof OperationItem>;

// ---- Organisation account functions -------------------------------------------------------------

export const FUNC_TYPE_NAME = { BILL: '票据业务', FINANCE: '融资服务', SIGN: '签约服务' } as const;
export type FuncType = keyof typeof FUNC_TYPE_NAME;

/** Every function an organisation account can open, in display order. */
export const ORG_FUNCTIONS = [
  { funcCode: 'BILL_ISSUE', funcName: '票据签发', funcType: 'BILL' },
  { funcCode: 'BILL_ACCEPT', funcName: '票据承兑', funcType: 'BILL' },
  { funcCode: 'BILL_ENDORSE', funcName: '背书转让', funcType: 'BILL' },
  { funcCode: 'BILL_DISCOUNT', funcName: '票据贴现', funcType: 'BILL' },
  { funcCode: 'BILL_PLEDGE', funcName: '票据质押', funcType: 'BILL' },
  { funcCode: 'BILL_PAY_PROMPT', funcName: '提示付款', funcType: 'BILL' },
  { funcCode: 'PLEDGE_FIN', funcName: '质押融资', funcType: 'FINANCE' },
  { funcCode: 'EASE_DISCOUNT', funcName: '易贴现融资', funcType: 'FINANCE' },
  { funcCode: 'ORDER_FIN', funcName: '订单融资', funcType: 'FINANCE' },
  { funcCode: 'E_SIGN', funcName: '电子合同签署', funcType: 'SIGN' },
] as const satisfies ReadonlyArray<{ funcCode: string; funcName: string; funcType: FuncType }>;
export type FuncCode = (typeof ORG_FUNCTIONS)[number]['funcCode'];

export const OrgFunctionQuery = Type.Object({
  funcType: Type.Optional(literalUnion(Object.keys(FUNC_TYPE_NAME) as FuncType[])),
});

/** `GET /api/scbill/org-acct-function-endpoint` */
export const OrgFunction = Type.Object({
  funcCode: Type.String(),
  funcName: Type.String(),
  opened: Type.Boolean(),
  openedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type OrgFunction = Static<typeof OrgFunction>;

/** `GET /api/permission/binding/channel/func`; the organisation's default channel when absent. */
export const ChannelFuncQuery = Type.Object({
  channelId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export const ChannelFunc = Type.Object({ funcCode: Type.String(), funcName: Type.String() });
export type ChannelFunc = Static<typeof ChannelFunc>;

/** `POST /api/scbill/org-acct/open-func` (owner only; idempotent). */
export const OpenFuncRequest = Type.Object({ funcCode: Type.String({ minLength: 1, maxLength: 64 }) });
export const OpenFuncResult = Type.Object({ funcCode: Type.String(), opened: Type.Literal(true) });
export type OpenFuncResult = Static<typeof OpenFuncResult>;

// ---- Organisation channels ------------------------------------------------------------------------

/** `GET /api/scbill/org/channel/list` */
export const OrgChannel = Type.Object({
  channelId: Type.String(),
  channelName: Type.String(),
  isDefault: Type.Boolean(),
});
export type OrgChannel = Static<typeof OrgChannel>;

/** `GET /api/scbill/org/channel/checked/default` */
export const CheckedDefaultChannel = Type.Object({
  checked: Type.Boolean(),
  channelId: Type.Union([Type.String(), Type.Null()]),
});
export type CheckedDefaultChannel = Static<typeof CheckedDefaultChannel>;

/** `PUT /api/scbill/org/channel/default?channelId=…` */
export const DefaultChannelQuery = Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }) });

// ---- Sandbox: entry links and non-payment ------------------------------------------------------

/** `POST /api/sandbox/entry-links` */
export const EntryLinkRequest = Type.Object({ mobile: Mobile });
export const EntryLink = Type.Object({
  /** An access token of a new session (no refresh token) for the account's default organisation. */
  token: Type.String(),
  /** A one-time token for `POST /oauth/token` grant_type=cr_token. */
  crToken: Type.String(),
});
export type EntryLink = Static<typeof EntryLink>;

/** `POST /api/sandbox/non-payment` */
export const NonPaymentRequest = Type.Object({ mobile: Mobile, show: Type.Boolean() });
/** How many open tabs of that user the event reached. */
export const NonPaymentResult = Type.Object({ sent: Type.Integer({ minimum: 0 }) });
