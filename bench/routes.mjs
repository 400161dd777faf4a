// The API routes `npm run bench` measures against the bare Fastify route, at 50 connections. A new list
// endpoint adds a line here: a name, the request (method, path, body) and the headers its caller sends.
// `context.accessToken` is a signed-in demo owner's (13800000001, every permission) access token. A line may
// have `prepare({ database })`, run once before the measured rounds, to fill the database it reads (each pass's
// database: bench/lib/databases.mjs). A write path (an application and its answer) is a line of WRITE_PATHS.

import {
  BORROWERS,
  DISCOUNTERS,
  ENDORSERS,
  PLEDGORS,
  PURSUERS,
  discountAndSign,
  endorseAndSign,
  pledgeAndSign,
  pledgeFinancingSubmitAndCancel,
  countersignRetry,
  payoutRetry,
  restRetry,
  pledgeReleaseAndSign,
  pledgeeRecourseRoundTrip,
  financedRecourseRoundTrip,
  recourseRoundTrip,
} from './lib/write-acts.mjs';

// As a browser sends them: Accept-Encoding included, so the cost of compression (or of deciding against it) counts.
const signedIn = (context) => ({
  authorization: `Bearer ${context.accessToken}`,
  'x-sys-role': '2',
  'accept-encoding': 'gzip, deflate, br, zstd',
});
const signedInJson = (context) => ({ ...signedIn(context), 'content-type': 'application/json' });

// The 100,000 holdings (bench/lib/seed-holdings.mjs) are written once per pass's database, by the first of the
// lines that read them which the run measures (BENCH_ROUTES may name any of them alone).
const seeded = new WeakMap();
const seedHoldingsOnce = ({ database }) => {
  if (!seeded.has(database)) seeded.set(database, database.seedHoldings());
  return seeded.get(database);
};

