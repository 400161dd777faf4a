import { APPLY_RECORD_URL } from '@contract/apply-record';
import { AUTH_URL } from '@contract/auth';
import { BANK_URL } from '@contract/bank-account';
import { BILL_URL } from '@contract/bills';
import { CAPTCHA_URL } from '@contract/captcha';
import { DAY_END_URL } from '@contract/day-end';
import { DISCOUNT_URL } from '@contract/discount';
import { PLEDGE_URL } from '@contract/pledge';
import { ECONTRACT_URL } from '@contract/e-contract';
import { ELEC_LICENCE_URL } from '@contract/elec-licence';
import { EXPORT_URL } from '@contract/export';
import { GUARANTEE_URL } from '@contract/guarantee';
import { FREEZE_URL } from '@contract/freeze';
import { INSTITUTION_URL } from '@contract/institution';
import { INVITATION_URL } from '@contract/invitation';
import { NOTICE_URL } from '@contract/notice';
import { ORG_URL } from '@contract/organization';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_URL } from '@contract/pledge-fin';
import { PAYMENT_URL } from '@contract/payment';
import { RECOURSE_URL } from '@contract/recourse';
import { REALTIME_PATH } from '@contract/realtime';
import { SETTLEMENT_URL } from '@contract/settlement';
import { SHELL_URL } from '@contract/shell';
import { STATISTICS_KINDS, STATISTICS_URL } from '@contract/statistics';
import { VERIFICATION_URL } from '@contract/verification';
import { DOCS_PATH, OPENAPI_PATH } from '../../src/plugins/openapi';
import { startApp, type TestApp } from '../support/helpers';

/** Every path the contract declares, as the server registers it. */
const URL_MAPS: ReadonlyArray<Readonly<Record<string, string>>> = [
  APPLY_RECORD_URL,
  AUTH_URL,
  BANK_URL,
  BILL_URL,
  CAPTCHA_URL,
  DAY_END_URL,
  DISCOUNT_URL,
  PLEDGE_URL,
  ECONTRACT_URL,
  ELEC_LICENCE_URL,
  EXPORT_URL,
  GUARANTEE_URL,
  FREEZE_URL,
  INSTITUTION_URL,
  INVITATION_URL,
  NOTICE_URL,
  ORG_URL,
  PLEDGE_FIN_URL,
  PAYMENT_URL,
  RECOURSE_URL,
  SETTLEMENT_URL,
  SHELL_URL,
  VERIFICATION_URL,
];
const CONTRACT_PATHS = new Set<string>([
  ...URL_MAPS.flatMap((urls) => Object.values(urls)),
  ...STATISTICS_KINDS.map((kind) => pathOf(STATISTICS_URL.figures, { kind })),
  REALTIME_PATH,
]);

interface DeclaredRoute {
  method: string;
  url: string;
  /** Read when the route is declared: the websocket plugin wraps every handler afterwards. */
  handler: string;
}

let t: TestApp;
const routes: DeclaredRoute[] = [];

beforeAll(async () => {
  t = await startApp(
    { sandbox: true },
    {
      onRoute: (route) =>
        routes.push({ method: String(route.method), url: route.url ?? '', handler: route.handler.name }),
    },
  );
});
afterAll(async () => {
  await t.app.close();
});

/** The routes of the API, without the HEAD twins Fastify adds and the built SPA's files. */
const apiRoutes = () =>
  routes.filter((route) => route.method !== 'HEAD' && /^\/(api|oauth)\//.test(route.url));

describe('every route of the API', () => {
  it('is registered at a path the contract declares, so the web app and the server cannot disagree', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
    // The API's own description is the server's alone: no client calls it by a contract path.
    const described = (url: string) => url === OPENAPI_PATH || url.startsWith(DOCS_PATH);
    const undeclared = apiRoutes()
      .map((route) => route.url)
      .filter((url) => !CONTRACT_PATHS.has(url) && !described(url));
    expect(undeclared).toEqual([]);
  });

  it('has a named handler, unique but for the routes one loop declares', () => {
    const anonymous = apiRoutes().filter((route) => !route.handler);
    expect(anonymous.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const byName = new Map<string, Set<string>>();
    for (const route of apiRoutes()) {
      const urls = byName.get(route.handler) ?? new Set();
      urls.add(`${route.method} ${route.url}`);
      byName.set(route.handler, urls);
    }
    const shared = [...byName].filter(([, urls]) => urls.size > 1).map(([name]) => name);
    // One handler each for the issuer's steps, the answers to an application, its two lists and the figures.
    expect(shared.sort()).toEqual([
      'decideQr',
      'getBillApplications',
      'getStatisticsFigures',
      'postBillApplicationAnswer',
      'postBillIssuerStep',
    ]);
  });
});
