/**
 * Secondary verification of sensitive operations (spec sections 4, 6, 7). A sensitive call without proof
 * answers 406 (SMS) or 412 (QR) with one of VERIFICATION_ERROR and a challengeId; the client obtains the
 * proof and replays the very same request (method, path, query, body) with the proof headers.
 *
 * Plain values and types only: the SPA imports this file at run time. The server's TypeBox schemas of
 * these shapes are in verification-schemas.ts.
 */

/** Headers of a verified replay (spec section 7). */
export const VERIFICATION_HEADER = {
  smsCode: 'Verify-Code',
  qrId: 'QR-ID',
  qrSignature: 'signature',
  /** Sent by the client on every attempt of one operation; the same key on the replay. */
  idempotencyKey: 'Idempotency-Key',
} as const;

/** HTTP status of a refusal that the client answers with a dialog. */
export const VERIFICATION_HTTP_STATUS = { sms: 406, qr: 412 } as const;

/**
 * `code` of the answers above. The SPA opens a dialog only on these; any other 406/412 body
 * (a proxy, another error) follows the error catalogue.
 */
export const VERIFICATION_ERROR = {
  /** 406: the operation needs an SMS code; `challengeId` names it. */
  smsRequired: 'SMS_VERIFICATION_REQUIRED',
  /** 406: Verify-Code wrong, used, expired, superseded or for another operation; `challengeId` to retry. */
  smsCodeInvalid: 'SMS_CODE_INVALID',
  /** 412: the operation needs a QR confirmation by the e-licence holder; `challengeId` names it. */
  qrRequired: 'QR_VERIFICATION_REQUIRED',
  /** 412: QR-ID/signature unknown, pending, refused, expired, used or for another operation; `challengeId` to retry. */
  qrInvalid: 'QR_VERIFICATION_INVALID',
  /** 412 without challengeId: the organisation's electronic business licence is not bound (spec section 6). */
  licenseUnbound: 'ELEC_LICENSE_UNBOUND',
} as const;
export type VerificationErrorCode = (typeof VERIFICATION_ERROR)[keyof typeof VERIFICATION_ERROR];

export const VERIFICATION_MESSAGE = {
  smsRequired: '该操作需要短信验证',
  smsCodeInvalid: '验证码错误或已失效',
  qrRequired: '该操作需要扫码验证',
  qrInvalid: '扫码验证无效或已过期',
  licenseUnbound: '企业电子营业执照未绑定，无法完成安全验证',
} as const;

/** Body of a 406/412 verification answer. */
export interface VerificationRefusal {
  code: VerificationErrorCode;
  msg: string;
  /** Absent only with ELEC_LICENSE_UNBOUND. */
  challengeId?: string;
}

/** QR verification status in QRCODE_EVENT and the QR status call (spec: 0 initial, constants 1 and -1). */
export const QR_STATUS = { initial: 0, success: 1, failure: -1 } as const;
export type QrStatus = (typeof QR_STATUS)[keyof typeof QR_STATUS];

/** `msg` of QRCODE_EVENT. */
export const QR_EVENT_MESSAGE = {
  pending: '等待扫码确认',
  confirmed: '验证成功',
  refused: '已拒绝授权',
  expired: '二维码已过期',
} as const;

/** An SMS code is valid this long after it is sent (s). */
export const SMS_CODE_TTL_SECONDS = 300;
/** A QR session must be confirmed and replayed within this long of its issue (s). */
export const QR_SESSION_TTL_SECONDS = 120;

/** Where the QR code points: the sandbox licence app page of the SPA, `<origin>/#/sandbox/qr/<qrId>`. */
export const SANDBOX_QR_HASH_PATH = '/sandbox/qr/';

/** `POST /api/sms` body (spec section 3, secondary verification payload). businessCode is SMS_BUSINESS_CODE. */
export interface SmsSendRequest {
  /** A passed slider puzzle fetched with scene 'sms'. */
  captchaVerification: string;
  mobile: string;
  businessCode: number;
  cId?: string;
}

/** `POST /api/sms` data: the same whether or not a message was sent (registered or not). */
export interface SmsSent {
  /** Seconds the code stays valid. */
  expiresIn: number;
  /** Seconds before the next send is possible (the spec's resend countdown). */
  resendAfter: number;
}

/** `GET /api/verification/qr?challengeId=…` data (spec section 3: QR result). */
export interface QrImage {
  /** Base64 JPEG, without a `data:` prefix. */
  qrImage: string;
  qrId: string;
  /** Seconds until the QR session expires. */
  expiresIn: number;
}

/** Payload of QRCODE_EVENT, and the data of `GET /api/verification/qr/{qrId}/status` (polling fallback). */
export interface QrEvent {
  status: number;
  msg: string;
  __qrcodeId: string;
  /** Present only with status 1: send it back as the `signature` header together with `QR-ID`. */
  signature?: string;
}

/** `GET /api/sandbox/sms?mobile=…`: the sandbox outbox, newest first. */
export interface SandboxSms {
  id: string;
  mobile: string;
  text: string;
  businessCode: number;
  /** Epoch ms. */
  createdAt: number;
}

/** `GET /api/sandbox/qr/{qrId}`, `GET /api/sandbox/qr` (pending ones): what the licence app shows. */
export interface SandboxQr {
  qrId: string;
  /** QR_STATUS: 0 waiting, 1 confirmed, -1 refused, expired or replaced. */
  status: number;
  /** Chinese name of the operation being authorised. */
  operationName: string;
  userName: string;
  /** Masked, e.g. 138****0001. */
  userMobile: string;
  orgName: string;
  /** Epoch ms. */
  createdAt: number;
  expiresAt: number;
  /** The authorisation item the licence holder grants (spec section 2); e-licence authentications only. */
  authItem?: string;
}

/** `GET /api/organization/product-channel/biz-auth/type` (the SPA falls back to NO_PERMISSIONS on failure). */
export const BIZ_AUTH_TYPE = { license: 'LICENSE', bankTransfer: 'BANKTRANSFER' } as const;
export type BizAuthTypeValue = (typeof BIZ_AUTH_TYPE)[keyof typeof BIZ_AUTH_TYPE];
export interface BizAuthType {
  bizAuthType: BizAuthTypeValue;
}

/** `GET /api/apply-record/account/elec-license/status` */
export const ELEC_LICENSE_STATUS = { bound: 'BOUND', unbound: 'UNBOUND' } as const;
export interface ElecLicenseStatus {
  bound: boolean;
  status: (typeof ELEC_LICENSE_STATUS)[keyof typeof ELEC_LICENSE_STATUS];
}

/** `GET /api/role/auth`: the caller's role in the current organisation. */
export const ROLE = { admin: 'ADMIN', staff: 'STAFF' } as const;
export interface RoleAuth {
  owner: boolean;
  /** ['ADMIN'] for the owner, ['STAFF'] for another member, [] without an organisation. */
  roles: string[];
}

/** `POST /api/account/owner/auth` data, after the QR confirmation. */
export interface OwnerAuthResult {
  owner: boolean;
}

/**
 * `POST /api/user/password/reset` body (Basic client credential; SMS-verified with `mobile` as the subject).
 * password: base64 RSA ciphertext of the new password, as at sign-in.
 */
export interface PasswordResetBody {
  mobile: string;
  password: string;
}

/** `POST /api/user/password/change` body (signed in; SMS-verified): ends every other session of the user. */
export interface PasswordChangeBody {
  password: string;
}
