import { BILL_URL } from '@contract/bills';
import type { BillApplication, BillPackage } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import type { NoticeItem } from '@contract/notice-schemas';
import { RECOURSE_URL } from '@contract/recourse';
import type { RecourseRecord } from '@contract/recourse-schemas';
import type { OperationItem, OrgFunction } from '@contract/shell-schemas';
import { STATISTICS_KINDS, type StatisticsKind } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import Big from 'big.js';
import { seedDemo } from '../../src/db/demo';
import { DEMO_ORGS } from '../../src/db/seed';
import { addMonths } from '../../src/modules/bills/rules';
import { checkPackage } from '../../src/modules/bills/ledger';
import { shanghaiDate } from '../../src/lib/shanghai-time';
import { MOBILE, dataOf, tokenOf } from '../support/bill-helpers';
import { startApp, T0, type TestApp } from '../support/helpers';

const DAY = 24 * 3600_000;
type Company = keyof typeof DEMO_ORGS;
const MOBILES: Record<Company, string> = { ...MOBILE, hangzhou: '13800000003' };

/** The history as a user could tell it apart: everything but the generated ids. */
async function historyOf(t: TestApp) {
  const db = t.app.db;
  return {
    packages: await db
      .selectFrom('bill_packages')
      .select([
        'package_no',
        'drawer_name',
        'payee_name',
        'amount_fen',
        'issue_date',
        'due_date',
        'created_at',
      ])
      .orderBy('package_no')
      .execute(),
    operations: await db
      .selectFrom('bill_operations')
      .select([
        'org_id',
        'biz_type',
        'op_type',
        'bill_no',
        'amount_fen',
        'status',
        'operator_name',
        'created_at',
      ])
      .orderBy('created_at')
      .orderBy('org_id')
      .orderBy('biz_type')
      .orderBy('op_type')
      .orderBy('bill_no')
      .execute(),
    notices: await db
      .selectFrom('plat_messages')
      .select(['org_id', 'type', 'title', 'content', 'created_at'])
      .orderBy('created_at')
      .orderBy('title')
      .orderBy('content')
      .execute(),
    functions: await db
      .selectFrom('org_function_openings')
      .select(['org_id', 'func_code', 'opened_at'])
      .orderBy('org_id')
      .orderBy('func_code')
      .execute(),
  };
}

const get = async <T>(t: TestApp, url: string, token: string): Promise<T> =>
  dataOf<T>(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }));
const post = async <T>(t: TestApp, url: string, token: string): Promise<T> =>
  dataOf<T>(
    await t.app.inject({ method: 'POST', url, payload: {}, headers: { authorization: `Bearer ${token}` } }),
  );

const fenOf = (yuan: string) => Number(new Big(yuan).times(100).toFixed(0));

