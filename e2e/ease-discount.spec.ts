import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { arrive, latestSmsCode } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * 轻松贴 end to end: 苏州 ticks a held bill, asks every institution at once, takes the best quote for the
 * front 1,000.00 yuan with 线上 clearing, confirms by SMS (苏州 has not bound its e-licence), and once the
 * sandbox institution signs sees the discount paid in 我的贴现 and the net amount on its settlement
 * statement.
 */
const SUZHOU = '13800000005';
const PART = '1000';

async function openFromMenu(page: Page, group: string, item: string, address: RegExp): Promise<void> {
  const panel = page.getByRole('region', { name: group });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: group, exact: true }).click();
  await panel.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(address);
}

test('苏州 compares quotes on 轻松贴, discounts the front of a bill at the best rate and sees the money arrive', async ({
  page,
}) => {
  await arrive(page, SUZHOU);
  await openFromMenu(page, '融资服务', '轻松贴融资', /#\/chain-bill\/ease-discount$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('轻松贴融资');
  const held = page.getByRole('table', { name: '可贴现票据' });
  await held.getByRole('checkbox', { name: '选择此行' }).first().check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '一键询价' }).click();

  const best = page.getByRole('row').filter({ hasText: '最优' }).first();
  await expect(best).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await best.getByRole('button', { name: /^按.+的报价申请贴现$/ }).click();
  const dialog = page.getByRole('dialog', { name: /的报价申请贴现$/ });
  await dialog.getByLabel('贴现金额').fill(PART);
  // The figures are the calculator's for the front 1,000.00 yuan, less its interest; never the whole bill's.
  const figures = dialog.getByLabel('试算');
  await expect(figures.locator('strong')).toHaveText(/^9\d\d\.\d\d$/);
  const net = (await figures.locator('strong').textContent())!.trim();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '提交贴现申请' }).click();

  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  await askForSmsCode(sms);
  await solveSliderPuzzle(page);
  await sms.getByLabel('验证码').fill(await latestSmsCode(page.request, SUZHOU));
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/^已向.+申请贴现：/)).toBeVisible();

  // The sandbox institution signs a few seconds later; the list follows the bill's realtime event.
  await page.getByRole('link', { name: '查看我的贴现' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/discount$/);
  const row = page.getByRole('table', { name: '我的贴现' }).getByRole('row').filter({ hasText: net }).first();
  await expect(row.getByText('已入账')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('已签收');
  await expectNoSeriousA11yViolations(page);

  await openFromMenu(page, '企业中心', '银行账户', /#\/company-center\/bank-accounts$/);
  const statement = page.getByRole('table', { name: '结算账户收支明细' });
  await expect(statement.getByRole('row').filter({ hasText: '贴现款' }).first()).toContainText(net);
  await expectNoSeriousA11yViolations(page);
});
