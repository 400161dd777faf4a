import { expectNoSeriousA11yViolations } from './support/a11y';
import { confirmByQr } from './support/qr';
import { arrive } from './support/session';
import { comeFrom, expect, test, type Page } from './support/test';

/**
 * The ledger end to end: 苏州 (A, drawer and its own acceptor) issues two bills to 宁波 (B); B refuses the
 * first, A sees its list change and delivers it again; B signs both at once on the 待签收 workbench; B endorses
 * half of the first back to A, who signs for it and sees the split range, the chain and the bill's face.
 * Both companies bind their e-licences for this journey, so every act is confirmed after its summary by the
 * licence holder's QR (the SMS confirmation of an act is walked by the payment, pledge and recourse journeys,
 * where one code a minute per mobile sets the pace).
 */
const A = { mobile: '13800000005', name: '苏州华信精密零部件有限公司' };
const B = { mobile: '13800000006', name: '宁波海曙包装材料有限公司' };

const FACE = '10000.00';
/** The second bill, registered as one that may not be split: its range is 0. */
const SECOND_FACE = '2000';
const HALF = '5000';
const FRONT_HALF = '000000000001-000000500000';
const BACK_HALF = '000000500001-000001000000';

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

/**
 * The summary every act shows before it is sent (operation, amounts in figures and capitals, counterparty,
 * range): checks it names `shown`, then confirms and has the licence holder confirm the QR it is asked for.
 */
async function confirmAct(page: Page, operation: string, shown: readonly string[]): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `确认${operation}` });
  await expect(dialog).toBeVisible();
  const summary = dialog.getByTestId('act-summary');
  for (const text of shown) await expect(summary).toContainText(text);
  await expectNoSeriousA11yViolations(page);
  await confirmByQr(page, () => dialog.getByRole('button', { name: '确认并验证' }).click());
}

/** Signs the pending application about `packageNo` on the 待签收 workbench as it is open now. */
async function signOnWorkbench(page: Page, packageNo: string, kind: string): Promise<void> {
  const row = page.getByRole('row', { name: new RegExp(packageNo) });
  await expect(row.getByText(kind)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: '签收' }).click();
  const dialog = page.getByRole('dialog', { name: `确认签收${kind}` });
  // The receiving account: the organisation's default verified one is preselected.
  await expect(dialog.getByText('（默认）')).toBeVisible();
  await confirmAct(page, `签收${kind}`, [packageNo]);
  await expect(page.getByText('已签收', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(packageNo) })).toHaveCount(0);
}

/** Registers a bill from A to B on the issue page as it is open now; answers its package number. */
async function issueToB(
  page: Page,
  face: string,
  capitals: string,
  options: { remark?: string; whole?: boolean },
): Promise<string> {
  await pickOrg(page, '承兑人', A.name);
  await pickOrg(page, '收款人', B.name);
  await page.getByLabel('票据金额（元）').fill(face);
  await expect(page.getByTestId('amount-capitals')).toHaveText(`大写金额：${capitals}`);
  // The issue form's own 到期日, not the list filter's 到期日区间; Enter keeps the form open.
  const due = page.getByRole('textbox', { name: /^(\* )?到期日$/ });
  await due.fill(dueInThreeMonths());
  await due.press('Enter');
  await expect(page.getByRole('dialog', { name: '确认出票' })).toHaveCount(0);
  if (options.whole) await page.getByRole('checkbox', { name: '允许分包流转' }).uncheck();
  if (options.remark) await page.getByLabel('备注').fill(options.remark);
  await page.getByRole('button', { name: '提交出票' }).click();
  await confirmAct(page, '出票', [capitals, B.name, options.whole ? '0（整张（不可分包））' : '登记后生成']);

  const drawer = page.getByRole('dialog', { name: '票据详情' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('提示收票 · ')).toBeVisible();
  const packageNo = (await drawer.locator('.ant-typography').first().innerText()).trim();
  expect(packageNo).toMatch(/^7\d{29}$/);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(packageNo) })).toBeVisible();
  return packageNo;
}

/** A due date three months on (well inside the six-month term), as the date picker takes it. */
function dueInThreeMonths(): string {
  const today = new Date(Date.now() + 8 * 3_600_000);
  today.setUTCMonth(today.getUTCMonth() + 3, 1);
  return today.toISOString().slice(0, 10);
}

