import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { QR_DIALOG, confirmQr, qrAsked } from './support/qr';
import { arrive, latestSmsCode } from './support/session';
import { comeFrom, expect, test, type Page } from './support/test';

/**
 * 保证 end to end: 上海 (drawer of the bills it issued, e-licence bound) asks 宁波 on the 保证 page to guarantee
 * its obligation as drawer on one of them and confirms by QR code; 宁波 finds the request among its to-dos,
 * signs it by SMS, and the guarantee is on the bill's back: its history shows 保证签收 with the guarantor.
 * The bill is one 宁波 neither holds nor is liable on (the server says so before any confirmation when it is,
 * and the next bill is tried): earlier journeys move the demo's bills about. The confirmation, QR and SMS
 * dialogs are checked with axe by the journeys of the other acts; here the 保证 pages and the bill's detail.
 */
const SHANGHAI = '13800000001';
const NINGBO = { mobile: '13800000006', name: '宁波海曙包装材料有限公司' };

function choice(page: Page, text: string | RegExp) {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
}

/**
 * Fills the form for the `index`-th bill offered (as its drawer, 宁波 the guarantor) and submits it; the
 * package number when the confirmation opens, null when the server refused 宁波 for that bill.
 */
async function applyFor(page: Page, index: number): Promise<string | null> {
  const bills = page.getByRole('combobox', { name: /^\*? ?票据$/ });
  await bills.click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered.first()).toBeVisible();
  const option = offered.nth(index);
  const packageNo = ((await option.textContent()) ?? '').slice(0, 30);
  await option.click();
  await page.getByRole('radio', { name: '出票人' }).check();
  const guarantor = page.getByRole('combobox', { name: '保证人' });
  // The chosen organisation shows in the field itself (the list of choices opens elsewhere in the page).
  // The field titles itself with the choice; its text is hidden while the field keeps the focus, and antd
  // also writes the choice into a hidden live region for screen readers.
  const picked = page.locator('.ant-form-item', { has: guarantor }).getByTitle(NINGBO.name, { exact: false });
  // The search answers while the user types: an answer arriving late can redraw the list under the click.
  await expect(async () => {
    await guarantor.click();
    await guarantor.fill(NINGBO.name.slice(0, 4));
    await choice(page, NINGBO.name).click({ timeout: 5_000 });
    await expect(picked).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: '提交保证申请' }).click();
  const confirm = page.getByRole('dialog', { name: '确认保证申请' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('act-summary')).toContainText(NINGBO.name);
  const asked = qrAsked(page);
  await confirm.getByRole('button', { name: '确认并验证' }).click();
  const qr = page.getByRole('dialog', { name: QR_DIALOG });
  const refused = page.getByText('保证人须为尚未在该票据上承担责任的企业', { exact: false });
  await expect(qr.or(refused).first()).toBeVisible();
  if (await qr.isVisible()) {
    await confirmQr(page, asked);
    return packageNo;
  }
  return null;
}

test('上海 asks 宁波 to guarantee a bill; 宁波 signs from its to-do and the guarantee is on the bill', async ({
  page,
  browser,
  baseURL,
  clientAddress,
}) => {
  await arrive(page, SHANGHAI);
  await page.getByRole('button', { name: '票据业务', exact: true }).click();
  await page
    .getByRole('region', { name: '票据业务' })
    .getByRole('link', { name: '保证', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/chain-bill\/guarantee$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('票据保证');
  await expectNoSeriousA11yViolations(page);

  let packageNo: string | null = null;
  for (let index = 0; packageNo === null && index < 5; index += 1) packageNo = await applyFor(page, index);
  expect(packageNo).not.toBeNull();
  await expect(page.getByText('保证申请已提交，等待保证人签收')).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: packageNo! });
  await expect(mine.first()).toContainText('待签收');

  const other = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await comeFrom(other, clientAddress);
  try {
    const guarantor = await other.newPage();
    await arrive(guarantor, NINGBO.mobile);
    const todo = guarantor.locator('.ant-card', { hasText: '待办事项' });
    await expect(todo).toContainText(packageNo!);
    await expectNoSeriousA11yViolations(guarantor);
    await todo.getByRole('link', { name: '去处理：保证待签收' }).first().click();
    await expect(guarantor).toHaveURL(/#\/chain-bill\/guarantee\?side=received$/);
    const row = guarantor.getByRole('row').filter({ hasText: packageNo! }).first();
    await expect(row).toContainText('上海链票示范供应链有限公司（出票人）');
    await expectNoSeriousA11yViolations(guarantor);
    await row.getByRole('button', { name: '签收', exact: true }).click();
    const confirm = guarantor.getByRole('dialog', { name: '确认签收保证申请' });
    await expect(confirm.getByTestId('act-summary')).toContainText(packageNo!);
    await confirm.getByRole('button', { name: '确认并验证' }).click();
    const sms = guarantor.getByRole('dialog', { name: '短信验证' });
    await expect(sms).toBeVisible();
    await askForSmsCode(sms);
    await solveSliderPuzzle(guarantor);
    await sms.getByLabel('验证码').fill(await latestSmsCode(guarantor.request, NINGBO.mobile));
    await sms.getByRole('button', { name: '确定' }).click();
    await expect(guarantor.getByText('已签收保证')).toBeVisible();
    await expect(row).toContainText('已签收');

    // On the bill's back: its history names the guarantee and the guarantor.
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = guarantor.getByRole('dialog', { name: '票据详情' });
    await expect(drawer.getByText('保证签收').first()).toBeVisible();
    await expect(drawer).toContainText(NINGBO.name);
    await expectNoSeriousA11yViolations(guarantor);
  } finally {
    await other.close();
  }

  // 上海's list follows the answer.
  await expect(mine.first()).toContainText('已签收', { timeout: 15_000 });
});
