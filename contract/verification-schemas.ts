import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import type { Assert, Same } from './common-schemas';
import { SMS_BUSINESS_CODE } from './constants';
import {
  BIZ_AUTH_TYPE,
  ELEC_LICENSE_STATUS,
  type BizAuthType as BizAuthTypeShape,
  type ElecLicenseStatus as ElecLicenseStatusShape,
  type OwnerAuthResult as OwnerAuthResultShape,
  type PasswordChangeBody as PasswordChangeBodyShape,
  type PasswordResetBody as PasswordResetBodyShape,
  type QrEvent as QrEventShape,
  type QrImage as QrImageShape,
  type RoleAuth as RoleAuthShape,
  type SandboxQr as SandboxQrShape,
  type SandboxSms as SandboxSmsShape,
  type SmsSendRequest as SmsSendRequestShape,
  type SmsSent as SmsSentShape,
} from './verification';

/** TypeBox schemas of the shapes in contract/verification.ts, for the server's routes. */

export const CHALLENGE_ID_PATTERN = '^[0-9a-f-]{36}$';
export const QR_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/** Body of a 406/412 verification answer; `code` is one of VERIFICATION_ERROR. */
export const VerificationRefusal = Type.Object({
  code: Type.String(),
  msg: Type.String(),
  challengeId: Type.Optional(Type.String()),
});

export const SmsSendRequest = Type.Object({
  captchaVerification: Type.String({ maxLength: 512 }),
  mobile: Mobile,
  businessCode: Type.Literal(SMS_BUSINESS_CODE),
  cId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SmsSendRequest = SmsSendRequestShape;
export type _CheckSmsSendRequest = Assert<
  Same<Static<typeof SmsSendRequest>, SmsSendRequestShape & { businessCode: typeof SMS_BUSINESS_CODE }>
>;

export const SmsSent = Type.Object({ expiresIn: Type.Number(), resendAfter: Type.Number() });
export type SmsSent = SmsSentShape;
export type _CheckSmsSent = Assert<Same<Static<typeof SmsSent>, SmsSentShape>>;

export const QrImageQuery = Type.Object({ challengeId: Type.String({ pattern: CHALLENGE_ID_PATTERN }) });

export const QrImage = Type.Object({ qrImage: Type.String(), qrId: Type.String(), expiresIn: Type.Number() });
export type QrImage = QrImageShape;
export type _CheckQrImage = Assert<Same<Static<typeof QrImage>, QrImageShape>>;

export const QrIdParams = Type.Object({ qrId: Type.String({ pattern: QR_ID_PATTERN }) });

export const QrEvent = Type.Object({
  status: Type.Number(),
  msg: Type.String(),
  __qrcodeId: Type.String(),
  signature: Type.Optional(Type.String()),
});
export type QrEvent = QrEventShape;
export type _CheckQrEvent = Assert<Same<Static<typeof QrEvent>, QrEventShape>>;

export const SandboxSmsQuery = Type.Object({ mobile: Type.Optional(Mobile) });

export const SandboxSms = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  text: Type.String(),
  businessCode: Type.Number(),
  createdAt: Type.Number(),
});
export type SandboxSms = SandboxSmsShape;
export type _CheckSandboxSms = Assert<Same<Static<typeof SandboxSms>, SandboxSmsShape>>;

export const SandboxQr = Type.Object({
  qrId: Type.String(),
  status: Type.Number(),
  operationName: Type.String(),
  userName: Type.String(),
  userMobile: Type.String(),
  orgName: Type.String(),
  createdAt: Type.Number(),
  expiresAt: Type.Number(),
  authItem: Type.Optional(Type.String()),
});
export type SandboxQr = SandboxQrShape;
export type _CheckSandboxQr = Assert<Same<Static<typeof SandboxQr>, SandboxQrShape>>;

export const BizAuthType = Type.Object({
  bizAuthType: Type.Union([Type.Literal(BIZ_AUTH_TYPE.license), Type.Literal(BIZ_AUTH_TYPE.bankTransfer)]),
});
export type BizAuthType = BizAuthTypeShape;
export type _CheckBizAuthType = Assert<Same<Static<typeof BizAuthType>, BizAuthTypeShape>>;

export const ElecLicenseStatus = Type.Object({
  bound: Type.Boolean(),
  status: Type.Union([Type.Literal(ELEC_LICENSE_STATUS.bound), Type.Literal(ELEC_LICENSE_STATUS.unbound)]),
});
export type ElecLicenseStatus = ElecLicenseStatusShape;
export type _CheckElecLicenseStatus = Assert<Same<Static<typeof ElecLicenseStatus>, ElecLicenseStatusShape>>;

export const RoleAuth = Type.Object({ owner: Type.Boolean(), roles: Type.Array(Type.String()) });
export type RoleAuth = RoleAuthShape;
export type _CheckRoleAuth = Assert<Same<Static<typeof RoleAuth>, RoleAuthShape>>;

export const OwnerAuthResult = Type.Object({ owner: Type.Boolean() });
export type OwnerAuthResult = OwnerAuthResultShape;
export type _CheckOwnerAuthResult = Assert<Same<Static<typeof OwnerAuthResult>, OwnerAuthResultShape>>;

export const PasswordResetBody = Type.Object({ mobile: Mobile, password: Type.String({ maxLength: 1024 }) });
export type PasswordResetBody = PasswordResetBodyShape;
export type _CheckPasswordResetBody = Assert<Same<Static<typeof PasswordResetBody>, PasswordResetBodyShape>>;

export const PasswordChangeBody = Type.Object({ password: Type.String({ maxLength: 1024 }) });
export type PasswordChangeBody = PasswordChangeBodyShape;
export type _CheckPasswordChangeBody = Assert<
  Same<Static<typeof PasswordChangeBody>, PasswordChangeBodyShape>
>;
