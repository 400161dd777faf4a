import { expect, test, type APIRequestContext } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { chooseFromAccountMenu } from './support/account-menu';
import { solveSliderPuzzle } from './support/captcha';
import { DEMO_PASSWORD } from './support/env';
import { arrive } from './support/session';

async function entryToken(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.post('/api/sandbox/entry-links', { data: { mobile } });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test('a pasted invitation link joins the company', async ({ page, baseURL }) => {
  // The owner of the Shanghai company makes a link through the API.
  const ownerToken = await entryToken(page.request, '13800000001');
  const created = await page.request.post('/api/invitation', {
    data: {},
    headers: { Authorization: `Bearer ${ownerToken}` },
  });
  expect(created.ok()).toBe(true);
  const { link } = ((await created.json()) as { data: { link: string } }).data;
  expect(link).toContain('/#/user/login?code=');

  // The owner of the Hangzhou company pastes it.
  await arrive(page, '13800000003');
  await expectNoSeriousA11yViolations(page);
  const dialog = page.getByRole('dialog', { name: '通过邀请链接加入企业' });
  await chooseFromAccountMenu(page, '通过邀请链接加入企业', dialog);

  await dialog.getByLabel('邀请链接').fill('https://example.com/not-an-invitation');
  await dialog.getByRole('button', { name: '查看邀请' }).click();
  await expect(dialog.getByText('请输入正确的URL')).toBeVisible();

  await dialog.getByLabel('邀请链接').fill(`${baseURL}${link}`);
  await dialog.getByRole('button', { name: '查看邀请' }).click();
  await expect(dialog.getByText('上海链票示范供应链有限公司')).toBeVisible();
  await expect(dialog.getByText('张明')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '加入企业' }).click();

  await expect(page.getByText('已加入上海链票示范供应链有限公司')).toBeVisible();
  await page.getByRole('button', { name: /^切换企业/ }).click();
  await expect(page.getByRole('menuitem', { name: /上海链票示范供应链有限公司/ })).toBeVisible();
});

test("the desktop client's join-company-success opens the invitation-link modal", async ({ page }) => {
  await arrive(page, '13800000002');
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.postMessage({ type: 'join-company-success' }, window.location.origin));
  const dialog = page.getByRole('dialog', { name: '通过邀请链接加入企业' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('邀请链接')).toBeVisible();
});

test('an invitation link opened while signed out is offered for joining right after signing in', async ({
  page,
  baseURL,
}) => {
  const ownerToken = await entryToken(page.request, '13800000001');
  const created = await page.request.post('/api/invitation', {
    data: {},
    headers: { Authorization: `Bearer ${ownerToken}` },
  });
  const { link } = ((await created.json()) as { data: { link: string } }).data;

  await page.goto(`${baseURL}${link}`);
  await expect(page.getByText('您收到一份加入企业的邀请，登录后即可查看并加入')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByPlaceholder('请输入手机号').fill('13800000002');
  await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await solveSliderPuzzle(page);

  const dialog = page.getByRole('dialog', { name: '通过邀请链接加入企业' });
  await expect(dialog.getByText('张明')).toBeVisible();
  await expect(dialog.getByLabel('邀请链接')).toHaveValue(`${baseURL}${link}`);
  // 13800000002 is staff of that company already: the server's answer is shown, the dialog stays.
  await dialog.getByRole('button', { name: '加入企业' }).click();
  await expect(dialog.getByText('您已是该企业的成员')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Offered once: a reload of the frame does not bring it back.
  await page.reload();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
