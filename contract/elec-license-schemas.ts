import { Type, type Static } from 'typebox';
import { ApplyRoleList } from './apply-record-schemas';
import { literalUnion, type Assert, type Same } from './common-schemas';
import {
  LICENCE_BIZ_TYPES,
  LICENCE_QR_KINDS,
  type ApplyRecordQrRequest as ApplyRecordQrRequestShape,
  type BizAuthRequest as BizAuthRequestShape,
  type LicenceQrEvent as LicenceQrEventShape,
  type LicenceQrImage as LicenceQrImageShape,
  type OrgLicenceState as OrgLicenceStateShape,
} from './elec-license';

/** TypeBox schemas of the shapes in contract/elec-license.ts, for the server's routes. */

export const BizAuthRequest = Type.Object({ bizType: literalUnion(LICENCE_BIZ_TYPES) });
export type BizAuthRequest = BizAuthRequestShape;
export type _CheckBizAuthRequest = Assert<Same<Static<typeof BizAuthRequest>, BizAuthRequestShape>>;

export const ApplyRecordQrRequest = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  roles: Type.Optional(ApplyRoleList),
});
export type ApplyRecordQrRequest = ApplyRecordQrRequestShape;
export type _CheckApplyRecordQrRequest = Assert<
  Same<Static<typeof ApplyRecordQrRequest>, ApplyRecordQrRequestShape>
>;

export const LicenceQrImage = Type.Object({
  qrImage: Type.String(),
  qrId: Type.String(),
  expiresIn: Type.Number(),
});
export type LicenceQrImage = LicenceQrImageShape;
export type _CheckLicenceQrImage = Assert<Same<Static<typeof LicenceQrImage>, LicenceQrImageShape>>;

export const LicenceQrEvent = Type.Object({
  status: Type.Number(),
  msg: Type.String(),
  __qrcodeId: Type.String(),
  kind: literalUnion(LICENCE_QR_KINDS),
});
export type LicenceQrEvent = LicenceQrEventShape;
export type _CheckLicenceQrEvent = Assert<Same<Static<typeof LicenceQrEvent>, LicenceQrEventShape>>;

export const LicenceQrParams = Type.Object({
  qrId: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

export const OrgLicenceState = Type.Object({
  orgName: Type.String(),
  creditCode: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
  licenceAuthAt: Type.Union([Type.Number(), Type.Null()]),
  bizTypes: Type.Array(literalUnion(LICENCE_BIZ_TYPES)),
});
export type OrgLicenceState = OrgLicenceStateShape;
export type _CheckOrgLicenceState = Assert<Same<Static<typeof OrgLicenceState>, OrgLicenceStateShape>>;
