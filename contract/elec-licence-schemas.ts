import { Type, type Static } from 'typebox';
import { ApplyRoleList } from './apply-record-schemas';
import { literalUnion } from './common-schemas';
import { LICENCE_BIZ_TYPES, LICENCE_QR_KINDS } from './elec-licence';

/**
 * The wire shapes of elec-licence.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

/** `POST .../biz-auth/qr-image/apply` body. */
export const BizAuthRequest = Type.Object({ bizType: literalUnion(LICENCE_BIZ_TYPES) });
export type BizAuthRequest = Static<typeof BizAuthRequest>;

/** `POST /api/apply-record/bind-auth|confirm-auth/qr-image/apply` body; `roles` is for confirm-auth. */
export const ApplyRecordQrRequest = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  roles: Type.Optional(ApplyRoleList),
});
export type ApplyRecordQrRequest = Static<typeof ApplyRecordQrRequest>;

/** Answer of every apply call (spec section 3: QR result). */
export const LicenceQrImage = Type.Object({
  /** Base64 JPEG without a `data:` prefix. */
  qrImage: Type.String(),
  qrId: Type.String(),
  /** Seconds until it expires. */
  expiresIn: Type.Number(),
});
export type LicenceQrImage = Static<typeof LicenceQrImage>;

/** Payload of both result events and of the status call: QR_STATUS 0 waiting, 1 confirmed, -1 failed. */
export const LicenceQrEvent = Type.Object({
  status: Type.Number(),
  msg: Type.String(),
  __qrcodeId: Type.String(),
  kind: literalUnion(LICENCE_QR_KINDS),
});
export type LicenceQrEvent = Static<typeof LicenceQrEvent>;

export const LicenceQrParams = Type.Object({
  qrId: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

/** `GET /api/organization/elec-license/state` (ours): the caller's organisation as authentication sees it. */
export const OrgLicenceState = Type.Object({
  orgName: Type.String(),
  creditCode: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
  /** Epoch ms of the last licence authentication, null before any. */
  licenceAuthAt: Type.Union([Type.Number(), Type.Null()]),
  /** Business types the licence holder authorised. */
  bizTypes: Type.Array(literalUnion(LICENCE_BIZ_TYPES)),
});
export type OrgLicenceState = Static<typeof OrgLicenceState>;
