import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { E2E_BASE_URL } from './support/env';
import { latestSmsCode } from './support/session';
import { comeFrom, expect, test, type Page } from './support/test';

/**
 * The ledger end to end: 苏州 (A, drawer and its own acceptor) issues a bill to 宁波 (B); B's user signs for it in
 * another browser; B endorses half of it back to A, who signs for it and sees the split range and the chain.
 * Neither company has bound its e-licence, so issuing and endorsing are verified by SMS.
 */
const A = { mobile: '13800000005', name: '苏州华信精密零部件有限公司' };
const B = { mobile: '13800000006', name: '宁波海曙包装材料有限公司' };

const FACE = '10000.00';
const HALF = '5000';
const FRONT_HALF = '000000000001-000000500000';
const BACK_HALF = '000000500001-000001000000';

/** Signs in through a sandbox entry link (the slider puzzle of the login screen has its own journey). */
async function arrive(page: Page, mobile: string): Promise<void> {
  const response = await page.request.post('/api/sandbox/entry-links', { data: { mobile } });
  const { token } = ((await response.json()) as { data: { token: string } }).data;
  await page.goto(`/?token=${token}#/`);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible({ timeout: 20_000 });
}

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
}

/**
 * The visible choice of an open antd select: its role="option" elements are a hidden list for screen
 * readers, the user clicks the rendered item.
 */
function choice(page: Page, text: string | RegExp) {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
}

/** Chooses an organisation in one of the ledger's pickers by searching its name. */
async function pickOrg(page: Page, label: string, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(name.slice(0, 4));
  await choice(page, name).click();
}

/** Answers the SMS dialog of a sensitive operation with the code the sandbox gateway sent to `mobile`. */
async function verifyBySms(page: Page, mobile: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '短信验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toHaveValue(mobile);
  await expectNoSeriousA11yViolations(page);
  await askForSmsCode(dialog);
  await solveSliderPuzzle(page);
  await dialog.getByLabel('验证码').fill(await latestSmsCode(page.request, mobile));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs the pending application about `packageNo` on the 待签收 workbench as it is open now. */
async function signOnWorkbench(page: Page, packageNo: string, kind: string): Promise<void> {
  const row = page.getByRole('row', { name: new RegExp(packageNo) });
  await expect(row.getByText(kind)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: '签收' }).click();
  await expect(page.getByRole('tooltip')).toContainText('确认签收该票据');
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('已签收', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(packageNo) })).toHaveCount(0);
}

/** A due date three months on (well inside the six-month term), as the date picker takes it. */
function dueInThreeMonths(): string {
  const today = new Date(Date.now() + 8 * 3_600_000);
  today.setUTCMonth(today.getUTCMonth() + 3, 1);
  return today.toISOString().slice(0, 10);
}

