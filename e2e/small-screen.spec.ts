import { expectNoSeriousA11yViolations } from './support/a11y';
import { signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * A phone (390 x 844, the width the issue measured): the user walks from page to page through the menu
 * drawer and the header's 更多 panel, as they would with a thumb. Every page fits the width (a table
 * scrolls inside its card, never the page), opens at its top, has one h1 naming it and passes axe.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** Nothing on the page reaches past the screen's right edge, so the page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `the page at ${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** No field of a form in a card reaches past the card's padding: a field wider than the phone shrinks. */
async function expectFieldsInCards(page: Page): Promise<void> {
  const past = await page.evaluate(() =>
    [...document.querySelectorAll('.ant-card-body')].flatMap((body) => {
      const edge = body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight);
      return [...body.querySelectorAll('.ant-form-item')]
        .filter((item) => item.getBoundingClientRect().right > edge + 0.5)
        .map((item) => item.textContent ?? '');
    }),
  );
  expect(past, `fields past their card on ${page.url()}`).toEqual([]);
}

/** No amount of money (digits grouped by commas, two decimals) is broken across two lines. */
async function expectAmountsWhole(page: Page): Promise<void> {
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\d{1,3}(?:,\d{3})+\.\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  expect(broken, `amounts broken across lines on ${page.url()}`).toEqual([]);
}

/** The page is drawn at the phone's width, at its top, with its one h1; it passes axe and names its controls in Chinese. */
async function expectPageFits(page: Page, title: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 20_000 });
  await expect(page.getByText('页面出错了')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectNoSidewaysScroll(page);
  await expectFieldsInCards(page);
  await expectAmountsWhole(page);
  await expectNoSeriousA11yViolations(page);
}

/**
 * Scrolls to the bottom of the page, as a user does before reaching for the menu, then opens `item` of
 * `group` from the drawer and waits for its address: the drawer closes behind the user.
 */
async function openFromDrawer(page: Page, group: string, item: string, address: RegExp): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const toggle = page.getByRole('button', { name: '导航菜单' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const navigation = page.getByRole('navigation', { name: '主菜单' });
  await expect(navigation).toBeInViewport();
  const panel = page.getByRole('region', { name: group });
  if (!(await panel.isVisible())) await navigation.getByRole('button', { name: group, exact: true }).click();
  await panel.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(address);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation).not.toBeInViewport();
}

/**
 * Opens the tab `name` of the page's one tab bar from the keyboard: from the open tab, the arrow keys move
 * along the bar (it scrolls to show the tab the focus is on, named by its label alone), and Enter opens it.
 */
async function openTabByKeys(page: Page, name: string): Promise<void> {
  const open = page.getByRole('tab', { selected: true });
  const tabs = (await page.getByRole('tab').allInnerTexts()).map((label) => label.trim());
  const from = tabs.indexOf((await open.innerText()).trim());
  const to = tabs.indexOf(name);
  await open.focus();
  for (let at = from; at !== to; at += Math.sign(to - from)) {
    await page.keyboard.press(to > from ? 'ArrowRight' : 'ArrowLeft');
  }
  const tab = page.getByRole('tab', { name, exact: true });
  await expect(tab).toBeFocused();
  await expect(tab).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
}

test('on a phone the user walks through the drawer menu; no page scrolls sideways and each passes axe', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await signIn(page, '13800000001');
  await expectPageFits(page, '工作台');
  // The menu is a drawer, not a rail: the page takes the whole width.
  await expect(page.getByRole('navigation', { name: '主菜单' })).not.toBeInViewport();

  await openFromDrawer(page, '票据业务', '出票', /#\/chain-bill\/issue$/);
  await expectPageFits(page, '出票信息登记');
  await openFromDrawer(page, '票据业务', '背书', /#\/chain-bill\/endorse$/);
  await expectPageFits(page, '背书转让');
  await openFromDrawer(page, '票据业务', '待签收', /#\/chain-bill\/sign-workbench$/);
  await expectPageFits(page, '待签收');
  // A list wider than the phone scrolls inside its card, and the keyboard can reach what is scrolled away.
  const scroller = page.locator('.ant-table-content').first();
  await expect(scroller).toHaveAttribute('tabindex', '0');
  // The bills' own filter bar, opened whole, keeps its fields (a date range among them) to its card too.
  await page.getByRole('button', { name: '更多筛选' }).click();
  await expect(page.getByText('到期日区间')).toBeVisible();
  await expectFieldsInCards(page);

  // A list's filter fields (a date range is wider than the phone with its label) keep to their card.
  await openFromDrawer(page, '票据业务', '提示付款', /#\/chain-bill\/pay-prompt$/);
  await expectPageFits(page, '提示付款');
  await openFromDrawer(page, '融资服务', '轻松贴融资', /#\/chain-bill\/ease-discount$/);
  await expectPageFits(page, /轻松贴融资/);

  await openFromDrawer(page, '企业中心', '企业认证与授权', /#\/company-center\?type=authorize$/);
  await expectPageFits(page, '企业中心');
  // The seven tabs are wider than the phone. The first is tapped; the others are reached from the keyboard,
  // which walks along the bar and brings a tab scrolled away into view, named by its label alone.
  await page.getByRole('tab', { name: '企业信息', exact: true }).tap();
  await expect(page.getByRole('tab', { name: '企业信息', selected: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  for (const tab of ['申请记录', '成员管理', '签约管理', '渠道管理']) {
    await openTabByKeys(page, tab);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }
  await openFromDrawer(page, '企业中心', '银行账户', /#\/company-center\/bank-accounts$/);
  // The settlement account's balance, an amount beside its words, fits the phone whole.
  await expect(page.getByText('账户余额（元）')).toBeVisible();
  await expectPageFits(page, '银行账户');
  await openFromDrawer(page, '企业中心', '合同签署', /#\/company-center\/contracts$/);
  await expectPageFits(page, '电子合同');

  // The header's tools are in 更多: each fits the screen, and 账号安全 leads to its page.
  const more = page.getByRole('button', { name: '更多' });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('link', { name: '账号安全' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security$/);
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expectPageFits(page, '账号安全');

  await page.getByRole('button', { name: '导航菜单' }).click();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '工作台' }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard$/);
  await expectPageFits(page, '工作台');
  expect(failures).toEqual([]);
});
