import { expect, test, type Request } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { replaceAccessToken, signIn, storedAccessToken } from './support/session';

/**
 * Token refresh in the browser (spec section 4). The server answers an unknown
 * access token with 401 invalid_token, exactly like an expired one, so replacing the stored token with a
 * random string stands in for an expiry in the middle of a session.
 */

const isRefreshGrant = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/oauth/token' &&
  (request.postData() ?? '').includes('grant_type=refresh_token');

test('an expired token mid-session is refreshed once, silently, and the page carries on', async ({
  page,
}) => {
  await signIn(page, '13800000001');
  const refreshes: Request[] = [];
  page.on('request', (request) => {
    if (isRefreshGrant(request)) refreshes.push(request);
  });
  const before = await storedAccessToken(page);

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  await replaceAccessToken(page, `expired-${crypto.randomUUID()}`);
  await page.goto('/#/chain-bill/account/security');

  await expect(page.getByText('企业管理员', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security/);
  expect(refused.length).toBeGreaterThan(0);
  expect(refreshes).toHaveLength(1);
  const after = await storedAccessToken(page);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(after).not.toMatch(/^expired-/);
  await expect(page.getByText('登录超时，请重新登录')).toHaveCount(0);
});

test('a refresh the server refuses logs out once, to the login screen', async ({ page }) => {
  await signIn(page, '13800000001');
  await page.evaluate(() => {
    for (const [store, key] of [
      [sessionStorage, 'authInfo'],
      [localStorage, 'SgThsk_authInfo'],
    ] as const) {
      const raw = store.getItem(key);
      if (raw)
        store.setItem(
          key,
          JSON.stringify({ ...JSON.parse(raw), access_token: 'gone', refresh_token: 'gone' }),
        );
    }
  });

  await page.goto('/#/chain-bill/account/security');

  await expect(page).toHaveURL(/#\/user\/login/);
  await expect(page.getByText('登录超时，请重新登录')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => localStorage.getItem('SgThsk_authInfo'))).toBeNull();
});

test('two tabs with an expired token refresh once between them and neither is logged out', async ({
  context,
  page,
}) => {
  await signIn(page, '13800000001');
  const second = await context.newPage();
  await second.goto('/#/chain-bill/dashboard');
  await expect(second).toHaveURL(/#\/chain-bill\/dashboard/);

  const refreshes: string[] = [];
  for (const tab of [page, second]) {
    tab.on('request', (request) => {
      if (isRefreshGrant(request)) refreshes.push(request.url());
    });
  }
  const expired = `expired-${crypto.randomUUID()}`;
  await replaceAccessToken(page, expired);
  await replaceAccessToken(second, expired, true);

  await Promise.all([
    page.goto('/#/chain-bill/account/security'),
    second.goto('/#/chain-bill/account/security'),
  ]);

  for (const tab of [page, second]) {
    await expect(tab.getByText('企业管理员', { exact: true })).toBeVisible();
    await expect(tab).toHaveURL(/#\/chain-bill\/account\/security/);
  }
  expect(refreshes).toHaveLength(1);
  const [first, other] = [await storedAccessToken(page), await storedAccessToken(second)];
  expect(first).toBe(other);
  expect(first).not.toMatch(/^expired-/);
  for (const tab of [page, second]) await expect(tab.getByText('登录超时，请重新登录')).toHaveCount(0);
});
