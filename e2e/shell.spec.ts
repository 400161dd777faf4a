import { chooseFromAccountMenu, currentCompany } from './support/account-menu';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { arrive } from './support/session';
import { expect, test, type Page } from './support/test';

const contentOffset = (page: Page) =>
  page.getByRole('main').evaluate((main) => getComputedStyle(main).marginLeft);

test('the menu opens each business area; areas built later say 建设中 with the way back', async ({
  page,
}) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => contentOffset(page)).toBe('100px');

  await page.getByRole('button', { name: '票据业务' }).click();
  await expect.poll(() => contentOffset(page)).toBe('250px');
  const panel = page.getByRole('region', { name: '票据业务' });
  for (const area of [
    '出票',
    '背书',
    '贴现',
    '质押',
    '保证',
    '追索',
    '存托',
    '冻结/解冻',
    '信托转让',
    '提示付款',
  ]) {
    await expect(panel.getByRole('link', { name: area, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('link', { name: '存托', exact: true }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/depository$/);
  await expect(page.getByRole('heading', { name: /「存托」功能建设中/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('票据业务');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect.poll(() => contentOffset(page)).toBe('200px');
  await page.getByRole('button', { name: '收起子菜单' }).click();
  await expect.poll(() => contentOffset(page)).toBe('50px');

  await page.getByRole('button', { name: '返回工作台' }).click();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
});

test('moving between pages keeps the frame: no second company list, no second socket', async ({ page }) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);
  const companyLists: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/account/orgs/list') companyLists.push(request.url());
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));

  await page.getByRole('button', { name: '票据业务' }).click();
  await page
    .getByRole('region', { name: '票据业务' })
    .getByRole('link', { name: '存托', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: /「存托」功能建设中/ })).toBeVisible();
  await page.getByRole('link', { name: '账号安全' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security/);
  await expect(page.getByRole('heading', { name: '账号安全' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('button', { name: '返回工作台' })
    .or(page.getByRole('button', { name: '工作台' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();

  expect(companyLists).toEqual([]);
  expect(sockets).toEqual([]);
});

test('13800000004 switches between its companies: account, permissions and dashboard follow', async ({
  page,
}) => {
  await arrive(page, '13800000004');
  await expectNoSeriousA11yViolations(page);
  const account = page.getByRole('button', { name: /^切换企业/ });
  await expect(account).toContainText(/有限公司/);
  // The server remembers the last company of the account; start from Shanghai either way.
  if ((await account.textContent())?.includes('杭州')) {
    await chooseFromAccountMenu(
      page,
      /上海链票示范供应链有限公司/,
      currentCompany(page, '上海链票示范供应链有限公司'),
    );
  }
  await expect(page.getByRole('banner').getByRole('button', { name: /^导出中心/ })).toBeVisible();
  // In Shanghai this member is 业务经办: the menu offers 出票.
  const billMenu = page.getByRole('region', { name: '票据业务' });
  await page.getByRole('button', { name: '票据业务', exact: true }).click();
  await expect(billMenu.getByRole('link', { name: '出票', exact: true })).toBeVisible();

  await chooseFromAccountMenu(page, /杭州未认证贸易有限公司/, currentCompany(page, '杭州未认证贸易有限公司'));

  await expect(page.getByText('已切换至杭州未认证贸易有限公司')).toBeVisible();
  await expect(account).toContainText('杭州未认证贸易有限公司');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('SgThsk_userInfo') ?? 'null'));
  expect(stored).toMatchObject({ orgName: '杭州未认证贸易有限公司', authorized: false });
  // In Hangzhou this member is 查看人员 (dashboard, notices, exports): no 出票 in the menu.
  if (!(await billMenu.isVisible()))
    await page.getByRole('button', { name: '票据业务', exact: true }).click();
  await expect(billMenu).toBeVisible();
  await expect(billMenu.getByRole('link', { name: '出票', exact: true })).toHaveCount(0);

  // A business page needs an authorized company.
  await page.goto('/#/chain-bill/issue');
  await expect(page.getByText('暂无操作权限，请联系企业管理员')).toBeVisible();
});

test('the non-payment banner follows the socket', async ({ page }) => {
  await arrive(page, '13800000001');
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByText('服务费待缴提醒')).toHaveCount(0);

  await expect
    .poll(async () => {
      const sent = await page.request.post('/api/sandbox/non-payment', {
        data: { mobile: '13800000001', show: true },
      });
      return ((await sent.json()) as { data: { sent: number } }).data.sent;
    })
    .toBeGreaterThan(0);
  await expect(page.getByText('服务费待缴提醒')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.request.post('/api/sandbox/non-payment', { data: { mobile: '13800000001', show: false } });
  await expect(page.getByText('服务费待缴提醒')).toHaveCount(0);
});

test('the help centre answers as the user types', async ({ page }) => {
  await page.goto('/#/help-center/chain-bill');
  await page.getByRole('textbox', { name: '搜索帮助内容' }).fill('打款');
  await expect(page.getByText(/找到 \d+ 篇相关内容/)).toBeVisible();
  await expect(page.locator('mark', { hasText: '打款' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '质押融资', level: 2 })).toHaveCount(0);
});
