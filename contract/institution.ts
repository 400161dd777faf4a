/**
 * Financial institutions on the platform (docs/domain.md, financial institutions): the licensed banks bills
 * are discounted with and pledged to. An institution is an organisation of its own kind; its side of every
 * act runs through the institution adapter, never through signed-in staff.
 */

/** What an organisation is: an enterprise with staff on the platform, or a financial institution. */
export const ORG_KIND = { enterprise: 'enterprise', institution: 'institution' } as const;
export type OrgKind = (typeof ORG_KIND)[keyof typeof ORG_KIND];

export const INSTITUTION_URL = {
  /** `GET`: the institutions, for the discount, pledge and financing forms. */
  list: '/api/scbill/basic-data/institutions',
} as const;
