import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { confirmByQr } from './support/qr';
import { latestSmsCode } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * 质押 end to end: 苏州 opens 质押 from the menu, pledges the front 1,000.00 yuan of a held bill to a
 * sandbox institution, confirms by SMS (苏州 has not bound its e-licence), and once the institution signs
 * sees the pledge in force in 我的质押 and the pledged range in the bill's detail with its pledgee. The
 * institution then asks for the release (as its bank's system would, through the sandbox) and 苏州 is offered
 * to sign or refuse it. 苏州 signs it with its e-licence bound by then, so the licence holder confirms a QR
 * code (a second SMS would wait out the minute between codes), and the range is negotiable again.
 */
const SUZHOU = '13800000005';
const SUZHOU_NAME = '苏州华信精密零部件有限公司';
const PART = '1000';

async function arrive(page: Page, mobile: string): Promise<void> {
  const response = await page.request.post('/api/sandbox/entry-links', { data: { mobile } });
  const { token } = ((await response.json()) as { data: { token: string } }).data;
  await page.goto(`/?token=${token}#/`);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible({ timeout: 20_000 });
}

function choice(page: Page, text: string | RegExp) {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
}

test('苏州 pledges the front of a held bill to an institution, sees it pledged, and signs its release', async ({
  page,
  bindLicence,
}) => {
  await arrive(page, SUZHOU);
  await page.getByRole('button', { name: '票据业务', exact: true }).click();
  await page
    .getByRole('region', { name: '票据业务' })
    .getByRole('link', { name: '质押', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/chain-bill\/pledge$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('票据质押');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: '质押票据' }).click();
  const bill = choice(page, /到期）$/).first();
  const packageNo = ((await bill.textContent()) ?? '').slice(0, 30);
  await bill.click();
  await page.getByLabel('质押金额').fill(PART);
  await page.getByRole('combobox', { name: '质权人' }).click();
  await choice(page, '浦发银行（模拟）').click();
  await page.getByRole('button', { name: '提交质押申请' }).click();

  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await askForSmsCode(sms);
  await solveSliderPuzzle(page);
  await sms.getByLabel('验证码').fill(await latestSmsCode(page.request, SUZHOU));
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('质押申请已提交，等待金融机构签收')).toBeVisible();

  // The sandbox institution signs a few seconds later; the list follows the bill's realtime event.
  const list = page.getByRole('table', { name: '我的质押' });
  const row = list.getByRole('row').filter({ hasText: packageNo }).first();
  await expect(row.getByText('已质押')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('浦发银行（模拟）');
  await expect(row).toContainText('1,000.00');
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('质押签收').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // The pledgee asks for the release; 苏州's list offers the answer.
  const pledges = await page.request.get('/api/sandbox/institution/pledges');
  const pledge = ((await pledges.json()) as { data: Array<{ id: string; packageNo: string }> }).data.find(
    (p) => p.packageNo === packageNo,
  )!;
  const asked = await page.request.post(`/api/sandbox/institution/pledges/${pledge.id}/release`);
  expect(asked.status()).toBe(200);
  await expect(row.getByText('解除待签收')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('button', { name: '签收解除' })).toBeVisible();
  await row.getByRole('button', { name: '驳回解除' }).click();
  const refusal = page.getByRole('dialog', { name: '驳回质押解除' });
  await expect(refusal.getByLabel('驳回理由')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await refusal.getByRole('button', { name: '取消' }).click();

  bindLicence(SUZHOU_NAME);
  await confirmByQr(page, () => row.getByRole('button', { name: '签收解除' }).click());
  await expect(page.getByText('已签收质押解除，票据恢复可流通')).toBeVisible();
  await expect(row.getByText('已解除')).toBeVisible();
  await expect(row.getByRole('button', { name: '签收解除' })).toHaveCount(0);
});
