import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test, type Page } from './support/test';
import { solveSliderPuzzle, solveSliderPuzzleByKeyboard, tabUntilFocused } from './support/captcha';
import { DEMO_PASSWORD } from './support/env';

async function fillCredentials(page: Page, mobile: string, password: string) {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

test('an owner signs in by dragging the slider, lands on the dashboard and signs out', async ({ page }) => {
  await fillCredentials(page, '13800000001', DEMO_PASSWORD);
  await expect(page.getByRole('dialog', { name: '请完成安全验证' }).getByAltText('拼图背景')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await solveSliderPuzzle(page);

  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(page.getByText('上海链票示范供应链有限公司').first()).toBeVisible();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('SgThsk_userInfo') ?? 'null'));
  expect(stored).toMatchObject({ mobile: '13800000001', authorized: true, bound: true });
  expect(stored.permissions['/chain-bill/dashboard']).toBe(true);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem('SgThsk_authInfo'))).toBeNull();

  // The app shell is gone with the session: the dashboard sends a signed-out visitor back to sign in.
  await page.goto('/#/chain-bill/dashboard');
  await expect(page).toHaveURL(/#\/user\/login/);
});

test('an owner signs in by keyboard alone: Tab goes from field to field, Enter signs in', async ({
  page,
}) => {
  await page.goto('/#/user/login');
  const mobile = page.getByPlaceholder('请输入手机号');
  const password = page.getByPlaceholder('请输入密码');
  await expectNoSeriousA11yViolations(page);

  await tabUntilFocused(page, mobile);
  await page.keyboard.type('13800000001');
  // From the filled mobile field, Tab reaches the password, not the field's clear button.
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await expect(mobile).toHaveValue('13800000001');

  // Escape clears a field from the keyboard.
  await page.keyboard.press('Shift+Tab');
  await expect(mobile).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(mobile).toHaveValue('');
  await page.keyboard.type('13800000001');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await solveSliderPuzzleByKeyboard(page);

  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
});

test('a wrong password shows the spec message and counts the failure', async ({ page }) => {
  await fillCredentials(page, '13800000002', 'Wrong@1234');
  await solveSliderPuzzle(page);
  await expect(page.getByText('手机号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/user\/login/);
  const count = await page.evaluate(() =>
    Object.keys(localStorage).find((key) => key.startsWith('SgThsk_') && key.includes('13800000002')),
  );
  expect(count).toBeTruthy();
});

test('the page survives a reload signed in', async ({ page }) => {
  await fillCredentials(page, '13800000004', DEMO_PASSWORD);
  await solveSliderPuzzle(page);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
});
