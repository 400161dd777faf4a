import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { restoreUnauthenticated } from './support/demo-state';
import { latestSmsCode, signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * Banks end to end: an unauthenticated company authenticates itself by small-amount transfer, reading the
 * amount from the sandbox bank's statement; an owner adds, verifies and binds a settlement account.
 */

const HANGZHOU = '杭州未认证贸易有限公司';

/** Every page visited is checked; contrast waits for the theme (support/a11y.ts). */
const checkA11y = (page: Page) => expectNoSeriousA11yViolations(page);

/** Picks a branch in a branch picker by typing part of its name or number, as a person would. */
async function pickBranch(
  page: Page,
  field: ReturnType<Page['getByLabel']>,
  typed: string,
  branchName: string,
) {
  await field.click();
  await field.fill(typed);
  const option = page.locator('.ant-select-dropdown').getByText(branchName, { exact: true });
  await expect(option).toBeVisible();
  await option.click();
}

/** The amount of the newest transfer on the sandbox bank's statement page of `accountNo`. */
async function amountFromStatement(page: Page, accountNo: string): Promise<string> {
  await page.goto('/#/sandbox');
  const card = page
    .locator('section, .ant-card')
    .filter({ has: page.getByRole('heading', { name: '银行账户流水' }) });
  await card.getByLabel('银行账号').fill(accountNo);
  await card.getByRole('button', { name: '查询' }).click();
  const statement = page.getByRole('list', { name: '银行账户流水' });
  await expect(statement).toBeVisible();
  await checkA11y(page);
  const amount = await statement.locator('strong').first().textContent();
  expect(amount).toMatch(/^0\.\d\d$/);
  return amount!;
}

test('13800000003 authenticates its company by transfer, and the business areas open', async ({ page }) => {
  test.slow();
  const accountNo = '955880001234';
  try {
    await signIn(page, '13800000003');
    await page.goto('/#/chain-bill/issue');
    await expect(page.getByText('暂无操作权限，请联系企业管理员')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: '去认证' }).click();
    await expect(page).toHaveURL(/#\/company-center\?type=authorize/);

    await expect(page.getByRole('heading', { name: '企业认证' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /对公账户小额打款认证/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /电子营业执照扫码认证/ })).toBeEnabled();
    const steps = page.getByRole('region', { name: '小额打款验证操作说明' });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(steps).toContainText('预计2小时内到账');
    await checkA11y(page);

    await expect(page.getByLabel('账户名称')).toHaveValue(HANGZHOU);
    await page.getByLabel('对公银行账号').fill('9558 8000 1234');
    await pickBranch(page, page.getByLabel('开户行'), '杭州中大', '中国银行股份有限公司杭州中大支行');
    await page.getByRole('button', { name: '发起小额打款' }).click();

    await expect(page.getByRole('heading', { name: '平台已打款，请查看到账金额后填写' })).toBeVisible();
    await expect(page.getByText(/预计2小时内到账/).first()).toBeVisible();
    await expect(page.getByText('还可输入 4 次', { exact: false })).toBeVisible();
    await checkA11y(page);

    const amount = await amountFromStatement(page, accountNo);
    await page.goto('/#/company-center?type=authorize');
    const wrong = amount === '0.99' ? '0.98' : '0.99';
    await page.getByLabel('到账金额（元）').fill(wrong);
    await page.getByRole('button', { name: '提交验证' }).click();
    await expect(page.getByText('金额不正确，还可输入3次')).toBeVisible();
    await expect(page.getByText('还可输入 3 次', { exact: false })).toBeVisible();

    await page.getByLabel('到账金额（元）').fill(amount);
    await page.getByRole('button', { name: '提交验证' }).click();
    await expect(page.getByRole('heading', { name: '企业已完成认证' })).toBeVisible();
    await expect(page.getByText('对公账户小额打款认证')).toBeVisible();
    await checkA11y(page);

    // The company list carries the flag now: the business areas open.
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('SgThsk_userInfo') ?? 'null')?.authorized),
      )
      .toBe(true);
    await page.goto('/#/chain-bill/issue');
    await expect(page.getByText('暂无操作权限，请联系企业管理员')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '出票信息登记' })).toBeVisible();
    await checkA11y(page);
  } finally {
    restoreUnauthenticated(HANGZHOU);
  }
});

