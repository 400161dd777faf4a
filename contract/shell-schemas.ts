import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import { literalUnion, type Assert, type Same } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import {
  FUNC_TYPES,
  OP_STATUSES,
  OP_TYPES,
  SYSTEM_STATUS_CODES,
  type ChannelFunc as ChannelFuncShape,
  type ChannelFuncQuery as ChannelFuncQueryShape,
  type CheckedDefaultChannel as CheckedDefaultChannelShape,
  type DefaultChannelQuery as DefaultChannelQueryShape,
  type EntryLink as EntryLinkShape,
  type EntryLinkRequest as EntryLinkRequestShape,
  type HolidayDay as HolidayDayShape,
  type HolidayQuery as HolidayQueryShape,
  type NonPaymentRequest as NonPaymentRequestShape,
  type NonPaymentResult as NonPaymentResultShape,
  type OpenFuncRequest as OpenFuncRequestShape,
  type OpenFuncResult as OpenFuncResultShape,
  type OperationItem as OperationItemShape,
  type OperationQuery as OperationQueryShape,
  type OperationTime as OperationTimeShape,
  type OrgChannel as OrgChannelShape,
  type OrgFunction as OrgFunctionShape,
  type OrgFunctionQuery as OrgFunctionQueryShape,
  type SystemStatus as SystemStatusShape,
  type SystemStatusRequest as SystemStatusRequestShape,
} from './shell';
import { BIZ_TYPES } from './statistics';

/** TypeBox schemas of the shapes in contract/shell.ts, for the server's routes. */

// ---- SHCPE system status and business hours -------------------------------------------------------

const SystemStatusCodeSchema = literalUnion(SYSTEM_STATUS_CODES);

export const SystemStatus = Type.Object({ status: SystemStatusCodeSchema, name: Type.String() });
export type SystemStatus = SystemStatusShape;
export type _CheckSystemStatus = Assert<Same<Static<typeof SystemStatus>, SystemStatusShape>>;

export const SystemStatusRequest = Type.Object({ status: SystemStatusCodeSchema });
export type SystemStatusRequest = SystemStatusRequestShape;
export type _CheckSystemStatusRequest = Assert<
  Same<Static<typeof SystemStatusRequest>, SystemStatusRequestShape>
>;

const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const OperationTime = Type.Object({
  name: Type.String(),
  start: ClockTime,
  end: ClockTime,
  businessDayEnd: ClockTime,
});
export type OperationTime = OperationTimeShape;
export type _CheckOperationTime = Assert<Same<Static<typeof OperationTime>, OperationTimeShape>>;

// ---- Holidays -------------------------------------------------------------------------------------------

export const HolidayQuery = Type.Object({
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});
export type HolidayQuery = HolidayQueryShape;
export type _CheckHolidayQuery = Assert<Same<Static<typeof HolidayQuery>, HolidayQueryShape>>;

export const HolidayDay = Type.Object({
  date: Type.String(),
  holiday: Type.Boolean(),
  workday: Type.Boolean(),
  name: Type.Optional(Type.String()),
});
export type HolidayDay = HolidayDayShape;
export type _CheckHolidayDay = Assert<Same<Static<typeof HolidayDay>, HolidayDayShape>>;

// ---- Operation log ------------------------------------------------------------------------------------

const BizTypeSchema = literalUnion(BIZ_TYPES);

export const OperationQuery = Type.Object({
  ...PageQuery.properties,
  bizType: Type.Optional(BizTypeSchema),
});
export type OperationQuery = OperationQueryShape;
export type _CheckOperationQuery = Assert<Same<Static<typeof OperationQuery>, OperationQueryShape>>;