describe('the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t.app.close();
  });
  /** The packages of the bills the demo holds under recourse. */
  const refusedPackageIds = async () =>
    new Set(
      (
        await t.app.db
          .selectFrom('bill_holdings')
          .select('package_id')
          .where('circ_status', '=', 'TF0402')
          .execute()
      ).map((h) => h.package_id),
    );

  it('is the same history in every fresh database seeded at the same time, and moves with the seed time', async () => {
    const same = await startApp();
    const later = await startApp({}, { now: () => T0 + 10 * DAY });
    try {
      const history = await historyOf(t);
      expect(await historyOf(same)).toEqual(history);
      const moved = await historyOf(later);
      expect(moved.packages.map((p) => p.amount_fen)).toEqual(history.packages.map((p) => p.amount_fen));
      for (const p of moved.packages) expect(Number(p.created_at)).toBeLessThanOrEqual(T0 + 10 * DAY);
    } finally {
      await same.app.close();
      await later.app.close();
    }
  });

  it('holds months of bills among the demo companies, each within the ledger’s rules and none matured but the refused one', async () => {
    const packages = await t.app.db.selectFrom('bill_packages').selectAll().execute();
    expect(packages.length).toBeGreaterThanOrEqual(20);
    const today = shanghaiDate(T0);
    const refused = await refusedPackageIds();
    expect(refused.size).toBe(1);
    for (const pkg of packages) {
      expect(pkg.issue_date).toBe(shanghaiDate(Number(pkg.created_at)));
      expect(pkg.package_no.slice(13, 21)).toBe(pkg.issue_date.replace(/-/g, ''));
      expect(pkg.due_date > today).toBe(!refused.has(pkg.id));
      expect(pkg.due_date <= addMonths(pkg.issue_date, 6)).toBe(true);
      expect(Number(pkg.created_at)).toBeGreaterThan(T0 - 180 * DAY);
      await t.app.db.transaction().execute((trx) => checkPackage(trx, pkg.id));
    }
    const drawers = new Set(packages.map((p) => p.drawer_org_id));
    expect(drawers).toEqual(new Set([DEMO_ORGS.shanghai.id, DEMO_ORGS.suzhou.id]));
    const events = await t.app.db.selectFrom('bill_events').select(['type', 'at']).execute();
    const types = new Set(events.map((e) => e.type));
    for (const type of ['issued', 'applied', 'signed', 'refused', 'revoked']) expect(types).toContain(type);
    for (const event of events) expect(Number(event.at)).toBeLessThanOrEqual(T0);
  });

  it('holds one refused bill under recourse: Ningbo’s notices to Suzhou and Shanghai wait on each side’s 追索 page', async () => {
    const token = async (company: Company) => tokenOf(t, MOBILES[company], DEMO_ORGS[company].id);
    const sent = await get<Page<RecourseRecord>>(
      t,
      `${RECOURSE_URL.list}?side=pursuer`,
      await token('ningbo'),
    );
    expect(sent.content.map((n) => [n.debtor.name, n.debtorRole, n.status, n.claim.face, n.actions])).toEqual(
      expect.arrayContaining([
        [DEMO_ORGS.suzhou.name, 'endorser', 'notified', '450000.00', ['withdraw']],
        [DEMO_ORGS.shanghai.name, 'acceptor', 'notified', '450000.00', ['withdraw']],
      ]),
    );
    expect(sent.totalElements).toBe(2);
    // Interest runs from maturity: the claim is more than the face.
    for (const notice of sent.content) expect(fenOf(notice.claim.total)).toBeGreaterThan(45_000_000);
    for (const company of ['suzhou', 'shanghai'] as const) {
      const asked = await get<Page<RecourseRecord>>(
        t,
        `${RECOURSE_URL.list}?side=debtor`,
        await token(company),
      );
      expect(asked.content.map((n) => [n.pursuer.name, n.status, n.actions])).toEqual([
        [DEMO_ORGS.ningbo.name, 'notified', ['agree']],
      ]);
    }
    const held = await t.app.db
      .selectFrom('bill_holdings')
      .select(['org_id', 'circ_status'])
      .where('package_id', 'in', [...(await refusedPackageIds())])
      .where('ended_at', 'is', null)
      .execute();
    expect(held).toEqual([{ org_id: DEMO_ORGS.ningbo.id, circ_status: 'TF0402' }]);
  });

  it('leaves exactly one application waiting: the bill in Ningbo’s 待签收 the journeys sign for', async () => {
    const pending = await t.app.db
      .selectFrom('bill_applications')
      .select(['receiver_org_id', 'amount_fen'])
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([{ receiver_org_id: DEMO_ORGS.ningbo.id, amount_fen: 50_000_000 }]);
  });

  it.each(['shanghai', 'suzhou', 'ningbo', 'hangzhou'] as const)(
    'shows %s a dashboard whose every figure is what its lists hold',
    async (company) => {
      const token = await tokenOf(t, MOBILES[company], DEMO_ORGS[company].id);
      const figures = Object.fromEntries(
        await Promise.all(
          STATISTICS_KINDS.map(
            async (kind) =>
              [kind, await get<Statistics>(t, `/api/scbill/statistics/${kind}`, token)] as const,
          ),
        ),
      ) as Record<StatisticsKind, Statistics>;
      const issued = await get<Page<BillPackage>>(t, `${BILL_URL.issued}?size=100`, token);
      const mine = await get<Page<BillApplication>>(t, `${BILL_URL.mine}?size=100`, token);
      const sum = (amounts: string[]) => amounts.reduce((total, a) => total + fenOf(a), 0);

      // Every bill it issued, all within the six months, is in 已出票据; it accepts its own bills.
      expect(figures.issue.count).toBe(issued.totalElements);
      expect(fenOf(figures.issue.amount)).toBe(sum(issued.content.map((b) => b.amount)));
      const accepted = issued.content.filter((b) => b.acceptor.orgId === DEMO_ORGS[company].id);
      expect(figures.accept.count).toBe(accepted.length);
      expect(fenOf(figures.accept.amount)).toBe(sum(accepted.map((b) => b.amount)));
      // Its endorsements that were signed for, as 我发起的申请 lists them; discounting is not built.
      const endorsed = mine.content.filter((a) => a.kind === 'endorsement' && a.status === 'signed');
      expect(figures.trans.count).toBe(endorsed.length);
      expect(fenOf(figures.trans.amount)).toBe(sum(endorsed.map((a) => a.amount)));
      expect(figures.discount.count).toBe(0);

      // Every line of the operation log is about a bill in its lists.
      const log = await get<Page<OperationItem>>(t, '/api/scbill/operate/list?size=100', token);
      const held = await get<Page<{ packageNo: string }>>(t, `${BILL_URL.held}?size=100`, token);
      const known = new Set([
        ...issued.content.map((b) => b.packageNo),
        ...mine.content.map((a) => a.packageNo),
        ...held.content.map((h) => h.packageNo),
      ]);
      for (const line of log.content) expect(known, line.billNo).toContain(line.billNo);

      // Every to-do is about a bill that came to it, through an application in its lists.
      const todos = await post<{ content: NoticeItem[] }>(t, '/api/plat-message/todo/page?size=100', token);
      const pending = await get<Page<BillApplication>>(t, `${BILL_URL.pending}?size=100`, token);
      for (const application of pending.content) {
        expect(todos.content.some((n) => n.content.includes(application.packageNo))).toBe(true);
      }
      const received = await t.app.db
        .selectFrom('bill_applications as a')
        .innerJoin('bill_packages as p', 'p.id', 'a.package_id')
        .select('p.package_no')
        .where('a.receiver_org_id', '=', DEMO_ORGS[company].id)
        .execute();
      // ... or through a recourse notice sent to it.
      const pursued = await t.app.db
        .selectFrom('recourse_notices as n')
        .innerJoin('bill_packages as p', 'p.id', 'n.package_id')
        .select('p.package_no')
        .where('n.debtor_org_id', '=', DEMO_ORGS[company].id)
        .execute();
      for (const todo of todos.content) {
        expect(
          [...received, ...pursued].some((r) => todo.content.includes(r.package_no)),
          todo.content,
        ).toBe(true);
      }

      if (company === 'hangzhou') {
        // Not authenticated: nothing happened, nothing is open.
        for (const kind of STATISTICS_KINDS) expect(figures[kind].count).toBe(0);
        expect(log.totalElements).toBe(0);
      } else {
        expect(log.totalElements).toBeGreaterThan(0);
      }
    },
  );

  it('gives each company the functions it uses, opened through the function command, and nothing not built', async () => {
    const opened = async (company: Company) => {
      const token = await tokenOf(t, MOBILES[company], DEMO_ORGS[company].id);
      const list = await get<OrgFunction[]>(t, '/api/scbill/org-acct-function-endpoint', token);
      return list.filter((f) => f.opened).map((f) => f.funcCode);
    };
    expect(await opened('shanghai')).toEqual(['BILL_ISSUE', 'BILL_ACCEPT', 'BILL_ENDORSE']);
    expect(await opened('suzhou')).toEqual([
      'BILL_ISSUE',
      'BILL_ACCEPT',
      'BILL_ENDORSE',
      'BILL_DISCOUNT',
      'BILL_PLEDGE',
      'PLEDGE_FIN',
      'EASE_DISCOUNT',
    ]);
    expect(await opened('ningbo')).toEqual(['BILL_ENDORSE']);
    expect(await opened('hangzhou')).toEqual([]);
  });

  it('is written only into an empty database', async () => {
    const before = await historyOf(t);
    expect(await seedDemo(t.app)).toBe(false);
    expect(await historyOf(t)).toEqual(before);
  });
});
