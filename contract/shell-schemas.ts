import { Type, type Static } from 'typebox';
import { DayEndRun } from './day-end-schemas';
import { Mobile } from './auth-schemas';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import { LICENCE_BIZ_TYPES } from './elec-licence';
import { PREREQUISITE } from './organization';
import {
  FUNC_TYPES,
  FUNCTION_OPENED_WITHS,
  ORG_FUNCTIONS,
  OP_STATUSES,
  OP_TYPES,
  SYSTEM_STATUS_CODES,
} from './shell';
import { BIZ_TYPES } from './statistics';

/**
 * The wire shapes of shell.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

// ---- SHCPE system status and business hours -------------------------------------------------------

const SystemStatusCodeSchema = literalUnion(SYSTEM_STATUS_CODES);

/** `GET /api/scbill/shcpe/system/status` */
export const SystemStatus = Type.Object({
  status: SystemStatusCodeSchema,
  name: Type.String(),
  /**
   * Years a bill issued today can reach whose holidays nobody has published to the platform yet: business
   * days there are the weekdays alone until the State Council's notice is loaded (docs/domain.md).
   */
  unpublishedHolidayYears: Type.Array(Type.Integer()),
  /** The latest business day's close as run (its steps and how far each got); null before the first. */
  dayEnd: Type.Union([DayEndRun, Type.Null()]),
});
export type SystemStatus = Static<typeof SystemStatus>;

/** `PUT /api/sandbox/system-status` */
export const SystemStatusRequest = Type.Object({ status: SystemStatusCodeSchema });
export type SystemStatusRequest = Static<typeof SystemStatusRequest>;

const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** `GET /api/scbill/shcpe/operation-time`: one entry per kind of business (hours in docs/domain.md). */
export const OperationTime = Type.Object({
  name: Type.String(),
  /** HH:mm */
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
export type HolidayQuery = Static<typeof HolidayQuery>;

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

const BizTypeSchema = literalUnion(BIZ_TYPES);

/** `GET /api/scbill/operate/list?page&size&sort&bizType` */
export const OperationQuery = Type.Object({
  ...PageQuery.properties,
  bizType: Type.Optional(BizTypeSchema),
});
export type OperationQuery = Static<typeof OperationQuery>;

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
  /** ISO 8601 (UTC). */
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperationItem = Static<typeof OperationItem>;

// ---- Organisation account functions -------------------------------------------------------------

export const OrgFunctionQuery = Type.Object({ funcType: Type.Optional(literalUnion(FUNC_TYPES)) });
export type OrgFunctionQuery = Static<typeof OrgFunctionQuery>;

/**
 * `GET /api/scbill/org-acct-function-endpoint`: one function as the organisation stands, the one answer to
 * "may it do this" that the dashboard, the menu and the company centre show.
 */
export const OrgFunction = Type.Object({
  funcCode: literalUnion(ORG_FUNCTIONS.map((f) => f.funcCode)),
  funcName: Type.String(),
  funcType: literalUnion(FUNC_TYPES),
  opened: Type.Boolean(),
  /** ISO 8601 (UTC). */
  openedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** Built on this platform; false: 即将上线, it cannot be opened yet. */
  available: Type.Boolean(),
  /** The organisation's default channel offers it. */
  offered: Type.Boolean(),
  /** What opening it still needs, in checklist order; empty once opened or when it can be opened now. */
  missing: Type.Array(literalUnion(Object.values(PREREQUISITE))),
  /** How it is opened: by `open-func`, or (electronic signing) with the e-sign account. */
  openedWith: literalUnion(FUNCTION_OPENED_WITHS),
  /** The business the licence holder authorises for it (业务授权), where one applies. */
  licenceBusiness: Type.Union([literalUnion(LICENCE_BIZ_TYPES), Type.Null()]),
});
export type OrgFunction = Static<typeof OrgFunction>;

/** `GET /api/permission/binding/channel/func`; the organisation's default channel when absent. */
export const ChannelFuncQuery = Type.Object({
  channelId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type ChannelFuncQuery = Static<typeof ChannelFuncQuery>;

export const ChannelFunc = Type.Object({ funcCode: Type.String(), funcName: Type.String() });
export type ChannelFunc = Static<typeof ChannelFunc>;

/** `POST /api/scbill/org-acct/open-func` (owner only; idempotent). */
export const OpenFuncRequest = Type.Object({ funcCode: Type.String({ minLength: 1, maxLength: 64 }) });
export type OpenFuncRequest = Static<typeof OpenFuncRequest>;

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
export type DefaultChannelQuery = Static<typeof DefaultChannelQuery>;

// ---- Sandbox: entry links and non-payment ------------------------------------------------------

/** `POST /api/sandbox/entry-links` */
export const EntryLinkRequest = Type.Object({ mobile: Mobile });
export type EntryLinkRequest = Static<typeof EntryLinkRequest>;

export const EntryLink = Type.Object({
  /** An access token of a new session (no refresh token) for the account's default organisation. */
  token: Type.String(),
  /** A one-time token for `POST /oauth/token` grant_type=cr_token. */
  crToken: Type.String(),
});
export type EntryLink = Static<typeof EntryLink>;

/** `POST /api/sandbox/non-payment` */
export const NonPaymentRequest = Type.Object({ mobile: Mobile, show: Type.Boolean() });
export type NonPaymentRequest = Static<typeof NonPaymentRequest>;

export const NonPaymentResult = Type.Object({
  /**
   * How many open tabs of that user the answering server node holds (with several nodes, tabs on the others
   * get the event too, uncounted): lets a sandbox script wait until a tab is listening.
   */
  sent: Type.Integer({ minimum: 0 }),
});
export type NonPaymentResult = Static<typeof NonPaymentResult>;
