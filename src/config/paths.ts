/** Every route path of the app (hash router) and the builders of links into it. */
export const paths = {
  root: '/',
  login: '/user/login',
  loginRegister: '/user/login-register',
  helpCenter: '/help-center/chain-bill',
  dashboard: '/chain-bill/dashboard',
  companyCenter: '/company-center',
  directFinancingApply: '/chain-bill/other/bill-financing/direct-financing/apply',
} as const;

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
