/**
 * A list a page permission guards exports only for a member who may open that page: the export centre's own
 * permission is not enough. 13800000007 (苏州's 业务管理员) holds the export centre but neither 贴现, 质押
 * nor 保证.
 */
import { BILL_URL } from '@contract/bills';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { DISCOUNT_URL } from '@contract/discount';
import { EXPORT_KIND, type ExportKind } from '@contract/export';
import { API_ERROR } from '@contract/errors';
import { FREEZE_URL } from '@contract/freeze';
import { GUARANTEE_SIDE, GUARANTEE_URL } from '@contract/guarantee';
import { PERMISSION } from '@contract/permissions';
import { RECOURSE_SIDE, RECOURSE_URL } from '@contract/recourse';
import { ORG_URL } from '@contract/organization';
import { PAYMENT_URL } from '@contract/payment';
import { PLEDGE_URL } from '@contract/pledge';
import { SHELL_URL } from '@contract/shell';
import { startApp, type TestApp } from '../../support/helpers';
import { billCall, errorCodeOf, ORG, tokenOf, userIdOf } from '../../support/bill-helpers';

let t: TestApp;
let manager: string;
let owner: string;

beforeAll(async () => {
  t = await startApp();
  manager = await tokenOf(t, '13800000007', ORG.suzhou);
  owner = await tokenOf(t, '13800000005', ORG.suzhou);
});
afterAll(async () => {
  await t.app.close();
});

const exportOf = (token: string, kind: string, params: Record<string, string>) =>
  billCall(t.app, 'POST', '/api/export-tasks', token, { kind, params });

describe('an export of a guarded list', () => {
  it.each([
    [EXPORT_KIND.discounts, {}],
    [EXPORT_KIND.pledges, {}],
    [EXPORT_KIND.guarantees, { side: GUARANTEE_SIDE.applied }],
    [EXPORT_KIND.recourse, { recourseSide: RECOURSE_SIDE.debtor }],
    [EXPORT_KIND.payments, { side: 'presenter' }],
  ])(
    '%s is refused to a member without the page’s permission, and made for one with it',
    async (kind, params) => {
      const refused = await exportOf(manager, kind, params);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorCodeOf(refused)).toBe(API_ERROR.forbidden);
      const made = await exportOf(owner, kind, params);
      expect(made.statusCode, made.body).toBe(201);
    },
  );

  it('a bill list, every member’s to read, exports for the same member', async () => {
    const made = await exportOf(manager, EXPORT_KIND.billsHeld, {});
    expect(made.statusCode, made.body).toBe(201);
  });
});

/**
 * The list each export writes, read as the export's params narrow it; null for an export with no list of
 * its own. Typed over every kind: a new export does not compile until its list is named here.
 */
const LIST_OF_KIND: Record<ExportKind, { url: string; params: Record<string, string> } | null> = {
  [EXPORT_KIND.operationList]: { url: SHELL_URL.operations, params: {} },
  [EXPORT_KIND.orgRelation]: { url: ORG_URL.staff, params: {} },
  [EXPORT_KIND.billsHeld]: { url: BILL_URL.held, params: {} },
  [EXPORT_KIND.billsIssued]: { url: BILL_URL.issued, params: {} },
  [EXPORT_KIND.billsPending]: { url: BILL_URL.pending, params: {} },
  [EXPORT_KIND.billApplications]: { url: BILL_URL.mine, params: {} },
  [EXPORT_KIND.guarantees]: { url: GUARANTEE_URL.list, params: { side: GUARANTEE_SIDE.applied } },
  [EXPORT_KIND.discounts]: { url: DISCOUNT_URL.list, params: {} },
  [EXPORT_KIND.pledges]: { url: PLEDGE_URL.list, params: {} },
  [EXPORT_KIND.freezes]: { url: FREEZE_URL.list, params: {} },
  [EXPORT_KIND.recourse]: { url: RECOURSE_URL.list, params: {} },
  [EXPORT_KIND.payments]: { url: PAYMENT_URL.list, params: { side: 'acceptor' } },
};

describe('every export', () => {
  // 周敏 keeps the export centre alone: every list a page permission guards, a new one too, refuses her.
  beforeAll(async () => {
    const { id } = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userIdOf('13800000007'))
      .where('org_id', '=', ORG.suzhou)
      .executeTakeFirstOrThrow();
    await t.app.db
      .deleteFrom('membership_permissions')
      .where('membership_id', '=', id)
      .where('permission_path', '!=', `${PERMISSION_PATH_PREFIX}${PERMISSION.exportCenter.path}`)
      .execute();
  });

  it.each(Object.values(EXPORT_KIND))('%s is refused exactly where its list is', async (kind) => {
    expect(kind in LIST_OF_KIND, `${kind} names no list`).toBe(true);
    const list = LIST_OF_KIND[kind];
    const listed = list
      ? await billCall(t.app, 'GET', `${list.url}?${new URLSearchParams(list.params).toString()}`, manager)
      : null;
    if (listed) expect([200, 403], listed.body).toContain(listed.statusCode);
    const made = await exportOf(manager, kind, list?.params ?? {});
    expect(made.statusCode, made.body).toBe(listed?.statusCode === 403 ? 403 : 201);
  });
});
