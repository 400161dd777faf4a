/**
 * Stable error codes. OAuth errors answer `{ error, error_description }` (RFC 6749 section 5.2);
 * every other API error answers `{ code, msg }` with `code` one of API_ERROR.
 */

export const OAUTH_ERROR = {
  invalidClient: 'invalid_client',
  invalidGrant: 'invalid_grant',
  invalidRequest: 'invalid_request',
  unsupportedGrantType: 'unsupported_grant_type',
  invalidScope: 'invalid_scope',
  redirectUriMismatch: 'redirect_uri_mismatch',
  unsupportedResponseType: 'unsupported_response_type',
  accessDenied: 'access_denied',
  /**
   * Kept for the SPA's catalogue, but the server never sends it: an unknown mobile answers
   * password_not_match exactly like a wrong password, so sign-in cannot be used to find registered mobiles.
   */
  accountNotExist: 'account_not_exist',
  accountStatusError: 'account_status_error',
  passwordNotMatch: 'password_not_match',
  unauthorizedUser: 'unauthorized_user',
  invalidToken: 'invalid_token',
  tokenExpired: 'token_expired',
  captchaInvalid: 'captcha_invalid',
  tooManyRequests: 'too_many_requests',
  serverError: 'server_error',
} as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR)[keyof typeof OAUTH_ERROR];

