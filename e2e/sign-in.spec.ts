import { expect, test, type Page } from './support/test';
import { solveSliderPuzzle } from './support/captcha';
import { DEMO_PASSWORD } from './support/env';

async function fillCredentials(page: Page, mobile: string, password: string) {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

test('an owner signs in by dragging the slider, lands on the dashboard and signs out', async ({ page }) => {
  await fillCredentials(page, '13800000001', DEMO_PASSWORD);
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
