import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { arrive } from './support/session';

const redDotKey = 'SgThsk_FILE_PROCESS_EXPORT_TASK_REDDOT_13800000001_CH0001';

test('a finished export lights the red dot, opening the centre clears it, and files download under their Chinese names', async ({
  page,
}) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);
  const header = page.getByRole('banner');

  // An export started elsewhere (another tab of the same user) finishes while the centre is closed.
  const accessToken = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('SgThsk_authInfo') ?? '{}') as { access_token?: string }).access_token,
  );
  const started = await page.request.post('/api/export-tasks', {
    data: { kind: 'operation-list' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(started.status()).toBe(201);
  await expect(header.getByRole('button', { name: '导出中心，有新完成的导出' })).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate((key) => localStorage.getItem(key), redDotKey)).toBe('true');

  await header.getByRole('button', { name: '导出中心，有新完成的导出' }).click();
  const drawer = page.getByRole('dialog', { name: '导出中心' });
  await expect(header.getByRole('button', { name: '导出中心', exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), redDotKey)).toBe('false');

  const done = drawer.getByRole('row').filter({ hasText: '业务操作记录' }).first();
  await expect(done.getByText('已完成')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: /下载/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^业务操作记录_\d{14}\.xlsx$/);

  // 新建导出 from the centre: the task shows up and is followed until it is done.
  await drawer.getByRole('button', { name: /新建导出/ }).click();
  await page.getByRole('menuitem', { name: '企业关系' }).click();
  await expect(page.getByText('已创建导出任务，完成后入口将出现红点提醒')).toBeVisible();
  const relation = drawer.getByRole('row').filter({ hasText: '企业关系信息' }).first();
  await expect(relation.getByText('已完成')).toBeVisible({ timeout: 20_000 });
  const [second] = await Promise.all([
    page.waitForEvent('download'),
    relation.getByRole('button', { name: /下载/ }).click(),
  ]);
  expect(second.suggestedFilename()).toMatch(/^企业关系信息_\d{14}\.xlsx$/);
});
