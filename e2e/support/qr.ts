import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

/**
 * Confirming an act by the licence holder's QR code, as every journey that confirms by QR walks it: the
 * 扫码验证 dialog shows the code, the licence holder opens the page the code points to (the sandbox's stand-in
 * for the licence app on the holder's phone) and confirms, and the dialog closes on the confirmation.
 * An organisation confirms by QR while its e-licence is bound (the `bindLicence` fixture in ./test).
 */

export const QR_DIALOG = '扫码验证';

/** The pages whose QR dialog axe has checked: the dialog is one component, checked once per page. */
const checkedDialogOn = new WeakSet<Page>();

/**
 * The id of the next QR code `page` asks for. Call it before the click that asks, then pass it to
 * `confirmQr`; an act the server refuses before any verification never asks, and the promise is left alone.
 */
export function qrAsked(page: Page): Promise<string> {
  const qrId = page
    .waitForResponse((response) => response.url().includes('/api/verification/qr?'))
    .then(async (response) => ((await response.json()) as { data: { qrId: string } }).data.qrId);
  // Left unawaited when the act is refused first; an awaiting caller still sees a failure.
  qrId.catch(() => undefined);
  return qrId;
}

export interface QrConfirmation {
  /** What the licence holder's page says is being authorised: checked, with the page itself by axe. */
  authorises?: string;
}

/** The licence holder confirms the QR code the 扫码验证 dialog on `page` shows (asked for as `asked`). */
export async function confirmQr(
  page: Page,
  asked: Promise<string>,
  { authorises }: QrConfirmation = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: QR_DIALOG });
  await expect(dialog).toBeVisible();
  const qrId = await asked;
  if (!checkedDialogOn.has(page)) {
    await expectNoSeriousA11yViolations(page);
    checkedDialogOn.add(page);
  }
  const phone = await page.context().newPage();
  await phone.goto(`/#/sandbox/qr/${qrId}`);
  if (authorises) {
    await expect(phone.getByText(authorises)).toBeVisible();
    await expectNoSeriousA11yViolations(phone);
  }
  await phone.getByRole('button', { name: '确认授权' }).click();
  await expect(phone.getByText('已确认', { exact: true })).toBeVisible();
  await phone.close();
  await expect(dialog).toBeHidden();
}

/** Does `act` (the click that asks for a QR verification) and has the licence holder confirm the code. */
export async function confirmByQr(
  page: Page,
  act: () => Promise<unknown>,
  confirmation: QrConfirmation = {},
): Promise<void> {
  const asked = qrAsked(page);
  await act();
  await confirmQr(page, asked, confirmation);
}

/**
 * An act sent through the server as the SPA sends it, for a journey's set-up: refused first for the licence
 * holder's QR confirmation (412), confirmed on the sandbox's licence app, sent again with the proof. Answers
 * the act's data. The organisation's e-licence must be bound (the demo's 上海, or `bindLicence`).
 */
export async function actByQr(
  request: APIRequestContext,
  accessToken: string,
  url: string,
  data: object,
): Promise<unknown> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const asked = await request.post(url, { headers, data });
  expect(asked.status()).toBe(412);
  const { challengeId } = (await asked.json()) as { challengeId: string };
  const qr = await request.get(`/api/verification/qr?challengeId=${challengeId}`, { headers });
  const { qrId } = ((await qr.json()) as { data: { qrId: string } }).data;
  expect((await request.post(`/api/sandbox/qr/${qrId}/confirm`)).status()).toBe(200);
  const status = await request.get(`/api/verification/qr/${qrId}/status`, { headers });
  const { signature } = ((await status.json()) as { data: { signature: string } }).data;
  const done = await request.post(url, { headers: { ...headers, 'QR-ID': qrId, signature }, data });
  expect(done.status(), await done.text()).toBeLessThan(300);
  return ((await done.json()) as { data: unknown }).data;
}