export const MEASURED_ROUTES = [
  { name: 'GET /api/user', path: '/api/user', headers: signedIn },
  {
    name: 'POST /api/plat-message/page',
    method: 'POST',
    path: '/api/plat-message/page?page=0&size=10',
    body: {},
    headers: signedInJson,
  },
  // The branch picker's two kinds of query: a number prefix, and a fragment of the name.
  {
    name: 'POST /api/scbill/basic-data/bank/page, number prefix',
    method: 'POST',
    path: '/api/scbill/basic-data/bank/page?page=0&size=10',
    body: { bankNo: '1043310' },
    headers: signedInJson,
  },
  {
    name: 'POST /api/scbill/basic-data/bank/page, name',
    method: 'POST',
    path: '/api/scbill/basic-data/bank/page?page=0&size=10',
    body: { fullName: '杭州' },
    headers: signedInJson,
  },
  {
    name: 'GET /api/organization/bank/account/list',
    path: '/api/organization/bank/account/list',
    headers: signedIn,
  },
  // The header's bell, on every signed-in screen: the first 5 unread (NOTICE_PAGE in contract/constants.ts).
  {
    name: 'POST /api/plat-message/page (bell)',
    method: 'POST',
    path: '/api/plat-message/page?page=0&size=5',
    body: { status: 0 },
    headers: signedInJson,
  },
  {
    name: 'GET /api/scbill/configuration/staff',
    path: '/api/scbill/configuration/staff?page=0&size=10',
    headers: signedIn,
  },
  // The held-bills list over 100,000 holdings (bench/lib/seed-holdings.mjs says how they are spread).
  {
    name: 'GET /api/scbill/bills/held, 100,000 holdings',
    path: '/api/scbill/bills/held?page=0&size=10',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // The same list sorted by maturity with a window of due dates, as its filter bar asks.
  {
    name: 'GET /api/scbill/bills/held, by due date in a window',
    path: '/api/scbill/bills/held?page=0&size=10&sort=dueDate,asc&dueFrom=2020-01-01&dueTo=2099-12-31',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // 应付票据 over the same 100,000 holdings, all of them accepted by the signed-in organisation (Shanghai).
  {
    name: 'GET /api/scbill/bills/payable',
    path: '/api/scbill/bills/payable?page=0&size=10',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // 待签收 as the workbench opens it, and the accounts 签收 offers.
  {
    name: 'GET /api/scbill/bill-applications/pending',
    path: '/api/scbill/bill-applications/pending?page=0&size=10',
    headers: signedIn,
  },
  { name: 'GET /api/scbill/bill-accounts', path: '/api/scbill/bill-accounts', headers: signedIn },
  {
    name: 'GET /api/edoc/contract/v2/page',
    path: '/api/edoc/contract/v2/page?page=0&size=10',
    headers: signedIn,
  },
  { name: 'GET /api/sign/record/page', path: '/api/sign/record/page?page=0&size=10', headers: signedIn },
  // 申请记录 as the company centre first opens it: every status, newest first.
  {
    name: 'GET /api/apply-record/list',
    path: '/api/apply-record/list?page=0&size=10',
    headers: signedIn,
  },
  // The discount calculator, called by the form as the user types: a maturity on a holiday, so the
  // calendar is walked.
  {
    name: 'POST /api/scbill/discount/trial',
    method: 'POST',
    path: '/api/scbill/discount/trial',
    body: {
      faceAmount: '1000000.00',
      annualRate: '2.0000',
      discountDate: '2026-09-01',
      maturityDate: '2026-10-01',
      interestPayer: 'PT03',
      buyerSharePercent: '40',
    },
    headers: signedInJson,
  },
  // 我的贴现 as the 贴现 page first opens it: every status, newest first.
  {
    name: 'GET /api/scbill/discount/list',
    path: '/api/scbill/discount/list?page=0&size=10',
    headers: signedIn,
  },
  // The 保证 page as it first opens: the guarantees the organisation applied for, then those it must answer.
  {
    name: 'GET /api/scbill/guarantee/list',
    path: '/api/scbill/guarantee/list?page=0&size=10&side=applied',
    headers: signedIn,
  },
  {
    name: 'GET /api/scbill/guarantee/list, to answer',
    path: '/api/scbill/guarantee/list?page=0&size=10&side=received&status=pending',
    headers: signedIn,
  },
  // The apply form's bills: those the organisation is liable on, with its roles; the signed-in organisation
  // drew and accepted the 2,000 packages of the 100,000 holdings. As the form opens (the newest 20), then a
  // search for one package number typed in part, which reads the organisation's bills until it finds it.
  {
    name: 'GET /api/scbill/guarantee/candidates',
    path: '/api/scbill/guarantee/candidates?size=20',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  {
    name: 'GET /api/scbill/guarantee/candidates, a package number searched',
    path: '/api/scbill/guarantee/candidates?size=20&keyword=0000000001999',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // A name searched that every one of those bills carries (the drawer's): the newest 20 match at once.
  {
    name: 'GET /api/scbill/guarantee/candidates, a drawer searched',
    path: `/api/scbill/guarantee/candidates?size=20&keyword=${encodeURIComponent('链票示范')}`,
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // 质押融资's real-time cost, called by the application form as the user types: a monthly schedule of
  // seven payments.
  {
    name: 'POST /api/scbill/pledge/cost/real-time/cal',
    method: 'POST',
    path: '/api/scbill/pledge/cost/real-time/cal',
    body: {
      principal: '1000000.00',
      annualRate: '3.8500',
      valueDate: '2026-01-31',
      maturityDate: '2026-07-31',
      repaymentMode: 'MONTHLY',
      feeRate: '0.1000',
    },
    headers: signedInJson,
  },
  // The organisation's finance configuration the application form reads: its credit line with each
  // institution, used and available, and its settlement account (the demo owner's, the Shanghai company).
  {
    name: 'GET /api/scbill/basic-data/{id}/org-finance/config',
    path: '/api/scbill/basic-data/0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01/org-finance/config',
    headers: signedIn,
  },
  // The products the application form offers.
  {
    name: 'POST /api/pledge-fin/config/list',
    method: 'POST',
    path: '/api/pledge-fin/config/list',
    headers: signedIn,
  },
  // The 质押融资 list as its page first opens it: no filter, newest first.
  {
    name: 'POST /api/pledge-fin/page/by-pledger',
    method: 'POST',
    path: '/api/pledge-fin/page/by-pledger?page=0&size=10',
    body: {},
    headers: signedInJson,
  },
  // 我的质押 as the 质押 page first opens it: every status, newest first, with each waiting release.
  {
    name: 'GET /api/scbill/pledge/list',
    path: '/api/scbill/pledge/list?page=0&size=10',
    headers: signedIn,
  },
  // The 冻结 page as it first opens: the ranges of the organisation's frozen now.
  {
    name: 'GET /api/scbill/freeze/list',
    path: '/api/scbill/freeze/list?page=0&size=10&status=active',
    headers: signedIn,
  },
  // 提示付款 as the acceptor's tab first opens it: what it must answer, every state, newest first.
  {
    name: 'GET /api/scbill/payment/list',
    path: '/api/scbill/payment/list?page=0&size=10&side=acceptor',
    headers: signedIn,
  },
  // The 追索 page as it first opens: the notices the organisation sent, then those it is asked to pay, and
  // the ranges it may pursue for with their parties and claims.
  {
    name: 'GET /api/scbill/recourse/list',
    path: '/api/scbill/recourse/list?page=0&size=10&side=pursuer',
    headers: signedIn,
  },
  {
    name: 'GET /api/scbill/recourse/list, to answer',
    path: '/api/scbill/recourse/list?page=0&size=10&side=debtor&status=notified',
    headers: signedIn,
  },
  {
    name: 'GET /api/scbill/recourse/candidates',
    path: '/api/scbill/recourse/candidates',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  // The dashboard's 追索 figure: the ranges the organisation recovered by recourse, from the operation log.
  {
    name: 'GET /api/scbill/statistics/recourse',
    path: '/api/scbill/statistics/recourse',
    headers: signedIn,
  },
  // The holder's side of the page: what it may present now (over the 100,000 holdings, as the recourse
  // candidates: a page that asks an organisation's current holdings for the few it may act on), then what it
  // presented.
  {
    name: 'GET /api/scbill/payment/candidates',
    path: '/api/scbill/payment/candidates?page=0&size=10',
    headers: signedIn,
    prepare: seedHoldingsOnce,
  },
  {
    name: 'GET /api/scbill/payment/list, presented',
    path: '/api/scbill/payment/list?page=0&size=10&side=presenter',
    headers: signedIn,
  },
  // The settlement account's statement on the bank accounts screen, read from the sandbox bank.
  {
    name: 'GET /api/organization/bank/account/statement',
    path: '/api/organization/bank/account/statement?page=0&size=10',
    headers: signedIn,
  },
  // The sandbox page's list of the institutions' recourse notices, a full one (its 50 newest of 60 seeded),
  // as the page asks it: no sign-in, from this machine. The bench's server lifts the sandbox's limit per
  // address (SANDBOX_RATE_LIMIT=0, bench/lib/processes.mjs), which 50 connections from one address pass at once.
  {
    name: 'GET /api/sandbox/institution/recourse',
    path: '/api/sandbox/institution/recourse',
    headers: () => ({ 'accept-encoding': 'gzip, deflate, br, zstd' }),
    prepare: ({ database }) => database.seedInstitutionNotices(60),
  },
];

/**
 * Targets of the routes above on each database: req/s as a share of the bare route's, and p99 latency. On
 * PostgreSQL every read is a round trip to another process on the same cores (one prepared query alone
 * serves about 0.4x of the bare route), so its share is lower.
 */
export const ROUTE_TARGETS = {
  sqlite: { minRatio: 0.3, maxP99Ms: 10 },
  postgres: { minRatio: 0.15, maxP99Ms: 10 },
};

/**
 * The write paths: an application and its answer, each act confirmed, driven round trip by round trip by
 * bench/lib/write-acts.mjs across its organisations. `prepare` writes the holdings to act on, `run` the round
 * trips with the ids the applications answer.
 */
export const WRITE_PATHS = [
  // 质押融资 by each organisation against two of its bills, which the submission locks on the ledger, then
  // cancelled, which frees them: POST /api/pledge-fin, then PUT /api/pledge-fin/cancel.
  {
    name: 'pledge financing submit and cancel',
    prepare: ({ database, count }) => database.seedBills(2 * count, { tag: 'financing', holders: BORROWERS }),
    run: pledgeFinancingSubmitAndCancel,
  },
  // 重新申请放款 of a financing whose pay-out the bank refused (放款中), which the sandbox institution then
  // pays out: PUT /api/pledge-fin/payout/retry. Its financings are seeded approved, signed and refused.
  {
    name: 'pledge financing pay-out retry',
    effect: 'financings paid out',
    prepare: ({ database, count }) =>
      database.seedRefusedFinancings(count, { tag: 'payout', borrowers: BORROWERS, kind: 'payout' }),
    run: payoutRetry,
  },
  // 重新发起机构签署 of a financing whose institution's e-sign service failed to sign its contracts (待签约):
  // PUT /api/pledge-fin/countersign/retry. Its financings are seeded approved, both contracts signed by the
  // borrower, the institution's signature of each failed.
  {
    name: 'pledge financing countersign retry',
    effect: 'signatures asked again',
    prepare: ({ database, count }) =>
      database.seedRefusedFinancings(count, {
        tag: 'countersign',
        borrowers: BORROWERS,
        kind: 'countersign',
      }),
    run: countersignRetry,
  },
  // 重新申请划付余款 of the rest of a matured pledged bill's proceeds the bank refused to pay the borrower,
  // which the sandbox institution then transfers: PUT /api/pledge-fin/rest/retry. Its financings are seeded
  // repaid from the proceeds (已结清), the rest owed.
  {
    name: 'pledge financing rest retry',
    effect: 'rests paid',
    prepare: ({ database, count }) =>
      database.seedRefusedFinancings(count, { tag: 'rest', borrowers: BORROWERS, kind: 'rest' }),
    run: restRetry,
  },
  // 背书 by one organisation, 签收 by the endorsee: POST /api/scbill/bills/endorse, then
  // POST /api/scbill/bill-applications/:id/sign.
  {
    name: 'endorse and sign',
    prepare: ({ database, count }) => database.seedBills(count, { tag: 'endorse', holders: ENDORSERS }),
    run: endorseAndSign,
  },
  // 贴现 by each organisation to a sandbox institution, which signs: POST /api/scbill/discount/apply, then
  // POST /api/sandbox/institution/applications/:id/answer.
  {
    name: 'discount and sign',
    prepare: ({ database, count }) => database.seedBills(count, { tag: 'discount', holders: DISCOUNTERS }),
    run: discountAndSign,
  },
  // 质押 by each organisation to a sandbox institution, which signs: POST /api/scbill/pledge/apply, then
  // POST /api/sandbox/institution/applications/:id/answer.
  {
    name: 'pledge and sign',
    // What a round trip that took effect leaves: the range stays with its holder, pledged.
    effect: 'bills pledged',
    prepare: ({ database, count }) => database.seedBills(count, { tag: 'pledge', holders: PLEDGORS }),
    run: pledgeAndSign,
  },
  // 质押解除 of a pledge the same round trip makes first: the institution asks through the sandbox
  // (POST /api/sandbox/institution/pledges/:id/release), the pledgor signs
  // (POST /api/scbill/pledge/:id/release/sign).
  {
    name: 'pledge release and sign',
    effect: 'pledges released',
    prepare: ({ database, count }) => database.seedBills(count, { tag: 'release', holders: PLEDGORS }),
    run: pledgeReleaseAndSign,
  },
  // 追索 of a bill its acceptor refused, against the acceptor: 发起追索 (POST /api/scbill/recourse/notify), 撤回
  // (…/:id/withdraw), 发起追索 again, 同意清偿 (…/:id/agree), the holder's 驳回 (…/:id/reject), 同意清偿 again and
  // the holder's 签收 (…/:id/sign), which pays 线上 through the sandbox bank and settles the range. Its bills
  // are seeded refused: presented by the holder, refused by the acceptor, under recourse, with that history.
  {
    name: 'recourse notify, withdraw, agree, reject and sign',
    effect: 'bills settled by recourse',
    prepare: ({ database, count }) =>
      database.seedRefusedBills(count, { tag: 'recourse', mark: 'c', pursuers: PURSUERS }),
    run: recourseRoundTrip,
  },
  // 追索 by a pledgee: bills pledged to a sandbox institution, presented by it at maturity and refused. The
  // institution notifies the acceptor through the sandbox (POST /api/sandbox/institution/pledges/:id/recourse),
  // the acceptor agrees in the app (POST /api/scbill/recourse/:id/agree), the institution signs through the
  // sandbox (POST /api/sandbox/institution/recourse/:id/answer): paid 线上, the pledge ends, the range settles.
  {
    name: 'pledgee recourse notify, agree and sign',
    effect: 'pledges paid by recourse',
    prepare: ({ database, count }) =>
      database.seedRefusedBills(count, {
        tag: 'pledgee-recourse',
        mark: 'g',
        pursuers: PURSUERS,
        pledgee: true,
      }),
    run: pledgeeRecourseRoundTrip,
  },
  // The same 追索 by a pledgee, of bills that each back an open 质押融资 (还息中) of their pledgor with a second
  // bill pledged beside it: every act on the bill holds the financing's other package with its own on
  // PostgreSQL (the ledger's onPackageCompanions), and the institution's 签收 repays the loan from the
  // proceeds, releases the second bill and pays the rest to the borrower (已结清).
  {
    name: 'financed bill recourse notify, agree and sign',
    effect: 'financings repaid by recourse',
    prepare: ({ database, count }) =>
      database.seedRefusedBills(count, {
        tag: 'financed-recourse',
        mark: 'h',
        pursuers: PURSUERS,
        pledgee: true,
        financed: true,
      }),
    run: financedRecourseRoundTrip,
  },
];

/** Targets of the write paths, per act. */
export const WRITE_TARGETS = { minActsPerSec: 100, maxP99Ms: 50 };
