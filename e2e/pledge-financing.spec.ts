import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { confirmByQr } from './support/qr';
import { latestSmsCode, signIn } from './support/session';
import { expect, test, type APIRequestContext, type Page } from './support/test';

const SUZHOU = '苏州华信精密零部件有限公司';
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

/** Answers the SMS dialog now open with the code the sandbox gateway sends `mobile`. */
async function verifyBySms(page: Page, mobile: string): Promise<void> {
  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  // A code sent to this mobile within the minute: the dialog counts down until it may ask again.
  await expect(sms.getByRole('button', { name: '获取验证码' })).toBeVisible({ timeout: 65_000 });
  await askForSmsCode(sms);
  await solveSliderPuzzle(page);
  await sms.getByLabel('验证码').fill(await latestSmsCode(page.request, mobile));
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(sms).toBeHidden();
}

const dayBefore = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

test('苏州 applies for pledge financing, a second member approves it, and the entry link opens each state’s page', async ({
  page,
  browser,
  bindLicence,
}) => {
  // The owner and the checker each confirm one act by SMS on the way to the e-sign account; then 苏州 binds
  // its e-licence for the rest of the journey, so signing and paying are confirmed by the licence holder's QR
  // (the pledge, recourse and payment journeys walk 苏州's SMS path).
  test.setTimeout(180_000);
  await signIn(page, OWNER);
  // Contracts are signed electronically: the owner signs the e-signing agreement first.
  await page.goto('/#/company-center?type=agreements');
  await page.getByRole('button', { name: '签约电子签章服务协议' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '签约' }).click();
  await verifyBySms(page, OWNER);
  await expect(page.getByText('已签署《电子签章服务协议》')).toBeVisible();

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
  // The checker, who may sign contracts too, opens the organisation's e-sign account meanwhile.
  await checker.goto('/#/company-center/contracts');
  await checker.getByRole('button', { name: '开通电子签章账户' }).click();
  await checker
    .getByRole('dialog', { name: '开通电子签章账户' })
    .getByRole('button', { name: '开通' })
    .click();
  await verifyBySms(checker, CHECKER);
  await expect(checker.getByText('电子签章账户已开通，已生成模板印章')).toBeVisible();
  // Bound before the account was open, the licence would first have to authorise e-signing for 苏州.
  bindLicence(SUZHOU);

  // Approved, the same link opens the sign page for the applicant.
  const ownerToken = await entryToken(page.request, OWNER);
  await page.goto(`/?token=${ownerToken}&bizType=PLEDGE_FIN&bizId=${bizId}#/`);
  await expect(page).toHaveURL(new RegExp(`sub-page/sign/${bizId}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '签署融资合同' })).toBeVisible();
  await expect(page.getByText('待签约', { exact: true })).toBeVisible();

  // Both contracts, drafted as PDFs, are signed together.
  const contracts = page.getByRole('table', { name: '融资合同' });
  await expect(contracts.getByText('供应链票据质押融资借款合同')).toBeVisible();
  await expect(contracts.getByText('供应链票据质押合同')).toBeVisible();
  const packageNo = (
    await page
      .getByRole('table', { name: '质押票据' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first()
      .innerText()
  ).trim();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '批量签署（2）' }).click();
  await confirmByQr(page, () =>
    page.getByRole('dialog', { name: '签署以下2份合同？' }).getByRole('button', { name: '确认签署' }).click(),
  );
  // Signed on both sides, the bill is pledged to the institution and the money paid out.
  await expect(page.getByText('合同已签署，融资款已放款至贵司结算账户。')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('还息中', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 利随本清: one payment of the interest with the principal. The checker pays it from the interest page
  // the entry link opens now.
  const payer = await (await browser.newContext()).newPage();
  await payer.goto(`/?token=${await entryToken(payer.request, CHECKER)}&bizType=PLEDGE_FIN&bizId=${bizId}#/`);
  await expect(payer).toHaveURL(new RegExp(`sub-page/interest/${bizId}$`), { timeout: 20_000 });
  const due = payer.locator('.ant-card', { hasText: '本期应付' });
  await expect(due.getByText('本期为最后一期，含归还本金；付清后融资结清，质押票据解除质押。')).toBeVisible();
  await expectNoSeriousA11yViolations(payer);
  await due.getByRole('button', { name: '支付第1期' }).click();
  await confirmByQr(payer, () =>
    payer.getByRole('dialog', { name: '确认支付第1期？' }).getByRole('button', { name: '确定' }).click(),
  );
  await expect(payer.getByText('融资已结清，质押票据已解除质押')).toBeVisible();
  await payer.close();

  // The bill is free again: its pledge released.
  await page.goto('/#/chain-bill/pledge');
  const pledges = page.getByRole('row').filter({ hasText: packageNo }).first();
  await expect(pledges.getByText('已解除')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/#/chain-bill/pledge-business/pledge-financing');
  await expect(page.getByRole('table', { name: '融资申请' }).getByText('已结清').first()).toBeVisible();
});
