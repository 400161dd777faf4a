import { expectNoSeriousA11yViolations } from './support/a11y';
import { solveSliderPuzzle } from './support/captcha';
import { fundSettlementAccount } from './support/sandbox-bank';
import { latestSmsCode, storedAccessToken } from './support/session';
import { expect, test, type APIRequestContext, type Page } from './support/test';

/**
 * 追索 end to end: a bill 苏州 holds of 上海's is refused at maturity (set up through the server's own calls:
 * the sandbox clock moved to its maturity date, the day-end's 自动提示付款, 上海's 拒付 confirmed by QR); 苏州
 * opens 追索, sends 上海 a notice with the claim made up before it, 上海 agrees to pay 线上 (QR), and 苏州
 * signs: the range is settled.
 */
const SUZHOU = '13800000005';
const SHANGHAI = '13800000001';
const SHANGHAI_NAME = '上海链票示范供应链有限公司';

interface HeldRow {
  id: string;
  packageNo: string;
  dueDate: string;
  circulation: string;
  acceptor: { name: string };
}

async function arrive(page: Page, mobile: string): Promise<void> {
  const response = await page.request.post('/api/sandbox/entry-links', { data: { mobile } });
  const { token } = ((await response.json()) as { data: { token: string } }).data;
  await page.goto(`/?token=${token}#/`);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible({ timeout: 20_000 });
}