export const API_ERROR = {
  badRequest: 'BAD_REQUEST',
  /** A body or query string names a field its schema does not: refused, never dropped. */
  unknownField: 'UNKNOWN_FIELD',
  /** A field of another JSON type than its schema's (a number for a decimal string): refused, never converted. */
  fieldTypeInvalid: 'FIELD_TYPE_INVALID',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  captchaInvalid: 'CAPTCHA_INVALID',
  mobileRegistered: 'MOBILE_REGISTERED',
  accountNotExist: 'ACCOUNT_NOT_EXIST',
  notMember: 'NOT_MEMBER',
  passwordInvalid: 'PASSWORD_INVALID',
  invitationUsed: 'INVITATION_USED',
  invitationExpired: 'INVITATION_EXPIRED',
  invitationMobileMismatch: 'INVITATION_MOBILE_MISMATCH',
  alreadyMember: 'ALREADY_MEMBER',
  exportNotReady: 'EXPORT_NOT_READY',
  exportTooLarge: 'EXPORT_TOO_LARGE',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  /** An outside party (SMS, identity, licence, bank transfer, e-sign) is not configured or not answering. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /**
   * The command crossed others at once and the database failed it each time it ran (a deadlock or a
   * serialization failure on PostgreSQL): nothing was done, and the same request may be sent again.
   */
  transactionContended: 'TRANSACTION_CONTENDED',
  // Banks (contract/bank-account.ts)
  bankNoInvalid: 'BANK_NO_INVALID',
  bankSortInvalid: 'BANK_SORT_INVALID',
  bankBranchNotFound: 'BANK_BRANCH_NOT_FOUND',
  accountNameMismatch: 'ACCOUNT_NAME_MISMATCH',
  accountNoInvalid: 'ACCOUNT_NO_INVALID',
  bankAccountExists: 'BANK_ACCOUNT_EXISTS',
  bankAccountNotVerified: 'BANK_ACCOUNT_NOT_VERIFIED',
  transferLimitReached: 'TRANSFER_LIMIT_REACHED',
  transferNotArrived: 'TRANSFER_NOT_ARRIVED',
  amountInvalid: 'AMOUNT_INVALID',
  amountMismatch: 'AMOUNT_MISMATCH',
  verificationFailed: 'BANK_VERIFICATION_FAILED',
  verificationClosed: 'BANK_VERIFICATION_CLOSED',
  orgAlreadyAuthorized: 'ORG_ALREADY_AUTHORIZED',
  // The organisation, staff and agreements (contract/organization.ts)
  idNumberInvalid: 'ID_NUMBER_INVALID',
  identityMismatch: 'IDENTITY_MISMATCH',
  identityVerified: 'IDENTITY_ALREADY_VERIFIED',
  idNumberTaken: 'ID_NUMBER_TAKEN',
  partnerTokenInvalid: 'PARTNER_TOKEN_INVALID',
  userNotRegistered: 'USER_NOT_REGISTERED',
  roleInvalid: 'ROLE_INVALID',
  lastOwner: 'LAST_OWNER',
  agreementSigned: 'AGREEMENT_SIGNED',
  agreementNotOffered: 'AGREEMENT_NOT_OFFERED',
  agreementInUse: 'AGREEMENT_IN_USE',
  agreementReleased: 'AGREEMENT_RELEASED',
  functionPrerequisites: 'FUNCTION_PREREQUISITES_MISSING',
  /** The function is not built yet (即将上线), its channel does not offer it, or it opens another way. */
  functionUnavailable: 'FUNCTION_UNAVAILABLE',
  /** A command of a function the organisation has not opened. */
  functionNotOpened: 'FUNCTION_NOT_OPENED',
  // Apply records and the e-licence (contract/apply-record.ts, contract/elec-licence.ts)
  applyRecordDecided: 'APPLY_RECORD_DECIDED',
  licenceNotBound: 'LICENCE_NOT_BOUND',
  // The bill ledger (contract/bills.ts)
  billOutsideHours: 'BILL_OUTSIDE_HOURS',
  billDateInvalid: 'BILL_DATE_INVALID',
  billCounterpartyInvalid: 'BILL_COUNTERPARTY_INVALID',
  billDrawerNotReady: 'BILL_DRAWER_NOT_READY',
  billNotHeld: 'BILL_NOT_HELD',
  billLocked: 'BILL_LOCKED',
  billNotTransferable: 'BILL_NOT_TRANSFERABLE',
  billStateInvalid: 'BILL_STATE_INVALID',
  billApplicationAnswered: 'BILL_APPLICATION_ANSWERED',
  /** From its maturity date on, no application on the bill can be signed (docs/domain.md, the business day). */
  billMatured: 'BILL_MATURED',
  // Interest and discounts (contract/discount.ts)
  rateInvalid: 'RATE_INVALID',
  discountDateInvalid: 'DISCOUNT_DATE_INVALID',
  interestShareInvalid: 'INTEREST_SHARE_INVALID',
  /** 轻松贴: the quote named has passed its expiry (or is not the caller's). */
  quoteExpired: 'QUOTE_EXPIRED',
  // 提示付款 (contract/payment.ts)
  /** 逾期提示付款 without its written reason, or 拒付 其他 without the acceptor's words. */
  paymentReasonRequired: 'PAYMENT_REASON_REQUIRED',
  /** Presented more than two years after maturity: the rights against drawer and acceptor have lapsed. */
  paymentLapsed: 'PAYMENT_LAPSED',
  // 追索 (contract/recourse.ts)
  /** Past the recourse window: six months from the refusal, three from the payer's own payment. */
  recourseLapsed: 'RECOURSE_LAPSED',
  /** A party the holder may not pursue for the range (not an earlier party, or discharged). */
  recourseDebtorInvalid: 'RECOURSE_DEBTOR_INVALID',
  /** Another party's 同意清偿 waits for the holder's signature on the range. */
  recourseAgreementPending: 'RECOURSE_AGREEMENT_PENDING',
  /** 非拒付追索 without its reason code or its proof. */
  recourseProofRequired: 'RECOURSE_PROOF_REQUIRED',
  // Electronic contracts (contract/e-contract.ts)
  orgNotAuthorized: 'ORG_NOT_AUTHORIZED',
  esignAccountNotOpen: 'ESIGN_ACCOUNT_NOT_OPEN',
  contractNotSignable: 'CONTRACT_NOT_SIGNABLE',
  signRecordFinished: 'SIGN_RECORD_FINISHED',
  callbackRejected: 'CALLBACK_REJECTED',
  // Pledge financing (contract/pledge-fin.ts)
  /** The act is not allowed in the financing's state. */
  pledgeFinStateInvalid: 'PLEDGE_FIN_STATE_INVALID',
  pledgeFinProductInvalid: 'PLEDGE_FIN_PRODUCT_INVALID',
  pledgeFinDateInvalid: 'PLEDGE_FIN_DATE_INVALID',
  /** A chosen bill is not one the organisation may pledge (not received, not transferable, locked, matures too soon). */
  pledgeFinBillIneligible: 'PLEDGE_FIN_BILL_INELIGIBLE',
  /** A chosen bill already backs another open financing. */
  pledgeFinBillTaken: 'PLEDGE_FIN_BILL_TAKEN',
  /** The amount exceeds the bills' pledge value (face x ratio). */
  pledgeFinOverPledgeValue: 'PLEDGE_FIN_OVER_PLEDGE_VALUE',
  /** The amount exceeds what is left of the credit line with the institution. */
  pledgeFinOverCreditLine: 'PLEDGE_FIN_OVER_CREDIT_LINE',
  /** The applicant may not approve their own application (maker and checker). */
  pledgeFinSelfApproval: 'PLEDGE_FIN_SELF_APPROVAL',
  internal: 'INTERNAL_ERROR',
} as const;
export type ApiErrorCode = (typeof API_ERROR)[keyof typeof API_ERROR];

/**
 * The HTTP status of every API error code: the one place a status is decided. The server builds each
 * failure from its code (`fail` in server/src/lib/errors.ts), so a code always answers the same status.
 */
