import { sql } from 'kysely';
import { startApp, type TestApp } from '../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

/**
 * The shape of every notices page (modules/notice/service.ts, pageQueries): an organisation's notices to a
 * member or to all, newest first and then by id, a page of them. The day-end posts a holder's reminders at
 * one instant, so the order must come from the index, ties included, not from sorting them all.
 */
it('walks a page of notices along the index, ties of one instant included, without sorting them', async () => {
  const plan = await sql<{ detail: string }>`explain query plan
    select m.id from plat_messages as m
    left join plat_message_reads as r on r.message_id = m.id and r.user_id = ${'u'}
    where m.org_id = ${'o'} and (m.user_id is null or m.user_id = ${'u'})
      and r.message_id is null and m.closed_at is null
    order by m.created_at desc, m.id desc limit 5 offset 0`.execute(t.app.db);
  const details = plan.rows.map((row) => row.detail);
  expect(details.some((detail) => detail.includes('plat_messages_org_created'))).toBe(true);
  expect(details.filter((detail) => detail.includes('TEMP B-TREE'))).toEqual([]);
});
