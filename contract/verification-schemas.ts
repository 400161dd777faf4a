import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import { SMS_BUSINESS_CODE } from './constants';
import { BIZ_AUTH_TYPE, ELEC_LICENSE_STATUS, type VerificationErrorCode } from './verification';

/**
 * The wire shapes of verification.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

export const CHALLENGE_ID_PATTERN = '^[0-9a-f-]{36}$';
export const QR_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/** Body of a 406/412 verification answer; `code` is one of VERIFICATION_ERROR. */
export const VerificationRefusal = Type.Object({
  code: Type.Unsafe<VerificationErrorCode>(Type.String()),
  msg: Type.String(),
  /** Absent only with ELEC_LICENSE_UNBOUND. */
  challengeId: Type.Optional(Type.String()),
});
export type VerificationRefusal = Static<typeof VerificationRefusal>;

/** `POST /api/sms` body (spec section 3, secondary verification payload). */
export const SmsSendRequest = Type.Object({
  /** A passed slider puzzle fetched with scene 'sms'. */
  captchaVerification: Type.String({ maxLength: 512 }),
  mobile: Mobile,
  businessCode: Type.Literal(SMS_BUSINESS_CODE),
  cId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SmsSendRequest = Static<typeof SmsSendRequest>;

/** `POST /api/sms` data: the same whether or not a message was sent (registered or not). */
export const SmsSent = Type.Object({
  /** Seconds the code stays valid. */
  expiresIn: Type.Number(),
  /** Seconds before the next send is possible (the spec's resend countdown). */
  resendAfter: Type.Number(),
});
export type SmsSent = Static<typeof SmsSent>;

export const QrImageQuery = Type.Object({ challengeId: Type.String({ pattern: CHALLENGE_ID_PATTERN }) });

/** `GET /api/verification/qr?challengeId=…` data (spec section 3: QR result). */
export const QrImage = Type.Object({
  /** Base64 JPEG, without a `data:` prefix. */
  qrImage: Type.String(),
  qrId: Type.String(),
  /** Seconds until the QR session expires. */
  expiresIn: Type.Number(),
});
export type QrImage = Static<typeof QrImage>;

export const QrIdParams = Type.Object({ qrId: Type.String({ pattern: QR_ID_PATTERN }) });

/** Payload of QRCODE_EVENT, and the data of `GET /api/verification/qr/{qrId}/status` (polling fallback). */
export const QrEvent = Type.Object({
  status: Type.Number(),
  msg: Type.String(),
  __qrcodeId: Type.String(),
  /** Present only with status 1: send it back as the `signature` header together with `QR-ID`. */
  signature: Type.Optional(Type.String()),
});
export type QrEvent = Static<typeof QrEvent>;

export const SandboxSmsQuery = Type.Object({ mobile: Type.Optional(Mobile) });

/** `GET /api/sandbox/sms?mobile=…`: the sandbox outbox, newest first. */
export const SandboxSms = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  text: Type.String(),
  businessCode: Type.Number(),
  /** Epoch ms. */
  createdAt: Type.Number(),
});
export type SandboxSms = Static<typeof SandboxSms>;

/** `GET /api/sandbox/qr/{qrId}`, `GET /api/sandbox/qr` (pending ones): what the licence app shows. */
export const SandboxQr = Type.Object({
  qrId: Type.String(),
  /** QR_STATUS: 0 waiting, 1 confirmed, -1 refused, expired or replaced. */
  status: Type.Number(),
  /** Chinese name of the operation being authorised. */
  operationName: Type.String(),
  userName: Type.String(),
  /** Masked, e.g. 138****0001. */
  userMobile: Type.String(),
  orgName: Type.String(),
  /** Epoch ms. */
  createdAt: Type.Number(),
  expiresAt: Type.Number(),
  /** The authorisation item the licence holder grants (spec section 2); e-licence authentications only. */
  authItem: Type.Optional(Type.String()),
});
export type SandboxQr = Static<typeof SandboxQr>;

export const BizAuthType = Type.Object({
  bizAuthType: Type.Union([Type.Literal(BIZ_AUTH_TYPE.licence), Type.Literal(BIZ_AUTH_TYPE.bankTransfer)]),
});
export type BizAuthType = Static<typeof BizAuthType>;

export const ElecLicenceStatus = Type.Object({
  bound: Type.Boolean(),
  status: Type.Union([Type.Literal(ELEC_LICENSE_STATUS.bound), Type.Literal(ELEC_LICENSE_STATUS.unbound)]),
});
export type ElecLicenceStatus = Static<typeof ElecLicenceStatus>;

export const RoleAuth = Type.Object({
  owner: Type.Boolean(),
  /** ['ADMIN'] for the owner, ['STAFF'] for another member, [] without an organisation. */
  roles: Type.Array(Type.String()),
});
export type RoleAuth = Static<typeof RoleAuth>;

/** `POST /api/account/owner/auth` data, after the QR confirmation. */
export const OwnerAuthResult = Type.Object({ owner: Type.Boolean() });
export type OwnerAuthResult = Static<typeof OwnerAuthResult>;

/**
 * `POST /api/user/password/reset` body (Basic client credential; SMS-verified with `mobile` as the subject).
 * password: base64 RSA ciphertext of the new password, as at sign-in.
 */
export const PasswordResetBody = Type.Object({ mobile: Mobile, password: Type.String({ maxLength: 1024 }) });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** `POST /api/user/password/change` body (signed in; SMS-verified): ends every other session of the user. */
export const PasswordChangeBody = Type.Object({ password: Type.String({ maxLength: 1024 }) });
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;
