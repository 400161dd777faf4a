import { NOTICE_PAGE } from '@contract/constants';
import { NOTICE_STATUS } from '@contract/notice';
import type { CompiledQuery } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { noticePage } from '../../src/modules/notice/service';
import { ON_SQLITE, startApp, type TestApp } from '../support/helpers';
import { recording, sqlitePlan } from '../support/query-plans';

let t: TestApp;
beforeAll(async () => {
  // SQLite's own plan (`explain query plan`), whatever database the run is on.
  t = await startApp(ON_SQLITE);
});
afterAll(async () => {
  await t.app.close();
});

/**
 * The bell's page (modules/notice/service.ts, noticePage): an organisation's unread notices to a member or to
 * all, newest first and then by id. The day-end posts a holder's reminders at one instant, so the order must
 * come from the index, ties included, not from sorting them all.
 */
it('walks the bell’s page of notices along the index, ties of one instant included, without sorting them', async () => {
  const seen: CompiledQuery[] = [];
  await noticePage(
    recording(t.app.db, seen),
    { orgId: DEMO_ORGS.shanghai.id, userId: DEMO_ACCOUNTS[0]!.id },
    { status: NOTICE_STATUS.unread },
    { page: NOTICE_PAGE.page, size: NOTICE_PAGE.size, offset: 0 },
  );
  const page = seen.find((query) => /order by/i.test(query.sql));
  expect(page?.sql).toMatch(/plat_messages/);
  const details = await sqlitePlan(t.app.db, page!);
  expect(details.some((detail) => detail.includes('plat_messages_org_created'))).toBe(true);
  expect(details.filter((detail) => detail.includes('TEMP B-TREE'))).toEqual([]);
});
