import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { arrive } from './support/session';

test('the owner of a busy company sees the six-month figures, the trend, the operation log and the status', async ({
  page,
}) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);

  for (const kind of ['出票', '承兑', '贴现', '转让']) {
    await expect(page.getByRole('heading', { name: kind, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^\d+ 笔$/).first()).toBeVisible();

  // The amount reads in Chinese capitals on hover.
  await page.locator('p', { hasText: '¥' }).first().hover();
  await expect(page.getByRole('tooltip')).toContainText('大写：人民币');

  await expect(page.getByRole('img', { name: '月度趋势' })).toBeVisible();
  await page.getByText('按笔数').click();
  await expect(page.getByRole('img', { name: '月度趋势' })).toBeVisible();

  const log = page.locator('.ant-card', { hasText: '业务操作记录' });
  await expect(log.getByRole('row').nth(1)).toBeVisible();
  await expect(log.getByText(/共 \d+ 条/)).toBeVisible();

  await expect(page.getByText('票交所系统', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('系统正常')).toBeVisible();
  await expect(page.getByText(/工作日|非工作日/).first()).toBeVisible();
  await expect(page.getByText('企业开通功能', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('结算渠道', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('待办事项', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('平台公告', { exact: true }).first()).toBeVisible();
});

test('the owner opens a function of the organisation account', async ({ page }) => {
  // Ningbo, a supplier, has opened only 背书转让 of the bill functions it may open; 票据贴现 is built and
  // may be opened, 订单融资 is not built yet.
  await arrive(page, '13800000006');
  await expectNoSeriousA11yViolations(page);
  const functions = page.locator('.ant-card', { hasText: '企业开通功能' });
  await expect(functions.getByRole('button', { name: '开通票据贴现' })).toBeVisible();
  await expect(functions.locator('li', { hasText: '票据贴现' }).getByText('即将上线')).toHaveCount(0);
  await expect(functions.locator('li', { hasText: '订单融资' }).getByText('即将上线')).toBeVisible();
  await expect(functions.locator('li', { hasText: '背书转让' }).getByText('已开通')).toBeVisible();
  const open = functions.getByRole('button', { name: '开通票据签发' });
  await expect(open).toBeVisible();

  await open.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: '开通' }).click();

  await expect(page.getByText('已开通「票据签发」')).toBeVisible();
  await expect(functions.locator('li', { hasText: '票据签发' }).getByText('已开通')).toBeVisible();
});