export const API_ERROR_STATUS = {
  [API_ERROR.badRequest]: 400,
  [API_ERROR.unknownField]: 400,
  [API_ERROR.fieldTypeInvalid]: 400,
  [API_ERROR.unauthorized]: 401,
  [API_ERROR.forbidden]: 403,
  [API_ERROR.notFound]: 404,
  [API_ERROR.conflict]: 409,
  [API_ERROR.rateLimited]: 429,
  [API_ERROR.payloadTooLarge]: 413,
  [API_ERROR.unsupportedMediaType]: 415,
  [API_ERROR.captchaInvalid]: 400,
  [API_ERROR.mobileRegistered]: 409,
  [API_ERROR.accountNotExist]: 404,
  [API_ERROR.notMember]: 403,
  [API_ERROR.passwordInvalid]: 400,
  [API_ERROR.invitationUsed]: 400,
  [API_ERROR.invitationExpired]: 400,
  [API_ERROR.invitationMobileMismatch]: 400,
  [API_ERROR.alreadyMember]: 409,
  [API_ERROR.exportNotReady]: 409,
  [API_ERROR.exportTooLarge]: 400,
  [API_ERROR.rangeNotSatisfiable]: 416,
  [API_ERROR.serviceUnavailable]: 503,
  [API_ERROR.transactionContended]: 503,
  [API_ERROR.bankNoInvalid]: 400,
  [API_ERROR.bankSortInvalid]: 400,
  [API_ERROR.bankBranchNotFound]: 400,
  [API_ERROR.accountNameMismatch]: 400,
  [API_ERROR.accountNoInvalid]: 400,
  [API_ERROR.bankAccountExists]: 409,
  [API_ERROR.bankAccountNotVerified]: 409,
  [API_ERROR.transferLimitReached]: 429,
  [API_ERROR.transferNotArrived]: 409,
  [API_ERROR.amountInvalid]: 400,
  [API_ERROR.amountMismatch]: 400,
  [API_ERROR.verificationFailed]: 400,
  [API_ERROR.verificationClosed]: 409,
  [API_ERROR.orgAlreadyAuthorized]: 409,
  [API_ERROR.idNumberInvalid]: 400,
  [API_ERROR.identityMismatch]: 400,
  [API_ERROR.identityVerified]: 409,
  [API_ERROR.idNumberTaken]: 409,
  [API_ERROR.partnerTokenInvalid]: 401,
  [API_ERROR.userNotRegistered]: 404,
  [API_ERROR.roleInvalid]: 400,
  [API_ERROR.lastOwner]: 409,
  [API_ERROR.agreementSigned]: 409,
  [API_ERROR.agreementNotOffered]: 409,
  [API_ERROR.agreementInUse]: 409,
  [API_ERROR.agreementReleased]: 409,
  [API_ERROR.functionPrerequisites]: 409,
  [API_ERROR.functionUnavailable]: 409,
  [API_ERROR.functionNotOpened]: 409,
  [API_ERROR.applyRecordDecided]: 409,
  [API_ERROR.licenceNotBound]: 409,
  [API_ERROR.billOutsideHours]: 409,
  [API_ERROR.billDateInvalid]: 400,
  [API_ERROR.billCounterpartyInvalid]: 400,
  [API_ERROR.billDrawerNotReady]: 409,
  [API_ERROR.billNotHeld]: 409,
  [API_ERROR.billLocked]: 409,
  [API_ERROR.billNotTransferable]: 409,
  [API_ERROR.billStateInvalid]: 409,
  [API_ERROR.billApplicationAnswered]: 409,
  [API_ERROR.billMatured]: 409,
  [API_ERROR.rateInvalid]: 400,
  [API_ERROR.discountDateInvalid]: 400,
  [API_ERROR.interestShareInvalid]: 400,
  [API_ERROR.quoteExpired]: 409,
  [API_ERROR.paymentReasonRequired]: 400,
  [API_ERROR.paymentLapsed]: 409,
  [API_ERROR.recourseLapsed]: 409,
  [API_ERROR.recourseDebtorInvalid]: 400,
  [API_ERROR.recourseAgreementPending]: 409,
  [API_ERROR.recourseProofRequired]: 400,
  [API_ERROR.orgNotAuthorized]: 409,
  [API_ERROR.esignAccountNotOpen]: 409,
  [API_ERROR.contractNotSignable]: 409,
  [API_ERROR.signRecordFinished]: 409,
  [API_ERROR.callbackRejected]: 401,
  [API_ERROR.pledgeFinStateInvalid]: 409,
  [API_ERROR.pledgeFinProductInvalid]: 400,
  [API_ERROR.pledgeFinDateInvalid]: 400,
  [API_ERROR.pledgeFinBillIneligible]: 409,
  [API_ERROR.pledgeFinBillTaken]: 409,
  [API_ERROR.pledgeFinOverPledgeValue]: 400,
  [API_ERROR.pledgeFinOverCreditLine]: 409,
  [API_ERROR.pledgeFinSelfApproval]: 403,
  [API_ERROR.internal]: 500,
} as const satisfies Record<ApiErrorCode, number>;
