/**
 * A list a page permission guards exports only for a member who may open that page: the export centre's own
 * permission is not enough. 13800000007 (苏州's 业务管理员) holds the export centre but neither 贴现 nor 保证.
 */
import { EXPORT_KIND } from '@contract/export';
import { API_ERROR } from '@contract/errors';
import { GUARANTEE_SIDE } from '@contract/guarantee';
import { startApp, type TestApp } from '../../support/helpers';
import { billCall, errorCodeOf, ORG, tokenOf } from '../../support/bill-helpers';

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
    [EXPORT_KIND.guarantees, { side: GUARANTEE_SIDE.applied }],
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
