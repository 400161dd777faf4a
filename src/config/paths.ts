/** Every route path of the app (hash router) and the builders of links into it. */
export const paths = {
  root: '/',
  login: '/user/login',
  loginRegister: '/user/login-register',
  helpCenter: '/help-center/chain-bill',
  dashboard: '/chain-bill/dashboard',
  companyCenter: '/company-center',
  directFinancingApply: '/chain-bill/other/bill-financing/direct-financing/apply',
  /** Public: reset a forgotten password with an SMS code. */
  forgotPassword: '/user/forgot-password',
  /** Signed in: the account's security settings (认证为企业管理员). */
  accountSecurity: '/chain-bill/account/security',
  /** Public: the sandbox of the SMS gateway and the e-licence app (only when the server's sandbox is on). */
  sandbox: '/sandbox',
  /** Public: where a sandbox QR code points (contract SANDBOX_QR_HASH_PATH). */
  sandboxQr: '/sandbox/qr/:qrId',
  /** Public: where an entry link (token, crToken, …) is handled before the app opens (spec section 2). */
  entry: '/entry',
  // Business areas of spec section 1; most show a 建设中 page until their own issue lands.
  issue: '/chain-bill/issue',
  endorse: '/chain-bill/endorse',
  /** 待签收: applications waiting for the organisation's answer (contract SIGN_WORKBENCH_HASH_PATH). */
  signWorkbench: '/chain-bill/sign-workbench',
  discount: '/chain-bill/discount',
  pledge: '/chain-bill/pledge',
  guarantee: '/chain-bill/guarantee',
  recourse: '/chain-bill/recourse',
  depository: '/chain-bill/depository',
  freeze: '/chain-bill/freeze',
  trustTransfer: '/chain-bill/trust-transfer',
  payPrompt: '/chain-bill/pay-prompt',
  /** 应付票据: the acceptor's payments by due date, reached from 提示付款. */
  payable: '/chain-bill/pay-prompt/payable',
  easeDiscount: '/chain-bill/ease-discount',
  pledgeFinancing: '/chain-bill/pledge-business/pledge-financing',
  pledgeFinancingStart: '/chain-bill/pledge-business/pledge-financing-start/sub-page/:page/:bizId',
  financingPlan: '/chain-bill/financing-plan',
  invoice: '/chain-bill/invoice',
  orderPayment: '/chain-bill/order-payment',
  cashPayment: '/chain-bill/cash-payment',
  bankAccounts: '/company-center/bank-accounts',
  contractSigning: '/company-center/contracts',
  staff: '/company-center/staff',
  /** Any signed-in user, also one without an organisation: search one and apply to join it. */
  joinCompany: '/company-center/join',
} as const;

/**
 * The pages outside the signed-in app, each with what lies under it: a visit to one of them loads nothing
 * of the signed-in app ahead, even with a sign-in kept.
 */
export const PUBLIC_PATHS = [
  paths.login,
  paths.loginRegister,
  paths.helpCenter,
  paths.forgotPassword,
  paths.sandbox,
  paths.entry,
] as const;

/** Whether `pathname` is one of PUBLIC_PATHS or lies under one. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Sub-pages of the pledge-financing start page (spec section 2). */
export type PledgeFinancingStartPage = 'open-add' | 'sign' | 'interest' | 'detail';

export function pledgeFinancingStartPath(page: PledgeFinancingStartPage, bizId: string): string {
  return `/chain-bill/pledge-business/pledge-financing-start/sub-page/${page}/${encodeURIComponent(bizId)}`;
}

/** The company-center authorization page, as a route path with its query. */
export function companyCenterAuthorizePath(): string {
  return `${paths.companyCenter}?type=authorize`;
}

/** A full in-app href (`#/…`) for places that need a link outside the router, such as a pasted URL. */
export function hashHref(path: string): string {
  return `#${path}`;
}

/** The sandbox licence app page of one QR code, as its route path. */
export function sandboxQrPath(qrId: string): string {
  return paths.sandboxQr.replace(':qrId', encodeURIComponent(qrId));
}