test('a bill issued by one company is signed for by the payee, half endorsed back, and the drawer sees the split and the chain', async ({
  page,
  browser,
  clientAddress,
}) => {
  // Two companies, two sign-ins, two SMS verifications and an axe check of every page on the way.
  test.setTimeout(240_000);
  // ---- A issues the bill to B
  await arrive(page, A.mobile);
  await open(page, '/chain-bill/issue', '出票信息登记');
  await pickOrg(page, '承兑人', A.name);
  await pickOrg(page, '收款人', B.name);
  await page.getByLabel('票据金额（元）').fill(FACE);
  await expect(page.getByTestId('amount-capitals')).toHaveText('大写金额：人民币壹万元整');
  // The issue form's own 到期日, not the list filter's 到期日区间.
  await page.getByRole('textbox', { name: /^(\* )?到期日$/ }).fill(dueInThreeMonths());
  await page.getByLabel('备注').fill('三月货款');
  await page.getByRole('button', { name: '提交出票' }).click();
  await verifyBySms(page, A.mobile);

  const drawer = page.getByRole('dialog', { name: '票据详情' });
  await expect(drawer).toBeVisible();
  const packageNo = (await drawer.locator('.ant-typography').first().innerText()).trim();
  expect(packageNo).toMatch(/^7\d{29}$/);
  await expect(drawer.getByText('提示收票 · ')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(packageNo) })).toBeVisible();

  // ---- B signs for it in another browser
  const other = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await comeFrom(other, clientAddress);
  try {
    const payee = await other.newPage();
    await arrive(payee, B.mobile);
    // The to-do notice on the dashboard leads to the workbench open on this bill.
    const todo = payee.locator('.ant-card', { hasText: '待办事项' });
    await expect(todo).toContainText(packageNo);
    await expectNoSeriousA11yViolations(payee);
    await todo.getByRole('link', { name: '去处理：提示收票待签收' }).first().click();
    await expect(payee).toHaveURL(/#\/chain-bill\/sign-workbench\?bill=/);
    await expect(payee.getByText(`仅显示票据包号 ${packageNo} 的待签收申请`)).toBeVisible();
    await signOnWorkbench(payee, packageNo, '提示收票');

    // ---- B finds the bill in its held list filtered to 已收票, then endorses the front half back to A
    await open(payee, '/chain-bill/endorse', '背书转让');
    const heldList = payee.locator('.ant-card', { hasText: '我持有的票据' });
    await heldList.getByRole('combobox', { name: '票据状态' }).click();
    await choice(payee, '已收票').click();
    await heldList.getByRole('button', { name: /查\s*询/ }).click();
    await expect(heldList.getByRole('row', { name: new RegExp(packageNo) })).toContainText('已收票');
    await expectNoSeriousA11yViolations(payee);
    // The filter is in the address: a reload shows the same rows, the form as it was searched.
    await expect(payee).toHaveURL(/#\/chain-bill\/endorse\?held\.billStatus=CS03$/);
    const filteredList = payee.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname.endsWith('/bills/held') &&
        url.searchParams.get('size') === '10' &&
        url.searchParams.get('billStatus') === 'CS03'
      );
    });
    await payee.reload();
    await filteredList;
    await expect(payee.locator('#bills-held-filter')).toContainText('已收票');
    await expect(heldList.getByRole('row', { name: new RegExp(packageNo) })).toContainText('已收票');
    await expectNoSeriousA11yViolations(payee);
    const holding = payee.getByRole('combobox', { name: '持有票据' });
    await holding.click();
    await choice(payee, packageNo).click();
    await payee.getByLabel('背书金额（元）').fill(HALF);
    await expect(payee.getByTestId('leaving-range')).toHaveText(FRONT_HALF);
    await expect(payee.getByText(BACK_HALF)).toBeVisible();
    await pickOrg(payee, '被背书人', A.name);
    await expectNoSeriousA11yViolations(payee);
    await payee.getByRole('button', { name: '提交背书' }).click();
    await verifyBySms(payee, B.mobile);
    await expect(payee.getByText('背书申请已提交，等待被背书人签收')).toBeVisible();
    const applied = payee
      .locator('.ant-card', { hasText: '我发起的申请' })
      .getByRole('row', { name: new RegExp(packageNo) });
    await expect(applied.getByText('待签收')).toBeVisible();
    await expect(applied).toContainText(FRONT_HALF);
    await expectNoSeriousA11yViolations(payee);

    // ---- A signs for the half and sees the split range and the chain
    await page.goto('/#/chain-bill/sign-workbench');
    await signOnWorkbench(page, packageNo, '转让背书');
    await open(page, '/chain-bill/issue', '已出票据');
    await page
      .getByRole('row', { name: new RegExp(packageNo) })
      .getByRole('button', { name: '详情' })
      .click();
    await expect(drawer).toBeVisible();
    const holdings = drawer.getByRole('table');
    await expect(holdings.getByRole('row', { name: /000000000001-000001000000/ })).toContainText('已转出');
    await expect(holdings.getByRole('row', { name: new RegExp(FRONT_HALF) })).toContainText('持有中');
    await expect(holdings.getByRole('row', { name: new RegExp(FRONT_HALF) })).toContainText('5,000.00');
    const chain = drawer.locator('.ant-timeline');
    await expect(chain).toContainText(`出票信息登记`);
    await expect(chain).toContainText(
      `提示收票签收 · ${A.name} → ${B.name} · 10,000.00 元（000000000001-000001000000）`,
    );
    await expect(chain).toContainText(`转让背书 · ${B.name} → ${A.name} · 5,000.00 元（${FRONT_HALF}）`);
    await expect(chain).toContainText(`转让背书签收 · ${B.name} → ${A.name} · 5,000.00 元（${FRONT_HALF}）`);
    await expectNoSeriousA11yViolations(page);

    // B still holds the back half, ready to endorse.
    await payee.reload();
    await payee.getByRole('combobox', { name: '持有票据' }).click();
    await expect(choice(payee, `${packageNo} · ${BACK_HALF}`)).toBeVisible();
    await payee.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(payee);
  } finally {
    await other.close();
  }
});
