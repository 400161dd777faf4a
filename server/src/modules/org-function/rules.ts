import { LICENCE_BIZ_TYPE, type LicenceBizType } from '@contract/elec-licence';
import { PREREQUISITE, type Prerequisite } from '@contract/organization';
import { FUNCTION_OPENED_WITH, type FuncCode, type FunctionOpenedWith } from '@contract/shell';

/**
 * The functions this platform has built. Any other function of the catalogue shows 即将上线 everywhere and
 * cannot be opened; when its business is built, adding it here makes it available on every screen and to the
 * server's checks, which all read this module.
 */
export const BUILT_FUNCTIONS: ReadonlySet<FuncCode> = new Set<FuncCode>([
  'BILL_ISSUE',
  'BILL_ACCEPT',
  'BILL_ENDORSE',
  'BILL_DISCOUNT',
  'EASE_DISCOUNT',
  'PLEDGE_FIN',
  'BILL_PLEDGE',
  'BILL_PAY_PROMPT',
  'E_SIGN',
]);

/**
 * The business the licence holder authorises (业务授权) before a function of it is opened by an organisation
 * whose electronic business licence is bound; null where no authorisation applies. An organisation without a
 * bound licence proved itself by the small-amount transfer, which stands for this authorisation.
 */
export const LICENCE_BUSINESS: Readonly<Record<FuncCode, LicenceBizType | null>> = {
  BILL_ISSUE: LICENCE_BIZ_TYPE.scbill,
  BILL_ACCEPT: LICENCE_BIZ_TYPE.scbill,
  BILL_ENDORSE: LICENCE_BIZ_TYPE.scbill,
  BILL_DISCOUNT: LICENCE_BIZ_TYPE.scbill,
  BILL_PLEDGE: LICENCE_BIZ_TYPE.scbill,
  BILL_PAY_PROMPT: LICENCE_BIZ_TYPE.scbill,
  PLEDGE_FIN: LICENCE_BIZ_TYPE.pledgeFinancing,
  EASE_DISCOUNT: LICENCE_BIZ_TYPE.scbill,
  ORDER_FIN: null,
  E_SIGN: LICENCE_BIZ_TYPE.econtract,
};

/**
 * How a function is opened: most by the function command; electronic signing with the e-sign account, whose
 * opening (a provider account and its seals) is the function's opening, so the two never disagree.
 */
export const OPENED_WITH: Readonly<Record<FuncCode, FunctionOpenedWith>> = {
  BILL_ISSUE: FUNCTION_OPENED_WITH.command,
  BILL_ACCEPT: FUNCTION_OPENED_WITH.command,
  BILL_ENDORSE: FUNCTION_OPENED_WITH.command,
  BILL_DISCOUNT: FUNCTION_OPENED_WITH.command,
  BILL_PLEDGE: FUNCTION_OPENED_WITH.command,
  BILL_PAY_PROMPT: FUNCTION_OPENED_WITH.command,
  PLEDGE_FIN: FUNCTION_OPENED_WITH.command,
  EASE_DISCOUNT: FUNCTION_OPENED_WITH.command,
  ORDER_FIN: FUNCTION_OPENED_WITH.command,
  E_SIGN: FUNCTION_OPENED_WITH.esignAccount,
};

/** What is known of an organisation that decides which functions it may open and use. */
export interface OrgFacts {
  authenticated: boolean;
  licenceBound: boolean;
  settlementAccount: boolean;
  /** Agreement codes it has signed and not released. */
  signedAgreements: ReadonlySet<string>;
  /** Businesses its licence holder authorised. */
  authorisedBusinesses: ReadonlySet<string>;
  /** What its default channel offers. */
  offered: ReadonlySet<string>;
  /** When each function was opened (epoch ms). */
  openedAt: ReadonlyMap<string, number>;
}

/** A function counts as opened only while it is built: an opening recorded before it was cannot be used. */
export const isOpened = (facts: OrgFacts, code: FuncCode): boolean =>
  BUILT_FUNCTIONS.has(code) && facts.openedAt.has(code);

/**
 * What the organisation still has to do before it may open the function, in checklist order; empty when it
 * may open it now (whether the function is built and offered is asked apart).
 */
export function missingFor(
  facts: OrgFacts,
  code: FuncCode,
  agreementOf: (code: FuncCode) => string | undefined,
): Prerequisite[] {
  const missing: Prerequisite[] = [];
  if (!facts.authenticated) missing.push(PREREQUISITE.authentication);
  if (!facts.settlementAccount) missing.push(PREREQUISITE.settlementAccount);
  const agreement = agreementOf(code);
  if (agreement && !facts.signedAgreements.has(agreement)) missing.push(PREREQUISITE.agreement);
  const business = LICENCE_BUSINESS[code];
  if (facts.licenceBound && business && !facts.authorisedBusinesses.has(business)) {
    missing.push(PREREQUISITE.businessAuthorisation);
  }
  return missing;
}