export const OperationItem = Type.Object({
  id: Type.String(),
  bizId: Type.String(),
  bizType: BizTypeSchema,
  bizTypeName: Type.String(),
  opType: literalUnion(OP_TYPES),
  opName: Type.String(),
  billNo: Type.String({ pattern: '^\\d{30}$' }),
  subRange: Type.String(),
  amount: Type.String(),
  counterparty: Type.String(),
  status: literalUnion(OP_STATUSES),
  statusName: Type.String(),
  operatorName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OperationItem = OperationItemShape;
export type _CheckOperationItem = Assert<Same<Static<typeof OperationItem>, OperationItemShape>>;

// ---- Organisation account functions -------------------------------------------------------------

export const OrgFunctionQuery = Type.Object({ funcType: Type.Optional(literalUnion(FUNC_TYPES)) });
export type OrgFunctionQuery = OrgFunctionQueryShape;
export type _CheckOrgFunctionQuery = Assert<Same<Static<typeof OrgFunctionQuery>, OrgFunctionQueryShape>>;

export const OrgFunction = Type.Object({
  funcCode: Type.String(),
  funcName: Type.String(),
  opened: Type.Boolean(),
  openedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type OrgFunction = OrgFunctionShape;
export type _CheckOrgFunction = Assert<Same<Static<typeof OrgFunction>, OrgFunctionShape>>;

export const ChannelFuncQuery = Type.Object({
  channelId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type ChannelFuncQuery = ChannelFuncQueryShape;
export type _CheckChannelFuncQuery = Assert<Same<Static<typeof ChannelFuncQuery>, ChannelFuncQueryShape>>;

export const ChannelFunc = Type.Object({ funcCode: Type.String(), funcName: Type.String() });
export type ChannelFunc = ChannelFuncShape;
export type _CheckChannelFunc = Assert<Same<Static<typeof ChannelFunc>, ChannelFuncShape>>;

export const OpenFuncRequest = Type.Object({ funcCode: Type.String({ minLength: 1, maxLength: 64 }) });
export type OpenFuncRequest = OpenFuncRequestShape;
export type _CheckOpenFuncRequest = Assert<Same<Static<typeof OpenFuncRequest>, OpenFuncRequestShape>>;

export const OpenFuncResult = Type.Object({ funcCode: Type.String(), opened: Type.Literal(true) });
export type OpenFuncResult = OpenFuncResultShape;
export type _CheckOpenFuncResult = Assert<Same<Static<typeof OpenFuncResult>, OpenFuncResultShape>>;

// ---- Organisation channels ------------------------------------------------------------------------

export const OrgChannel = Type.Object({
  channelId: Type.String(),
  channelName: Type.String(),
  isDefault: Type.Boolean(),
});
export type OrgChannel = OrgChannelShape;
export type _CheckOrgChannel = Assert<Same<Static<typeof OrgChannel>, OrgChannelShape>>;

export const CheckedDefaultChannel = Type.Object({
  checked: Type.Boolean(),
  channelId: Type.Union([Type.String(), Type.Null()]),
});
export type CheckedDefaultChannel = CheckedDefaultChannelShape;
export type _CheckCheckedDefaultChannel = Assert<
  Same<Static<typeof CheckedDefaultChannel>, CheckedDefaultChannelShape>
>;

export const DefaultChannelQuery = Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }) });
export type DefaultChannelQuery = DefaultChannelQueryShape;
export type _CheckDefaultChannelQuery = Assert<
  Same<Static<typeof DefaultChannelQuery>, DefaultChannelQueryShape>
>;

// ---- Sandbox: entry links and non-payment ------------------------------------------------------

export const EntryLinkRequest = Type.Object({ mobile: Mobile });
export type EntryLinkRequest = EntryLinkRequestShape;
export type _CheckEntryLinkRequest = Assert<Same<Static<typeof EntryLinkRequest>, EntryLinkRequestShape>>;

export const EntryLink = Type.Object({ token: Type.String(), crToken: Type.String() });
export type EntryLink = EntryLinkShape;
export type _CheckEntryLink = Assert<Same<Static<typeof EntryLink>, EntryLinkShape>>;

export const NonPaymentRequest = Type.Object({ mobile: Mobile, show: Type.Boolean() });
export type NonPaymentRequest = NonPaymentRequestShape;
export type _CheckNonPaymentRequest = Assert<Same<Static<typeof NonPaymentRequest>, NonPaymentRequestShape>>;

export const NonPaymentResult = Type.Object({ sent: Type.Integer({ minimum: 0 }) });
export type NonPaymentResult = NonPaymentResultShape;
export type _CheckNonPaymentResult = Assert<Same<Static<typeof NonPaymentResult>, NonPaymentResultShape>>;
