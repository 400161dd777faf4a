import { expect, test, type APIRequestContext } from './support/test';

/** A fresh entry link of the sandbox for one account: `token` (an access token) and a one-time `crToken`. */
async function entryLink(
  request: APIRequestContext,
  mobile: string,
): Promise<{ token: string; crToken: string }> {
  const response = await request.post('/api/sandbox/entry-links', { data: { mobile } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string; crToken: string } }).data;
}

test('a deep link with a fresh token signs in, shows 登录中 then 页面跳转中, and lands on the dashboard', async ({
  page,
}) => {
  const { token } = await entryLink(page.request, '13800000001');
  await page.goto(`/?token=${token}#/`);

  await expect(page.getByRole('status')).toHaveText('登录中');
  await expect(page.getByRole('status')).toHaveText('页面跳转中');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  // The token was a credential: it is gone from the address.
  expect(page.url()).not.toContain(token);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('SgThsk_userInfo') ?? 'null'));
  expect(stored).toMatchObject({ mobile: '13800000001' });
});

test('a crToken is exchanged and lands on the dashboard', async ({ page }) => {
  const { crToken } = await entryLink(page.request, '13800000002');
  await page.goto(`/#/?crToken=${crToken}`);

  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  expect(page.url()).not.toContain(crToken);
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
});

test('a crToken with jumpPageType=ORDER lands on the order financing application', async ({ page }) => {
  const { crToken } = await entryLink(page.request, '13800000001');
  await page.goto(`/?crToken=${crToken}&jumpPageType=ORDER#/`);

  await expect(page).toHaveURL(/#\/chain-bill\/other\/bill-financing\/direct-financing\/apply$/);
  await expect(page.getByRole('heading', { name: /订单融资申请/ })).toBeVisible();
  await expect(page.getByText('建设中', { exact: true })).toBeVisible();
});

test('a used crToken fails: the login screen with the 提示 modal', async ({ page }) => {
  const { crToken } = await entryLink(page.request, '13800000001');
  const exchange = await page.request.post('/oauth/token', {
    form: { grant_type: 'cr_token' },
    headers: { Authorization: `Bearer ${crToken}` },
  });
  expect(exchange.ok()).toBe(true);

  await page.goto(`/#/?crToken=${crToken}`);

  await expect(page).toHaveURL(/#\/user\/login$/);
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('登录');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
});
