import { expectNoSeriousA11yViolations } from './support/a11y';
import { signIn } from './support/session';
import { expect, test, type APIRequestContext, type Page } from './support/test';

const OWNER = '13800000005';
const CHECKER = '13800000007';
/** The product's smallest amount. */
const AMOUNT = 10_000;

/** A fresh entry link's access token of the sandbox for one account. */
async function entryToken(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.post('/api/sandbox/entry-links', { data: { mobile } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The visible choice of an open antd select (its role="option" elements are a hidden list for screen readers). */
const choice = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

const dayBefore = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

test('苏州 applies for pledge financing, a second member approves it, and the entry link opens each state’s page', async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER);
  await page.goto('/#/chain-bill/pledge-business/pledge-financing');
  await expect(page.getByRole('heading', { name: '质押融资', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '发起融资申请' }).click();
  await expect(page).toHaveURL(/pledge-financing-start\/sub-page\/open-add\/new$/);

  await page.getByRole('combobox', { name: '融资产品' }).click();
  await choice(page, '招商银行（模拟）').click();
  await expect(page.getByText(/可用授信额度5,000,000.00元/)).toBeVisible();
  await page.getByRole('combobox', { name: '质押票据' }).click();
  // A bill whose pledge value covers the amount: the journeys before this one endorse and discount parts of
  // 苏州's bills, so the first one offered may be too small.
  const offered = choice(page, /到期/);
  await expect(offered.first()).toBeVisible();
  const pledgeable = (await offered.allTextContents()).map((text) =>
    Number((/可质押([\d,]+\.\d{2})元/.exec(text)?.[1] ?? '0').replaceAll(',', '')),
  );
  const enough = pledgeable.findIndex((amount) => amount >= AMOUNT);
  expect(enough, `a bill worth pledging ${AMOUNT} among ${pledgeable.join(', ')}`).toBeGreaterThanOrEqual(0);
  const bill = offered.nth(enough);
  const dueDate = /(\d{4}-\d{2}-\d{2})到期/.exec((await bill.textContent()) ?? '')![1]!;
  await bill.click();
  await page.keyboard.press('Escape');
  await page.getByLabel('融资金额').fill(String(AMOUNT));
  await expect(page.getByText('大写：壹万元整')).toBeVisible();
  const maturity = page.getByRole('textbox', { name: /融资到期日/ });
  await maturity.fill(dayBefore(dueDate));
  await maturity.press('Enter');
  await page.getByLabel('融资用途').fill('采购原材料');
  // The cost answers as the form fills: interest with the principal at maturity (利随本清).
  await expect(page.getByRole('table', { name: '还款计划' })).toContainText('10,000.00');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/sub-page\/detail\/[\w-]+$/);
  await expect(page.getByText('待审批', { exact: true })).toBeVisible();
  await expect(page.getByText('陈静 提交申请')).toBeVisible();
  // The applicant holds no approval permission of its own to use: the owner may not check its own submission.
  const bizId = /sub-page\/detail\/([\w-]+)$/.exec(page.url())![1]!;
  await expectNoSeriousA11yViolations(page);

  // The checker arrives by an entry link naming the financing: waiting for approval, it opens the detail.
  const checker = await (await browser.newContext()).newPage();
  const checkerToken = await entryToken(checker.request, CHECKER);
  await checker.goto(`/?token=${checkerToken}&bizType=PLEDGE_FIN&bizId=${bizId}#/`);
  await expect(checker).toHaveURL(new RegExp(`sub-page/detail/${bizId}$`), { timeout: 20_000 });
  await expect(checker.getByRole('heading', { name: '审批融资申请' })).toBeVisible();
  await expectNoSeriousA11yViolations(checker);
  await checker.getByLabel('审批意见').fill('同意，按期还款');
  await checker.getByRole('button', { name: '审批通过' }).click();
  await expect(checker.getByText('待签约', { exact: true })).toBeVisible();
  await expect(checker.getByText('周敏 审批通过：同意，按期还款')).toBeVisible();
  await checker.close();

  // Approved, the same link opens the sign page for the applicant.
  const ownerToken = await entryToken(page.request, OWNER);
  await page.goto(`/?token=${ownerToken}&bizType=PLEDGE_FIN&bizId=${bizId}#/`);
  await expect(page).toHaveURL(new RegExp(`sub-page/sign/${bizId}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '签署融资合同' })).toBeVisible();
  await expect(page.getByText('待签约', { exact: true })).toBeVisible();

  // The list shows it, and a draft continues where it was left.
  await page.goto('/#/chain-bill/pledge-business/pledge-financing');
  await expect(page.getByRole('table', { name: '融资申请' }).getByText('待签约')).toBeVisible();
});