async function openRecourse(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: '票据业务' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: '票据业务', exact: true }).click();
  await panel.getByRole('link', { name: '追索', exact: true }).click();
  await expect(page).toHaveURL(/#\/chain-bill\/recourse/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('票据追索');
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An act of 上海's through the server, confirmed as its licence holder confirms a QR code. */
async function withQr(
  request: APIRequestContext,
  token: string,
  url: string,
  data: object,
): Promise<unknown> {
  const asked = await request.post(url, { headers: bearer(token), data });
  expect(asked.status()).toBe(412);
  const { challengeId } = (await asked.json()) as { challengeId: string };
  const qr = await request.get(`/api/verification/qr?challengeId=${challengeId}`, { headers: bearer(token) });
  const { qrId } = ((await qr.json()) as { data: { qrId: string } }).data;
  expect((await request.post(`/api/sandbox/qr/${qrId}/confirm`)).status()).toBe(200);
  const status = await request.get(`/api/verification/qr/${qrId}/status`, { headers: bearer(token) });
  const { signature } = ((await status.json()) as { data: { signature: string } }).data;
  const done = await request.post(url, {
    headers: { ...bearer(token), 'QR-ID': qrId, signature },
    data,
  });
  expect(done.status(), await done.text()).toBeLessThan(300);
  return ((await done.json()) as { data: unknown }).data;
}

// The clock goes back to the machine's time whatever happened, for the journeys after this one.
test.afterEach(async ({ request }) => {
  expect((await request.put('/api/sandbox/clock', { data: { at: new Date().toISOString() } })).status()).toBe(
    200,
  );
});

test('苏州 pursues 上海 for a refused bill, 上海 agrees to pay online, 苏州 signs and the bill is settled', async ({
  page,
  browser,
}) => {
  await arrive(page, SUZHOU);
  const suzhouToken = (await storedAccessToken(page))!;
  const held = await page.request.get('/api/scbill/bills/held?size=100', { headers: bearer(suzhouToken) });
  const rows = ((await held.json()) as { data: { content: HeldRow[] } }).data.content;
  const clock = ((await (await page.request.get('/api/sandbox/clock')).json()) as { data: { now: string } })
    .data;
  const today = clock.now.slice(0, 10);
  const bill = rows.find(
    (h) =>
      h.circulation === 'TF0301' &&
      h.dueDate > today &&
      h.acceptor.name === SHANGHAI_NAME &&
      // A weekday: the day-end of the maturity date presents it.
      [1, 2, 3, 4, 5].includes(new Date(`${h.dueDate}T00:00:00Z`).getUTCDay()),
  )!;
  expect(bill).toBeDefined();

  // Set-up through the server: the bill matures, the day-end at its close presents it, 上海 refuses the next morning.
  const moveClock = async (at: string) =>
    expect((await page.request.put('/api/sandbox/clock', { data: { at } })).status()).toBe(200);
  await moveClock(`${bill.dueDate}T21:30:00+08:00`);
  expect(
    (await page.request.post('/api/sandbox/day-end', { data: { businessDate: bill.dueDate } })).status(),
  ).toBe(200);
  const nextDay = new Date(Date.parse(`${bill.dueDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await moveClock(`${nextDay}T10:00:00+08:00`);
  const shanghaiContext = await browser.newContext();
  const shanghai = await shanghaiContext.newPage();
  await arrive(shanghai, SHANGHAI);
  const shanghaiToken = (await storedAccessToken(shanghai))!;
  const presented = await shanghai.request.get(
    `/api/scbill/payment/list?size=10&side=acceptor&state=pending&packageNo=${bill.packageNo}`,
    { headers: bearer(shanghaiToken) },
  );
  const [presentation] = ((await presented.json()) as { data: { content: Array<{ id: string }> } }).data
    .content;
  await withQr(shanghai.request, shanghaiToken, `/api/scbill/payment/${presentation!.id}/refuse`, {
    code: 'DC00',
    text: '货物质量争议',
  });

  // 苏州 sends the notice to 上海, seeing the claim made up first (signed in again: months passed).
  await arrive(page, SUZHOU);
  await openRecourse(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: '追索票据' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: bill.packageNo })
    .first()
    .click();
  await expect(page.getByText('追索金额构成')).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(`^${SHANGHAI_NAME}`) }).check();
  await page.getByLabel('追索费用（元）').fill('200');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '发出追索通知' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  await sms.getByRole('button', { name: '获取验证码' }).click();
  await solveSliderPuzzle(page);
  const firstCode = await latestSmsCode(page.request, SUZHOU);
  await sms.getByLabel('验证码').fill(firstCode);
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('追索通知已发出')).toBeVisible();
  const sent = page
    .getByRole('table', { name: '我发出的追索' })
    .getByRole('row')
    .filter({ hasText: bill.packageNo });
  await expect(sent.getByText('待清偿')).toBeVisible();

  // 上海 agrees to pay the claim 线上, confirmed by its licence holder's QR code.
  await openRecourse(shanghai);
  await shanghai.getByRole('radiogroup', { name: '记录范围' }).getByText('待我清偿', { exact: true }).click();
  const toPay = shanghai
    .getByRole('table', { name: '待我清偿' })
    .getByRole('row')
    .filter({ hasText: bill.packageNo });
  await expect(toPay.getByText('待清偿')).toBeVisible();
  await expectNoSeriousA11yViolations(shanghai);
  // Enough for any claim on this bill: face, interest and costs.
  await fundSettlementAccount(shanghai.request, (await storedAccessToken(shanghai))!, '100000000.00');
  await toPay.getByRole('button', { name: '同意清偿' }).click();
  const agreeForm = shanghai.getByRole('dialog', { name: '同意清偿' });
  await expect(agreeForm.getByLabel('线上清算')).toBeChecked();
  await agreeForm.getByRole('button', { name: '同意清偿' }).click();
  const qrAnswer = shanghai.waitForResponse((response) => response.url().includes('/api/verification/qr?'));
  await shanghai.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  const qr = shanghai.getByRole('dialog', { name: '扫码验证' });
  await expect(qr).toBeVisible();
  const { data } = (await (await qrAnswer).json()) as { data: { qrId: string } };
  expect((await shanghai.request.post(`/api/sandbox/qr/${data.qrId}/confirm`)).status()).toBe(200);
  await expect(qr).toBeHidden();
  await expect(toPay.getByText('同意清偿待签收')).toBeVisible();

  // 苏州 signs later, in a new sign-in: two minutes on, the platform sends it a second code at once.
  const now = ((await (await page.request.get('/api/sandbox/clock')).json()) as { data: { now: string } })
    .data.now;
  await moveClock(new Date(Date.parse(now) + 2 * 60_000).toISOString());
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await arrive(later, SUZHOU);
  await openRecourse(later);
  const toSign = later
    .getByRole('table', { name: '我发出的追索' })
    .getByRole('row')
    .filter({ hasText: bill.packageNo });
  await expect(toSign.getByText('同意清偿待签收')).toBeVisible();
  await toSign.getByRole('button', { name: '签收' }).click();
  await later.getByRole('dialog').getByRole('button', { name: /确认/ }).click();
  const secondSms = later.getByRole('dialog', { name: '短信验证' });
  await expect(secondSms).toBeVisible();
  await secondSms.getByRole('button', { name: '获取验证码' }).click();
  await solveSliderPuzzle(later);
  await secondSms.getByLabel('验证码').fill(await latestSmsCode(later.request, SUZHOU, firstCode));
  await secondSms.getByRole('button', { name: '确定' }).click();
  await expect(later.getByText('已签收清偿')).toBeVisible();
  await expect(toSign.getByText('已清偿')).toBeVisible();
  await expectNoSeriousA11yViolations(later);

  await toSign.getByRole('button', { name: '详情' }).click();
  const drawer = later.getByRole('dialog', { name: '票据详情' });
  await expect(drawer.getByText('追索清偿签收').first()).toBeVisible();
  await expect(drawer.getByText('已结清').first()).toBeVisible();
  await expectNoSeriousA11yViolations(later);

  await laterContext.close();
  await shanghaiContext.close();
});
