import { expectNoSeriousA11yViolations } from './support/a11y';
import { signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * A user moves through the app by its menu, tabs and links, never by typing an address: a page that fails
 * only after another page has loaded (their chunks and cached data meet in one tab) shows up here, where
 * the journeys that open each page directly never see it.
 */

/** Opens `item` of the sidebar group `group` and waits for the address it leads to. */
async function openFromMenu(page: Page, group: string, item: string, address: RegExp): Promise<void> {
  const panel = page.getByRole('region', { name: group });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: group, exact: true }).click();
  await panel.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(address);
}

/** The page is drawn, not the failure screen, its one h1 names it, it passes axe and names its controls in Chinese. */
async function expectPageWorks(
  page: Page,
  shown: ReturnType<Page['getByRole']>,
  title: string | RegExp,
): Promise<void> {
  await expect(shown).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('页面出错了')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoSeriousA11yViolations(page);
}

test('a user walks from area to area through the menu, tabs and links, and no page fails on the way', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await signIn(page, '13800000001');
  await expectPageWorks(page, page.getByRole('heading', { name: '工作台' }), '工作台');

  await openFromMenu(page, '票据业务', '出票', /#\/chain-bill\/issue$/);
  await expectPageWorks(page, page.getByRole('button', { name: '提交出票' }), '出票信息登记');
  await openFromMenu(page, '票据业务', '背书', /#\/chain-bill\/endorse$/);
  await expectPageWorks(page, page.getByText('我发起的申请'), '背书转让');
  await openFromMenu(page, '票据业务', '待签收', /#\/chain-bill\/sign-workbench$/);
  await expectPageWorks(page, page.getByRole('heading', { name: '待签收' }), '待签收');

  await openFromMenu(page, '融资服务', '轻松贴融资', /#\/chain-bill\/ease-discount$/);
  await expectPageWorks(page, page.getByRole('button', { name: '一键询价' }), '轻松贴融资');
  await openFromMenu(page, '支付结算', '开票', /#\/chain-bill\/invoice$/);
  await expectPageWorks(page, page.getByRole('heading', { name: /功能建设中/ }), /开票/);

  // The company centre after the bill screens: each tab, 申请记录 with its own applications among them.
  await openFromMenu(page, '企业中心', '企业认证与授权', /#\/company-center\?type=authorize$/);
  await expectPageWorks(page, page.getByRole('tab', { name: '企业认证与授权', selected: true }), '企业中心');
  for (const tab of ['企业信息', '申请记录', '成员管理', '签约管理']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectPageWorks(page, page.getByRole('tab', { name: tab, selected: true }), '企业中心');
  }
  await page.getByRole('tab', { name: '申请记录' }).click();
  await expectPageWorks(page, page.getByText('我的申请'), '企业中心');

  await openFromMenu(page, '企业中心', '银行账户', /#\/company-center\/bank-accounts$/);
  await expectPageWorks(page, page.getByRole('button', { name: /添加银行账户/ }), '银行账户');
  await openFromMenu(page, '企业中心', '合同签署', /#\/company-center\/contracts$/);
  await expectPageWorks(page, page.getByRole('tab', { name: '合同列表' }), '电子合同');
  await openFromMenu(page, '企业中心', '成员管理', /#\/company-center\?type=staff$/);
  await expectPageWorks(page, page.getByRole('tab', { name: '成员管理', selected: true }), '企业中心');

  await page.getByRole('link', { name: '账号安全' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security$/);
  await expectPageWorks(page, page.getByRole('heading', { name: '账号安全' }), '账号安全');

  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '工作台' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  await expectPageWorks(page, page.getByRole('heading', { name: '工作台' }), '工作台');
  expect(failures).toEqual([]);
});
