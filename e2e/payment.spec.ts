import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { setLicenceBound } from './support/demo-state';
import { actByQr, confirmByQr } from './support/qr';
import { fundSettlementAccount } from './support/sandbox-bank';
import { arrive, latestSmsCode, storedAccessToken } from './support/session';
import { serverNow } from './support/sms-outbox';
import { comeFrom, expect, test, type Page } from './support/test';

/**
 * 提示付款 end to end, on the sandbox clock. Set up through the server's own calls: 上海 (drawer and acceptor)
 * issues a bill to 苏州, 苏州 signs for it and endorses it whole to 宁波 before maturity, and 宁波 signs for
 * it. The clock moves to the maturity date; 宁波 presents it on the 提示付款 page (SMS: its licence is not
 * bound), 上海 pays it 线上 on the same page (QR: its licence is bound), and 宁波 sees it settled and the
 * money on its settlement account's statement. The clock is put back at the end.
 */
const SHANGHAI = { mobile: '13800000001', orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01' };
const SUZHOU = {
  mobile: '13800000005',
  orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03',
  name: '苏州华信精密零部件有限公司',
};
const NINGBO = {
  mobile: '13800000006',
  orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a04',
  name: '宁波海曙包装材料有限公司',
};
const SHANGHAI_NAME = '上海链票示范供应链有限公司';
/** A face no other journey uses, to find its rows and its statement line. */
const FACE = '3217.45';
const FACE_SHOWN = '3,217.45';
const DAY_MS = 86_400_000;

/** An access token of a new session of `mobile`'s, for acts of the set-up sent through the server. */
async function sessionOf(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.post('/api/sandbox/entry-links', { data: { mobile } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function openFromMenu(page: Page, group: string, item: string, address: RegExp): Promise<void> {
  const panel = page.getByRole('region', { name: group });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: group, exact: true }).click();
  await panel.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(address);
}

/** The Shanghai date `days` after the server's today. */
const shanghaiDate = (epochMs: number, days = 0): string =>
  new Date(epochMs + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);

/** The id of the application about `packageNo` waiting for the answer of the signed-in organisation. */
async function pendingFor(request: APIRequestContext, token: string, packageNo: string): Promise<string> {
  const pending = await request.get('/api/scbill/bill-applications/pending?size=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = ((await pending.json()) as { data: { content: Array<{ id: string; packageNo: string }> } })
    .data.content;
  const application = rows.find((a) => a.packageNo === packageNo);
  expect(application, `an application about ${packageNo} waits`).toBeDefined();
  return application!.id;
}

/** Answers the SMS dialog with the code the sandbox gateway sent to `mobile`. */
async function verifyBySms(page: Page, mobile: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '短信验证' });
  await expect(dialog).toBeVisible();
  await askForSmsCode(dialog);
  await solveSliderPuzzle(page);
  await dialog.getByLabel('验证码').fill(await latestSmsCode(page.request, mobile));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

test('苏州 endorses a bill to 宁波 before maturity; 宁波 presents it on 提示付款, 上海 pays it online there, and 宁波 sees it settled and paid', async ({
  page,
  browser,
  baseURL,
  clientAddress,
  bindLicence,
}) => {
  // Four acts set up through the server, two sign-ins, two confirmations and axe on six views: 2 minutes
  // at a load of four runnable processes a core.
  test.setTimeout(180_000);
  const clock = await page.request.get('/api/sandbox/clock');
  const { offsetMs } = ((await clock.json()) as { data: { offsetMs: number } }).data;
  const acceptor = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await comeFrom(acceptor, clientAddress);
  try {
    // ---- Set-up through the server: 上海 issues to 苏州, due tomorrow; 苏州 signs and endorses it to 宁波,
    // which signs. Both suppliers confirm by QR for it; 宁波 unbinds again before it presents by SMS.
    bindLicence(SUZHOU.name);
    setLicenceBound(NINGBO.name, true);
    let packageNo: string;
    try {
      // Due tomorrow: at 10:00 then, the day-end a moved clock may start is today's, which no journey awaits.
      const dueDate = shanghaiDate(await serverNow(page.request), 1);
      const issued = (await actByQr(
        page.request,
        await sessionOf(page.request, SHANGHAI.mobile),
        '/api/scbill/bills/issue',
        {
          acceptorOrgId: SHANGHAI.orgId,
          payeeOrgId: SUZHOU.orgId,
          amount: FACE,
          dueDate,
          noTransfer: false,
          splittable: true,
          remark: '提示付款旅程货款',
        },
      )) as { bill: { packageNo: string } };
      packageNo = issued.bill.packageNo;
      const suzhou = await sessionOf(page.request, SUZHOU.mobile);
      await actByQr(
        page.request,
        suzhou,
        `/api/scbill/bill-applications/${await pendingFor(page.request, suzhou, packageNo)}/sign`,
        {},
      );
      const held = await page.request.get(
        `/api/scbill/bills/held?size=100&dueFrom=${dueDate}&dueTo=${dueDate}`,
        { headers: { authorization: `Bearer ${suzhou}` } },
      );
      const holding = (
        (await held.json()) as { data: { content: Array<{ id: string; packageNo: string }> } }
      ).data.content.find((h) => h.packageNo === packageNo)!;
      await actByQr(page.request, suzhou, '/api/scbill/bills/endorse', {
        holdingId: holding.id,
        endorseeOrgId: NINGBO.orgId,
        amount: FACE,
        remark: '提示付款旅程背书',
      });
      const ningbo = await sessionOf(page.request, NINGBO.mobile);
      await actByQr(
        page.request,
        ningbo,
        `/api/scbill/bill-applications/${await pendingFor(page.request, ningbo, packageNo)}/sign`,
        {},
      );

      // ---- The bill matures: the server's clock moves to 10:00 on its maturity date
      const moved = await page.request.put('/api/sandbox/clock', {
        data: { at: `${dueDate}T10:00:00+08:00` },
      });
      expect(moved.status()).toBe(200);
    } finally {
      setLicenceBound(NINGBO.name, false);
    }
    await arrive(page, NINGBO.mobile);
    const shanghai = await acceptor.newPage();
    await arrive(shanghai, SHANGHAI.mobile);

    // ---- 宁波 presents it on 提示付款
    await openFromMenu(page, '票据业务', '提示付款', /#\/chain-bill\/pay-prompt$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('提示付款');
    const due = page.getByRole('table', { name: '已到期可提示付款的票据' }).getByRole('row', {
      name: new RegExp(packageNo),
    });
    await expect(due).toContainText(FACE_SHOWN);
    await expect(due).toContainText(SHANGHAI_NAME);
    await expectNoSeriousA11yViolations(page);
    await due.getByRole('button', { name: '提示付款' }).click();
    const confirmPresent = page.getByRole('dialog', { name: '确认提示付款' });
    await expect(confirmPresent.getByTestId('act-summary')).toContainText(packageNo);
    await confirmPresent.getByRole('button', { name: '确认并验证' }).click();
    await verifyBySms(page, NINGBO.mobile);
    await expect(page.getByText('已提示付款，等待承兑人应答').first()).toBeVisible();
    const made = page.getByRole('table', { name: '我发起的提示付款' }).getByRole('row', {
      name: new RegExp(packageNo),
    });
    await expect(made).toContainText('待应答');

    // ---- 上海 answers from its to-do on the same page: the time left counts down; it pays 线上
    await openFromMenu(shanghai, '票据业务', '提示付款', /#\/chain-bill\/pay-prompt$/);
    await shanghai.getByText('待我应答的提示付款', { exact: true }).click();
    const toAnswer = shanghai.getByRole('table', { name: '待我应答的提示付款' }).getByRole('row', {
      name: new RegExp(packageNo),
    });
    // The presenter is the holder the bill was endorsed to, not the payee it was issued to.
    await expect(toAnswer).toContainText(NINGBO.name);
    await expect(toAnswer.getByRole('timer')).toContainText(/^剩余\d+天/);
    await expectNoSeriousA11yViolations(shanghai);
    await fundSettlementAccount(shanghai.request, (await storedAccessToken(shanghai))!, FACE);
    await toAnswer.getByRole('button', { name: '付款', exact: true }).click();
    const payDialog = shanghai.getByRole('dialog', { name: '提示付款应答：付款' });
    await expect(payDialog.getByLabel('线上清算')).toBeChecked();
    await expectNoSeriousA11yViolations(shanghai);
    await confirmByQr(shanghai, () => payDialog.getByRole('button', { name: '付款', exact: true }).click());
    await expect(shanghai.getByText('已付款，票据已结清').first()).toBeVisible();
    await expect(toAnswer).toContainText('已付款');
    await expect(toAnswer).toContainText('线上清算');
    // What else 上海 pays as acceptor, by due date.
    await shanghai.getByRole('link', { name: '应付票据' }).click();
    await expect(shanghai.getByRole('heading', { level: 1 })).toHaveText('应付票据');
    await expect(shanghai.getByLabel('应付票据（按到期日）')).toBeVisible();
    await expectNoSeriousA11yViolations(shanghai);

    // ---- 宁波 sees it paid without a reload, the range settled, and the money on its statement
    await expect(made).toContainText('已付款', { timeout: 15_000 });
    await made.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('dialog', { name: '票据详情' });
    await expect(drawer.getByText('已结清').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await drawer
      .getByRole('button', { name: /Close|关闭/ })
      .first()
      .click();

    await page.goto('/#/company-center/bank-accounts');
    const statement = page.getByRole('table', { name: '结算账户收支明细' });
    const line = statement
      .getByRole('row')
      .filter({ hasText: '票据到期付款' })
      .filter({ hasText: FACE_SHOWN });
    await expect(line.first()).toContainText('收入');
    await expect(line.first()).toContainText(SHANGHAI_NAME);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await acceptor.close();
    // The clock as the journeys before this one left it.
    await page.request.put('/api/sandbox/clock', {
      data: { at: new Date(Date.now() + offsetMs).toISOString() },
    });
  }
});
