import { SPEC_ENDPOINTS, type SpecEndpoint } from '@contract/spec-endpoints';
import { startApp, type TestApp } from '../support/helpers';

/** The spec's calls of signing in, the account and the slider puzzle. */
const SIGN_IN_CALLS: SpecEndpoint[] = [
  'POST /oauth/token',
  'GET /api/user',
  'POST /api/user/logout',
  'GET /api/permission/page',
  'GET /api/account/orgs/list',
  'POST /api/account/switch/{id}',
  'GET /api/channel/config/default',
  'POST /api/register',
  'POST /api/account/mobile/validation',
  'GET /api/captcha/get',
  'POST /api/captcha/check',
];

/** The spec's calls of the signed-in shell: notices, statistics, operations, status, functions, channels, invitations. */
const SHELL_CALLS: SpecEndpoint[] = [
  'POST /api/plat-message/page',
  'PUT /api/plat-message/{id}',
  'PUT /api/plat-message/notice/all/read',
  'POST /api/plat-message/todo/page',
  'GET /api/scbill/statistics/issue',
  'GET /api/scbill/statistics/accept',
  'GET /api/scbill/statistics/discount',
  'GET /api/scbill/statistics/trans',
  'GET /api/scbill/operate/list',
  'GET /api/scbill/shcpe/system/status',
  'GET /api/quote/holidays/day',
  'GET /api/scbill/org-acct-function-endpoint',
  'GET /api/permission/binding/channel/func',
  'POST /api/scbill/org-acct/open-func',
  'GET /api/scbill/org/channel/list',
  'PUT /api/scbill/org/channel/default',
  'GET /api/scbill/org/channel/checked/default',
  'POST /api/invitation',
  'GET /api/invitation/detail/{a}/{b}',
  'POST /api/account/invitation/{a}/{b}',
];

/** The spec's calls of banks: the branch search, bank accounts, authentication by transfer. */
const BANK_CALLS: SpecEndpoint[] = [
  'POST /api/scbill/basic-data/bank/page',
  'POST /api/organization/bank/account',
  'PUT /api/organization/bank/account',
  'GET /api/organization/bank/account/list',
  'PUT /api/organization/bank/account/auth/check',
  'POST /api/scbill/bank-acct/bind',
  'POST /api/organization/auth/bank-transfer-auth/apply',
  'GET /api/organization/auth/bank-transfer-auth/records',
  'POST /api/organization/auth/bank-transfer-auth/check',
  'GET /api/organization/auth/apply/record',
];

/** The spec's calls of the organisation, identity, staff and agreements. */
const ORGANIZATION_CALLS: SpecEndpoint[] = [
  'POST /api/register/sgscsp',
  'POST /api/user/idAuth',
  'PUT /api/organization',
  'POST /api/organization/query',
  'GET /api/scbill/configuration/staff',
  'POST /api/scbill/configuration/staff',
  'GET /api/scbill/configuration/staff/org/role-list',
  'GET /api/scbill/org/sign',
  'GET /api/scbill/org/sign/release',
  'POST /api/scbill/org/sign',
  'PUT /api/scbill/org/sign/{id}',
];

/** The spec's calls of the company centre's e-licence authentication and applications to join. */
const APPLY_RECORD_CALLS: SpecEndpoint[] = [
  'GET /api/organization/elec-license/org-auth/qr-image/apply',
  'GET /api/organization/elec-license/change-auth/qr-image/apply',
  'POST /api/organization/elec-license/biz-auth/qr-image/apply',
  'POST /api/apply-record/bind-auth/qr-image/apply',
  'POST /api/apply-record/confirm-auth/qr-image/apply',
  'GET /api/apply-record/list',
  'GET /api/apply-record/detail/{id}',
  'PUT /api/apply-record/close/{id}',
  'PUT /api/apply-record/refuse/{id}',
  'PUT /api/apply-record/auth',
  'POST /api/apply-record/{id}/auth-letter',
];

/** The spec's calls of electronic contracts. */
const CONTRACT_CALLS: SpecEndpoint[] = [
  'GET /api/scbill/contract/sign/status',
  'GET /api/edoc/contract/v2/{id}/preview',
  'GET /api/edoc/acct/is-open',
  'POST /api/edoc/acct/open',
  'GET /api/edoc/acct/seal/list',
  'GET /api/scbill/open/contract/sign-info',
  'POST /api/edoc/contract/v2/batch-sign',
  'GET /api/sign/record/result',
  'POST /api/sign/record/auth/cancel',
];

/** The spec's calls of pledge financing (interest payment comes with the loan's repayment). */
const PLEDGE_FIN_CALLS: SpecEndpoint[] = [
  'POST /api/pledge-fin/config/list',
  'GET /api/scbill/basic-data/{id}/org-finance/config',
  'POST /api/scbill/pledge/cost/real-time/cal',
  'POST /api/pledge-fin/save',
  'POST /api/pledge-fin',
  'PUT /api/pledge-fin/approve',
  'PUT /api/pledge-fin/cancel',
  'POST /api/pledge-fin/page/by-pledger',
  'GET /api/pledge-fin/{id}/detail',
  'GET /api/pledge-fin/{id}/op-history/list',
];

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

/** The route pattern of a spec call: `{name}` is `:name` (the invitation calls name theirs orgId and code). */
const routeOf = (call: SpecEndpoint) => {
  const [method, url] = call.split(' ') as ['GET' | 'POST' | 'PUT', string];
  return { method, url: url.replace('{a}/{b}', ':orgId/:code').replace(/\{(\w+)\}/g, ':$1') };
};

describe('the spec’s calls', () => {
  it.each([
    ['signing in, the account and the slider puzzle', SIGN_IN_CALLS],
    ['the signed-in shell', SHELL_CALLS],
    ['banks', BANK_CALLS],
    ['the organisation, staff and agreements', ORGANIZATION_CALLS],
    ['e-licence authentication and applications to join', APPLY_RECORD_CALLS],
    ['electronic contracts', CONTRACT_CALLS],
    ['pledge financing', PLEDGE_FIN_CALLS],
  ])('are registered for %s', (_area, calls) => {
    for (const call of calls) {
      expect(SPEC_ENDPOINTS, call).toContain(call);
      expect(t.app.hasRoute(routeOf(call)), call).toBe(true);
    }
  });
});
