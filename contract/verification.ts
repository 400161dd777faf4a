/**
 * Secondary verification of sensitive operations (spec sections 4, 6, 7). A sensitive call without proof
 * answers 406 (SMS) or 412 (QR) with one of VERIFICATION_ERROR and a challengeId; the client obtains the
 * proof and replays the very same request (method, path, query, body) with the proof headers.
 *
 * Plain values only: the SPA imports this file at run time; the shapes are declared in verification-schemas.ts.
 */

/** The paths of the verification calls and the sandbox's licence app (patterns: contract/paths.ts). */
export const VERIFICATION_URL = {
  sms: '/api/sms',
  qr: '/api/verification/qr',
  qrStatus: '/api/verification/qr/:qrId/status',
  bizAuthType: '/api/organization/product-channel/biz-auth/type',
  elecLicenceStatus: '/api/apply-record/account/elec-license/status',
  roleAuth: '/api/role/auth',
  ownerAuth: '/api/account/owner/auth',
  sandboxSms: '/api/sandbox/sms',
  sandboxQrList: '/api/sandbox/qr',
  sandboxQr: '/api/sandbox/qr/:qrId',
  sandboxQrConfirm: '/api/sandbox/qr/:qrId/confirm',
  sandboxQrRefuse: '/api/sandbox/qr/:qrId/refuse',
} as const;

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
  licenceUnbound: 'ELEC_LICENSE_UNBOUND',
} as const;
export type VerificationErrorCode = (typeof VERIFICATION_ERROR)[keyof typeof VERIFICATION_ERROR];

export const VERIFICATION_MESSAGE = {
  smsRequired: '该操作需要短信验证',
  smsCodeInvalid: '验证码错误或已失效',
  qrRequired: '该操作需要扫码验证',
  qrInvalid: '扫码验证无效或已过期',
  licenceUnbound: '企业电子营业执照未绑定，无法完成安全验证',
} as const;

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

/** `GET /api/organization/product-channel/biz-auth/type` (the SPA falls back to NO_PERMISSIONS on failure). */
export const BIZ_AUTH_TYPE = { licence: 'LICENSE', bankTransfer: 'BANKTRANSFER' } as const;
export type BizAuthTypeValue = (typeof BIZ_AUTH_TYPE)[keyof typeof BIZ_AUTH_TYPE];

/** `GET /api/apply-record/account/elec-license/status` */
export const ELEC_LICENSE_STATUS = { bound: 'BOUND', unbound: 'UNBOUND' } as const;

/** `GET /api/role/auth`: the caller's role in the current organisation. */
export const ROLE = { admin: 'ADMIN', staff: 'STAFF' } as const;
