import { expect, test, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { arrive } from './support/session';

/** The bell's accessible name carries the unread total: 消息通知，N 条未读. */
async function unreadTotal(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^消息通知/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(name)?.[1] ?? 0);
}

test('a to-do notice arrives, shows on the bell and is marked read', async ({ page }) => {
  await arrive(page, '13800000002');
  await expectNoSeriousA11yViolations(page);
  const before = await unreadTotal(page);

  const posted = await page.request.post('/api/sandbox/notices', {
    data: {
      mobile: '13800000002',
      type: 2,
      title: '请签收一笔背书',
      content: '南京金陵汽车零部件有限公司向贵司背书一笔票据。',
    },
  });
  expect(posted.status()).toBe(201);

  // The server pushes NOTICE_CHANGED; the header reloads its counts.
  await expect.poll(() => unreadTotal(page)).toBe(before + 1);
  await page.getByRole('button', { name: /^消息通知/ }).click();
  const popover = page.getByRole('tooltip').filter({ hasText: '待办通知' });
  await expect(popover.getByText('请签收一笔背书')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await popover.getByRole('button', { name: '标为已读：请签收一笔背书' }).click();

  await expect(popover.getByText('请签收一笔背书')).toBeHidden();
  await expect.poll(() => unreadTotal(page)).toBe(before);
});

test('全部已读 clears every unread notice and announcement', async ({ page }) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => unreadTotal(page)).toBeGreaterThan(0);

  await page.getByRole('button', { name: /^消息通知/ }).click();
  const popover = page.getByRole('tooltip').filter({ hasText: '待办通知' });
  await popover.getByRole('tab', { name: /公告/ }).click();
  await popover.getByRole('button', { name: '全部已读' }).click();

  await expect(page.getByText('已全部标为已读')).toBeVisible();
  await expect.poll(() => unreadTotal(page)).toBe(0);
  await expect(popover.getByText('共 0 条未读')).toBeVisible();
});
