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
  // Apply records and the e-licence (contract/apply-record.ts, contract/elec-license.ts)
  applyRecordDecided: 'APPLY_RECORD_DECIDED',
  licenceNotBound: 'LICENCE_NOT_BOUND',
  // The bill ledger (contract/bills.ts)
  billOutsideHours: 'BILL_OUTSIDE_HOURS',
  billDateInvalid: 'BILL_DATE_INVALID',
  billCounterpartyInvalid: 'BILL_COUNTERPARTY_INVALID',
  billNotHeld: 'BILL_NOT_HELD',
  billLocked: 'BILL_LOCKED',
  billNotTransferable: 'BILL_NOT_TRANSFERABLE',
  billStateInvalid: 'BILL_STATE_INVALID',
  billApplicationAnswered: 'BILL_APPLICATION_ANSWERED',
  // Electronic contracts (contract/e-contract.ts)
  orgNotAuthorized: 'ORG_NOT_AUTHORIZED',
  esignAccountNotOpen: 'ESIGN_ACCOUNT_NOT_OPEN',
  contractNotSignable: 'CONTRACT_NOT_SIGNABLE',
  signRecordFinished: 'SIGN_RECORD_FINISHED',
  callbackRejected: 'CALLBACK_REJECTED',
  internal: 'INTERNAL_ERROR',
} as const;
export type ApiErrorCode = (typeof API_ERROR)[keyof typeof API_ERROR];

/** Success envelope of every `/api` call that returns data. */
export interface ApiEnvelope<T> {
  code: 200 | 201;
  msg: string;
  data: T;
}
export interface ApiErrorBody {
  code: ApiErrorCode;
  msg: string;
}
export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}
