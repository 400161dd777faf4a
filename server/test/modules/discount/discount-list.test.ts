/**
 * 我的贴现: the list's filters (package number without spaces or line breaks, status, institution, discount
 * dates) and its xlsx export through the export centre with the same filters.
 */
import { DISCOUNT_URL } from '@contract/discount';
import type { DiscountRecord } from '@contract/discount-schemas';
import type { ExportParams } from '@contract/export-schemas';
import { API_ERROR } from '@contract/errors';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { addDays } from '../../../src/lib/calendar-date';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { discountCommands } from '../../../src/modules/discount/commands';
import { exportedRows } from '../../support/export-helpers';
import type { TestApp } from '../../support/helpers';
import {
  billCall,
  errorCodeOf,
  ledgerAppEach,
  type LedgerTokens,
  listOf,
  MOBILE,
  ORG,
  userIdOf,
} from '../../support/bill-helpers';

const DAY = 24 * 60 * 60 * 1000;
const { spdb, cmb } = DEMO_INSTITUTIONS;

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { dataDir: 'discount-list' });

/**
 * Suzhou discounts the front 1,000.00 yuan of a free received holding to `institutionOrgId`, `daysAgo` days
 * before today; the institution refuses when asked to.
 */
async function discounted(institutionOrgId: string, daysAgo: number, refused = false) {
  const { applyDiscount, takeAnswer } = discountCommands(t.app.adapters.institution);
  const actor = { orgId: ORG.suzhou, userId: userIdOf(MOBILE.suzhou) };
  const now = t.app.now() - daysAgo * DAY;
  const holding = await t.app.db
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .select(['h.id', 'p.package_no'])
    .where('h.org_id', '=', actor.orgId)
    .where('h.ended_at', 'is', null)
    .where('h.bill_status', '=', 'CS03')
    .where('h.circ_status', '=', 'TF0301')
    .where('p.no_transfer', '=', 0)
    .where('p.splittable', '=', 1)
    .where('p.due_date', '>', shanghaiDate(t.app.now()))
    .where('h.amount_fen', '>', 100_000)
    .orderBy('h.id')
    .executeTakeFirstOrThrow();
  const application = await t.app.db.transaction().execute((trx) =>
    applyDiscount(
      { trx, now, actor, realtime: null },
      {
        holdingId: holding.id,
        institutionOrgId,
        amountFen: 100_000,
        annualRate: '2.0000',
        interestPayer: 'PT02',
        clearing: 'SM01',
      },
    ),
  );
  if (refused) {
    await takeAnswer(t.app.db, null, now, {
      applicationId: application.id,
      act: 'discount',
      institutionOrgId,
      decision: 'refuse',
      reason: 'other',
      remark: '额度已满',
    });
  }
  return { id: application.id, packageNo: holding.package_no };
}

const listed = async (filter: Record<string, string>, accessToken = token.suzhou) =>
  (
    await listOf<DiscountRecord>(
      t,
      `${DISCOUNT_URL.list}?${new URLSearchParams({ size: '50', ...filter }).toString()}`,
      accessToken,
    )
  ).content.map((d) => d.id);

const exported = (params: ExportParams) => exportedRows(t, token.suzhou, { kind: 'discounts', params });

describe('我的贴现', () => {
  it('filters by package number, status, institution and discount dates; texts lose spaces and line breaks', async () => {
    const old = await discounted(spdb.orgId, 2, true);
    const middle = await discounted(cmb.orgId, 1);
    const recent = await discounted(spdb.orgId, 0);
    const today = shanghaiDate(t.app.now());
    expect(await listed({})).toEqual([recent.id, middle.id, old.id]);
    expect(await listed({ status: 'refused' })).toEqual([old.id]);
    expect(await listed({ institutionOrgId: cmb.orgId })).toEqual([middle.id]);
    expect(await listed({ dateFrom: addDays(today, -1) })).toEqual([recent.id, middle.id]);
    expect(await listed({ dateFrom: addDays(today, -2), dateTo: addDays(today, -2) })).toEqual([old.id]);
    expect(await listed({ dateTo: addDays(today, -3) })).toEqual([]);
    // A package number pasted with spaces and a line break matches; one of spaces only filters nothing.
    const no = middle.packageNo;
    const typed = ` ${no.slice(0, 10)} \n${no.slice(10)} `;
    expect(await listed({ packageNo: typed, institutionOrgId: cmb.orgId })).toEqual([middle.id]);
    expect(await listed({ packageNo: ' \n ' })).toHaveLength(3);
    expect(await listed({ packageNo: '%' })).toEqual([]);
    // Another organisation sees none of them.
    expect(await listed({}, token.ningbo)).toEqual([]);
    // Paged, each page with the total of the filter, past the end too.
    const pageOf = async (query: string) => {
      const page = await listOf<DiscountRecord>(t, `${DISCOUNT_URL.list}?${query}`, token.suzhou);
      return [page.totalElements, page.content.map((d) => d.id)];
    };
    expect(await pageOf('size=2&page=0')).toEqual([3, [recent.id, middle.id]]);
    expect(await pageOf('size=2&page=1')).toEqual([3, [old.id]]);
    expect(await pageOf('size=2&page=5')).toEqual([3, []]);
    expect(await pageOf(`size=1&page=3&institutionOrgId=${spdb.orgId}`)).toEqual([2, []]);

    const refusedFilters: Array<Record<string, string>> = [
      { dateFrom: '2026-02-30' },
      { dateFrom: today, dateTo: addDays(today, -1) },
      { status: 'nonsense' },
    ];
    for (const filter of refusedFilters) {
      const response = await billCall(
        t.app,
        'GET',
        `${DISCOUNT_URL.list}?${new URLSearchParams(filter).toString()}`,
        token.suzhou,
      );
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
    }
    const crossed = await billCall(
      t.app,
      'GET',
      `${DISCOUNT_URL.list}?dateFrom=${today}&dateTo=${addDays(today, -1)}`,
      token.suzhou,
    );
    expect(errorCodeOf(crossed)).toBe(API_ERROR.badRequest);
    expect(crossed.json<{ msg: string }>().msg).toBe('贴现日期的起始日不能晚于截止日');
  });

  it('exports the filtered list as xlsx, each discount with its terms', async () => {
    const old = await discounted(spdb.orgId, 2, true);
    await discounted(cmb.orgId, 1);
    const recent = await discounted(spdb.orgId, 0);
    const rows = await exported({ institutionOrgId: spdb.orgId });
    expect(rows[0]).toEqual(
      expect.arrayContaining([
        '票据包号',
        '贴现金额（元）',
        '贴现机构',
        '年利率（%）',
        '实付金额（元）',
        '状态',
      ]),
    );
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[7], r[14], r[15]])).toEqual([
      [recent.packageNo, '1000.00', spdb.name, '2.0000', '线下清算', '待签收', ''],
      [old.packageNo, '1000.00', spdb.name, '2.0000', '线下清算', '已驳回', '额度已满'],
    ]);
    expect(await exported({ institutionOrgId: spdb.orgId, status: 'pending' })).toHaveLength(2);
  });
});
