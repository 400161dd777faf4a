import Big from 'big.js';
import type { Statistics } from '@contract/statistics-schemas';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { DEMO_ORGS } from '../../../src/db/seed';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { withdrawApplication } from '../../../src/modules/bills/commands';
import { discountCommands } from '../../../src/modules/discount/commands';
import { MOBILE, userIdOf } from '../../support/bill-helpers';
import { authed, signIn, startApp, T0, type TestApp } from '../../support/helpers';

const KIND_OP_TYPE = { issue: 'apply', accept: 'sign', discount: 'apply', trans: 'apply' } as const;
type Kind = keyof typeof KIND_OP_TYPE;

/** Shanghai YYYY-MM of an instant, through the platform's time-zone database rather than a fixed offset. */
const monthOf = (ms: number) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(ms));
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
};

/** The six month keys ending with the month of `now`, oldest first. */
const lastSixMonths = (now: number) => {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - 5 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
};

/** Yuan string of integer fen, by string arithmetic on BigInt. */
const yuan = (fen: bigint) => `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

async function expectedFor(orgId: string, kind: Kind, now: number): Promise<Statistics> {
  const rows = await t.app.db.selectFrom('bill_operations').selectAll().where('org_id', '=', orgId).execute();
  const months = lastSixMonths(now);
  const monthly = months.map((month) => {
    const counted = rows.filter(
      (r) =>
        r.biz_type === kind &&
        r.op_type === KIND_OP_TYPE[kind] &&
        r.status === 'success' &&
        monthOf(Number(r.created_at)) === month,
    );
    const fen = counted.reduce((sum, r) => sum + BigInt(r.amount_fen), 0n);
    return { month, count: counted.length, fen };
  });
  const total = monthly.reduce((sum, m) => sum + m.fen, 0n);
  return {
    count: monthly.reduce((n, m) => n + m.count, 0),
    amount: yuan(total),
    monthly: monthly.map((m) => ({ month: m.month, count: m.count, amount: yuan(m.fen) })),
  };
}

const statistics = async (accessToken: string, kind: Kind) => {
  const response = await authed(t.app, 'GET', `/api/scbill/statistics/${kind}`, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: number; data: Statistics }>().data;
};

describe('GET /api/scbill/statistics/{kind}', () => {
  it.each([
    ['issue', '13800000001', 'shanghai'],
    ['accept', '13800000001', 'shanghai'],
    ['trans', '13800000005', 'suzhou'],
  ] as const)(
    'answers %s figures equal to sums computed independently from the seeded rows',
    async (kind, mobile, company) => {
      const accessToken = (await signIn(t.app, mobile)).access_token;
      const answer = await statistics(accessToken, kind);
      expect(answer).toEqual(await expectedFor(DEMO_ORGS[company].id, kind, t.clock.now()));
      expect(answer.monthly.map((m) => m.month)).toEqual([
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ]);
      expect(answer.count).toBeGreaterThan(0);
    },
  );

  it('answers zero discounting for an organisation that never discounted', async () => {
    const accessToken = (await signIn(t.app, '13800000001')).access_token;
    const answer = await statistics(accessToken, 'discount');
    expect(answer).toEqual(await expectedFor(DEMO_ORGS.shanghai.id, 'discount', t.clock.now()));
    expect(answer.count).toBe(0);
  });

  it('counts a discount once the institution signs it: one refused or withdrawn counts nothing', async () => {
    const accessToken = (await signIn(t.app, '13800000005')).access_token;
    const { applyDiscount, takeAnswer } = discountCommands(t.app.adapters.institution);
    const actor = { orgId: DEMO_ORGS.suzhou.id, userId: userIdOf(MOBILE.suzhou) };
    const spdb = DEMO_INSTITUTIONS.spdb.orgId;
    const today = shanghaiDate(t.app.now());
    /** The front 1,000.00 yuan of one of Suzhou's free received holdings, applied for and answered. */
    const discounted = async (decision: 'sign' | 'refuse' | 'withdraw') => {
      const holding = await t.app.db
        .selectFrom('bill_holdings as h')
        .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
        .select('h.id')
        .where('h.org_id', '=', actor.orgId)
        .where('h.ended_at', 'is', null)
        .where('h.bill_status', '=', 'CS03')
        .where('h.circ_status', '=', 'TF0301')
        .where('p.no_transfer', '=', 0)
        .where('p.splittable', '=', 1)
        .where('p.due_date', '>', today)
        .where('h.amount_fen', '>', 100_000)
        .executeTakeFirstOrThrow();
      const application = await t.app.db.transaction().execute((trx) =>
        applyDiscount(
          { trx, now: t.app.now(), actor, realtime: null },
          {
            holdingId: holding.id,
            institutionOrgId: spdb,
            amountFen: 100_000,
            annualRate: '2.0000',
            interestPayer: 'PT02',
            clearing: 'SM01',
          },
        ),
      );
      if (decision === 'withdraw') {
        await t.app.db
          .transaction()
          .execute((trx) =>
            withdrawApplication({ trx, now: t.app.now(), actor, realtime: null }, application.id),
          );
      } else {
        await takeAnswer(
          t.app.db,
          null,
          t.app.now(),
          decision === 'sign'
            ? { applicationId: application.id, act: 'discount', institutionOrgId: spdb, decision }
            : {
                applicationId: application.id,
                act: 'discount',
                institutionOrgId: spdb,
                decision,
                reason: 'other',
                remark: '不予贴现',
              },
        );
      }
    };
    const before = await statistics(accessToken, 'discount');
    await discounted('refuse');
    await discounted('withdraw');
    expect(await statistics(accessToken, 'discount')).toEqual(before);
    await discounted('sign');
    const after = await statistics(accessToken, 'discount');
    expect(after).toEqual(await expectedFor(DEMO_ORGS.suzhou.id, 'discount', t.clock.now()));
    expect(after.count).toBe(before.count + 1);
    const month = (figures: typeof after) => figures.monthly.at(-1)!;
    expect(month(after).count).toBe(month(before).count + 1);
    expect(new Big(after.amount).minus(before.amount).toFixed(2)).toBe('1000.00');
  });

  it('has a full dashboard for the demo owner: issuing and accepting in most months', async () => {
    const accessToken = (await signIn(t.app, '13800000001')).access_token;
    for (const kind of ['issue', 'accept'] as const) {
      const answer = await statistics(accessToken, kind);
      expect(answer.monthly.filter((m) => m.count > 0).length, kind).toBeGreaterThanOrEqual(4);
    }
  });

  it('counts by Asia/Shanghai months: an operation at 23:30 on the last of September (UTC) is October’s', async () => {
    const accessToken = (await signIn(t.app, '13800000003')).access_token;
    const before = await statistics(accessToken, 'discount');
    const at = (iso: string) => Date.parse(iso);
    const insert = (id: string, createdAt: number, fen: number, status = 'success') =>
      t.app.db
        .insertInto('bill_operations')
        .values({
          id,
          org_id: DEMO_ORGS.hangzhou.id,
          biz_id: id,
          biz_type: 'discount',
          op_type: 'apply',
          bill_no: '700000000000020250930000000010',
          sub_start: 1,
          sub_end: fen,
          amount_fen: fen,
          counterparty: '测试银行',
          status,
          operator_user_id: null,
          operator_name: '王芳',
          created_at: createdAt,
        })
        .execute();
    // 2025-09-30T16:00Z is 2025-10-01 00:00 in Shanghai: the first instant of the window.
    await insert('edge-in', at('2025-09-30T16:00:00.000Z'), 1);
    await insert('edge-out', at('2025-09-30T15:59:59.999Z'), 100);
    await insert('failed', at('2026-01-10T02:00:00.000Z'), 10_000, 'failed');
    await insert('processing', at('2026-01-10T02:00:00.000Z'), 10_000, 'processing');
    await insert('big', at('2026-02-27T16:30:00.000Z'), 99_999_999_999);
    const after = await statistics(accessToken, 'discount');
    expect(after).toEqual(await expectedFor(DEMO_ORGS.hangzhou.id, 'discount', t.clock.now()));
    expect(after.count - before.count).toBe(2);
    const october = after.monthly.find((m) => m.month === '2025-10');
    const february = after.monthly.find((m) => m.month === '2026-02');
    expect(october?.amount).toBe(
      yuan(BigInt(before.monthly.find((m) => m.month === '2025-10')?.amount.replace('.', '') ?? '0') + 1n),
    );
    expect(february?.count).toBe((before.monthly.find((m) => m.month === '2026-02')?.count ?? 0) + 1);
  });

  it('keeps organisations apart: Hangzhou’s figures come from Hangzhou’s rows only', async () => {
    const accessToken = (await signIn(t.app, '13800000003')).access_token;
    expect(await statistics(accessToken, 'issue')).toEqual(
      await expectedFor(DEMO_ORGS.hangzhou.id, 'issue', t.clock.now()),
    );
    const shanghai = await expectedFor(DEMO_ORGS.shanghai.id, 'issue', t.clock.now());
    expect(await statistics(accessToken, 'issue')).not.toEqual(shanghai);
  });

  it('moves its window with the clock', async () => {
    expect(t.clock.now()).toBe(T0);
    const later = await startApp();
    later.clock.advance(40 * 24 * 3600_000);
    const accessToken = (await signIn(later.app, '13800000001')).access_token;
    const response = await authed(later.app, 'GET', '/api/scbill/statistics/trans', accessToken);
    const answer = response.json<{ data: Statistics }>().data;
    expect(answer.monthly[0]?.month).toBe('2025-11');
    expect(answer.monthly[5]?.month).toBe('2026-04');
    await later.app.close();
  });
});