test('13800000001 adds a bank account, verifies it and binds it as the settlement account', async ({
  page,
}) => {
  test.slow();
  const mobile = '13800000001';
  const accountNo = '6222021234567890';
  await signIn(page, mobile);
  await page.goto('/#/company-center/bank-accounts');
  await expect(page.getByRole('heading', { name: '银行账户' })).toBeVisible();
  // The accounts' table, not the settlement statement's below it.
  const table = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: '银行账号', exact: true }) });
  const seeded = table.getByRole('row', { name: /9845 \*{4} \*{4} \*{4} 0187/ });
  const defaultTag = (row: typeof seeded) => row.getByText('默认结算账户', { exact: true });
  await expect(defaultTag(seeded)).toBeVisible();
  await expect(seeded).toContainText('已验证');
  await checkA11y(page);

  await page.getByRole('button', { name: '添加银行账户' }).click();
  const drawer = page.getByRole('dialog', { name: '添加银行账户' });
  await expect(drawer.getByLabel('账户名称')).toHaveValue('上海链票示范供应链有限公司');
  await drawer.getByLabel('银行账号').fill('6222 0212 3456 7890');
  await pickBranch(page, drawer.getByLabel('开户行'), '3102900000', '上海浦东发展银行南市支行');
  await expect(drawer.getByText('上海浦东发展银行', { exact: true })).toBeVisible();
  await checkA11y(page);
  await drawer.getByRole('button', { name: '添加并发起打款验证' }).click();
  await expect(page.getByText('已添加，验证打款已发起，预计2小时内到账')).toBeVisible();

  const added = table.getByRole('row', { name: /6222 \*{4} \*{4} 7890/ });
  await expect(added).toContainText('验证中');
  await expect(added).toContainText('待输入金额');

  const amount = await amountFromStatement(page, accountNo);
  await page.goto('/#/company-center/bank-accounts');
  await added.getByRole('button', { name: /^输入金额/ }).click();
  const verify = page.getByRole('dialog', { name: '打款金额验证' });
  await verify.getByLabel('到账金额（元）').fill('1.5');
  await verify.getByRole('button', { name: '验证' }).click();
  await expect(verify.getByText('请输入0.01至0.99元之间的金额，最多两位小数')).toBeVisible();
  // A negative amount is refused in the form and costs no try; a wrong one costs one, and the dialog counts.
  await verify.getByLabel('到账金额（元）').fill(`-${amount}`);
  await verify.getByRole('button', { name: '验证' }).click();
  await expect(verify.getByText('请输入0.01至0.99元之间的金额，最多两位小数')).toBeVisible();
  await expect(verify).toContainText('还可输入 4 次');
  await verify.getByLabel('到账金额（元）').fill(amount === '0.99' ? '0.98' : '0.99');
  await verify.getByRole('button', { name: '验证' }).click();
  await expect(verify.getByText('金额不正确，还可输入3次')).toBeVisible();
  await expect(verify).toContainText('还可输入 3 次');
  await verify.getByLabel('到账金额（元）').fill(amount);
  await checkA11y(page);
  await verify.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('验证成功，账户已通过打款验证')).toBeVisible();
  await expect(added).toContainText('已验证');

  await added.getByRole('button', { name: /^设为默认结算账户/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '设为默认结算账户' }).click();
  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  await askForSmsCode(sms);
  await solveSliderPuzzle(page);
  await sms.getByLabel('验证码').fill(await latestSmsCode(page.request, mobile));
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(sms).toBeHidden();
  await expect(page.getByText('已设为默认结算账户', { exact: true })).toBeVisible();
  await expect(defaultTag(added)).toBeVisible();
  await expect(defaultTag(seeded)).toHaveCount(0);
});

test('an account at a branch the directory lacks is added by the branch’s 12-digit number and name', async ({
  page,
}) => {
  await signIn(page, '13800000001');
  await page.goto('/#/company-center/bank-accounts');
  await page.getByRole('button', { name: '添加银行账户' }).click();
  const drawer = page.getByRole('dialog', { name: '添加银行账户' });
  await drawer.getByLabel('银行账号').fill('1001 2345 6789 0123');
  await drawer.getByRole('button', { name: '列表中没有开户行？填写联行号和名称' }).click();
  const branchNo = drawer.getByLabel('开户行联行号');
  const branchName = drawer.getByLabel('开户行名称');
  // The form knows the length; only the server knows which head-office codes exist.
  await branchNo.fill('10229000201');
  await branchName.fill('中国工商银行股份有限公司上海市外滩支行');
  await drawer.getByRole('button', { name: '添加并发起打款验证' }).click();
  await expect(drawer.getByText('联行号须为12位数字')).toBeVisible();
  await branchNo.fill('999290002014');
  await drawer.getByRole('button', { name: '添加并发起打款验证' }).click();
  await expect(page.getByText('联行号前3位不是已知银行的行别代码，请核对联行号')).toBeVisible();
  await checkA11y(page);
  await branchNo.fill('1022 9000 2014');
  await drawer.getByRole('button', { name: '添加并发起打款验证' }).click();
  await expect(page.getByText('已添加，验证打款已发起，预计2小时内到账')).toBeVisible();
  const table = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: '银行账号', exact: true }) });
  const added = table.getByRole('row', { name: /1001 \*{4} \*{4} 0123/ });
  await expect(added).toContainText('验证中');
  await expect(added).toContainText('中国工商银行');
  await checkA11y(page);
});
