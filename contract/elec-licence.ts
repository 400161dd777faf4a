/**
 * E-licence (电子营业执照) QR authentication of the company centre (spec sections 2, 3, 4 and 7): the server
 * issues a QR code valid for QR_VALIDITY (9 minutes); the licence holder confirms or refuses it in the
 * licence app; the SPA hears the result as EVENT_ORG_SIGN_THIRD_AUTH_RESULT (the organisation's own
 * authentication) or EVENT_WYR_LEGAL_PERSON_AUTH_RESULT (the legal person authorising an applicant), and
 * polls the status call while its socket is down.
 *
 * Plain values only: the SPA imports this file at run time; the shapes are declared in elec-licence-schemas.ts.
 */

/** What a QR session authorises; each kind has its own apply call. */
export const LICENCE_QR_KIND = {
  /** The organisation is authenticated and its licence bound. */
  orgAuth: 'ORG_AUTH',
  /** The licence holder authorises the caller anew as the organisation's licence operator. */
  changeAuth: 'CHANGE_AUTH',
  /** The licence holder authorises one business for the organisation. */
  bizAuth: 'BIZ_AUTH',
  /** The applicant of a waiting apply record is authorised by the licence holder (becomes an administrator). */
  bindAuth: 'BIND_AUTH',
  /** An administrator's authorisation of a waiting apply record, confirmed by the licence holder. */
  confirmAuth: 'CONFIRM_AUTH',
} as const;
export type LicenceQrKind = (typeof LICENCE_QR_KIND)[keyof typeof LICENCE_QR_KIND];
export const LICENCE_QR_KINDS: LicenceQrKind[] = Object.values(LICENCE_QR_KIND);

/** The authorisation item an agent must hold (spec section 2), shown in the licence app. */
export const LICENCE_AUTH_ITEM = '电子商务-互联网认证服务-统一身份认证';

/** The licence usage instructions (spec section 2: an external government site, opened in a new tab). */
export const LICENCE_GUIDE_URL = 'https://zzlz.gsxt.gov.cn/';

export const ELEC_LICENCE_URL = {
  orgAuth: '/api/organization/elec-license/org-auth/qr-image/apply',
  changeAuth: '/api/organization/elec-license/change-auth/qr-image/apply',
  bizAuth: '/api/organization/elec-license/biz-auth/qr-image/apply',
  bindAuth: '/api/apply-record/bind-auth/qr-image/apply',
  confirmAuth: '/api/apply-record/confirm-auth/qr-image/apply',
  status: '/api/organization/elec-license/qr-image/:qrId/status',
  state: '/api/organization/elec-license/state',
} as const;

/** Business types a licence holder can authorise (biz-auth). */
export const LICENCE_BIZ_TYPE = {
  scbill: 'SCBILL',
  pledgeFinancing: 'PLEDGE_FIN',
  econtract: 'ECONTRACT',
} as const;
export type LicenceBizType = (typeof LICENCE_BIZ_TYPE)[keyof typeof LICENCE_BIZ_TYPE];
export const LICENCE_BIZ_TYPES: LicenceBizType[] = Object.values(LICENCE_BIZ_TYPE);

export const LICENCE_QR_MESSAGE = {
  pending: '等待扫码确认',
  confirmed: '认证成功',
  refused: '电子营业执照持有人已拒绝授权',
  expired: '二维码已过期',
  recordDecided: '该申请已处理，授权未生效',
} as const;