test('bills issued by one company are refused, delivered again and signed for in one batch, half endorsed back, and the drawer sees the split, the chain and the face', async ({
  page,
  browser,
  baseURL,
  clientAddress,
  bindLicence,
}) => {
  // Two companies, seven acts each confirmed by QR, and axe on every page.
  test.setTimeout(300_000);
  for (const party of [A, B]) bindLicence(party.name);
  // ---- A issues the bill to B
  await arrive(page, A.mobile);
  await open(page, '/chain-bill/issue', '出票信息登记');
  const packageNo = await issueToB(page, FACE, '人民币壹万元整', { remark: '三月货款' });
  const drawer = page.getByRole('dialog', { name: '票据详情' });

  const other = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await comeFrom(other, clientAddress);
  try {
    // ---- B refuses it, from the to-do notice on its dashboard
    const payee = await other.newPage();
    await arrive(payee, B.mobile);
    const todo = payee.locator('.ant-card', { hasText: '待办事项' });
    await expect(todo).toContainText(packageNo);
    await expectNoSeriousA11yViolations(payee);
    await todo.getByRole('link', { name: '去处理：提示收票待签收' }).first().click();
    await expect(payee).toHaveURL(/#\/chain-bill\/sign-workbench\?bill=/);
    await expect(payee.getByText(`仅显示票据包号 ${packageNo} 的待签收申请`)).toBeVisible();
    const pendingRow = payee.getByRole('row', { name: new RegExp(packageNo) });
    await pendingRow.getByRole('button', { name: '驳回' }).click();
    const refusal = payee.getByRole('dialog', { name: '确认驳回提示收票' });
    await refusal.getByLabel('驳回理由').fill('合同尚未签订');
    await confirmAct(payee, '驳回提示收票', ['10,000.00 元', '人民币壹万元整', A.name]);
    await expect(payee.getByText('已驳回', { exact: true }).first()).toBeVisible();
    await expect(payee.getByRole('row', { name: new RegExp(packageNo) })).toHaveCount(0);

    // ---- A's list follows without a reload: the refused bill now offers 再次提示收票 and 撤票
    const issuedRow = page.getByRole('row', { name: new RegExp(packageNo) });
    await expect(issuedRow.getByRole('button', { name: '再次提示收票' })).toBeVisible({ timeout: 15_000 });
    await expect(issuedRow.getByRole('button', { name: '撤票' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // ---- A registers a second bill, one that may not be split, then delivers the first again
    const wholeNo = await issueToB(page, SECOND_FACE, '人民币贰仟元整', { whole: true });
    await issuedRow.getByRole('button', { name: '再次提示收票' }).click();
    await confirmAct(page, '再次提示收票', ['10,000.00 元', B.name, '000000000001-000001000000']);
    await expect(page.getByText('已再次提示收票，等待收款人签收')).toBeVisible();
    await expect(issuedRow.getByRole('button', { name: '再次提示收票' })).toHaveCount(0);

    // ---- B signs both at once on the 待签收 workbench
    await open(payee, '/chain-bill/sign-workbench', '待签收');
    expect(wholeNo).not.toBe(packageNo);
    for (const no of [packageNo, wholeNo]) {
      await payee.getByRole('checkbox', { name: new RegExp(`选择票据包号 ${no}`) }).check();
    }
    await payee.getByRole('button', { name: '批量签收' }).click();
    const batchDialog = payee.getByRole('dialog', { name: '确认批量签收（2笔）' });
    await expect(batchDialog.getByText('（默认）')).toBeVisible();
    await confirmAct(payee, '批量签收（2笔）', ['12,000.00 元', '人民币壹万贰仟元整', A.name, '、0']);
    const result = payee.getByRole('dialog', { name: '办理结果' });
    await expect(result).toContainText('签收成功，共2笔');
    await expectNoSeriousA11yViolations(payee);
    await result.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(payee.getByRole('row', { name: new RegExp(packageNo) })).toHaveCount(0);
    await expect(payee.getByRole('row', { name: new RegExp(wholeNo) })).toHaveCount(0);

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
    await confirmAct(payee, '背书转让', ['5,000.00 元', '人民币伍仟元整', A.name, FRONT_HALF]);
    await expect(payee.getByText('背书申请已提交，等待被背书人签收')).toBeVisible();
    const applied = payee
      .locator('.ant-card', { hasText: '我发起的申请' })
      .getByRole('row', { name: new RegExp(packageNo) });
    await expect(applied.getByText('待签收')).toBeVisible();
    await expect(applied).toContainText(FRONT_HALF);
    await expectNoSeriousA11yViolations(payee);

    // ---- A signs for the half and sees the split range and the chain
    await open(page, '/chain-bill/sign-workbench', '待签收');
    await signOnWorkbench(page, packageNo, '转让背书');
    await open(page, '/chain-bill/issue', '已出票据');
    await page
      .getByRole('row', { name: new RegExp(packageNo) })
      .getByRole('button', { name: '详情' })
      .click();
    await expect(drawer).toBeVisible();
    const held = drawer.getByRole('row').filter({ hasText: FRONT_HALF }).filter({ hasText: '持有中' });
    await expect(held).toContainText('5,000.00');
    await expect(held).toContainText('可流通');
    await expect(drawer.getByRole('row').filter({ hasText: '已转出' })).toContainText(
      '000000000001-000001000000',
    );
    // The face: parties, amount in capitals, remark on the front; the acts in order on the back.
    const face = drawer.getByTestId('bill-face');
    await expect(face).toContainText('人民币壹万元整');
    await expect(face).toContainText('三月货款');
    await expect(face.getByRole('row').filter({ hasText: '转让背书签收' })).toContainText(FRONT_HALF);
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
