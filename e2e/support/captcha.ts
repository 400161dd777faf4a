import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Locator, type Page } from '@playwright/test';
import { SLIDER_IMAGE_WIDTH } from '../../contract/constants';
import { E2E_DATA_DIR } from './env';
import { readyToSend } from './sms-outbox';

/**
 * The answer of the puzzle on screen, read from the server's database the way an operator could:
 * the browser test then drags the real slider there with the mouse, as a person would.
 */
function pendingAnswerX(clientUid: string): number | undefined {
  const db = new Database(path.join(E2E_DATA_DIR, 'chain-bill.sqlite'), { fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT answer_x FROM captcha_challenges WHERE client_uid = ? AND checked_at IS NULL ORDER BY created_at DESC LIMIT 1',
      )
      .get(clientUid) as { answer_x: number } | undefined;
    return row?.answer_x;
  } finally {
    db.close();
  }
}

/**
 * Waits until `target` shows and stops moving and changing size: antd's dialogs zoom in, and a drag or a
 * click measured mid-zoom lands short of where it aimed (on a busy machine the zoom takes long enough).
 */
async function waitUntilSteady(target: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      const now = box && box.width > 0 ? `${box.x},${box.y},${box.width},${box.height}` : '';
      const steady = now !== '' && now === last;
      last = now;
      return steady;
    })
    .toBe(true);
}

/**
 * 获取验证码 of an SMS dialog, clicked once the dialog has finished opening and the gateway will send the
 * dialog's mobile another code.
 */
export async function askForSmsCode(dialog: Locator): Promise<void> {
  const button = dialog.getByRole('button', { name: '获取验证码' });
  await waitUntilSteady(button);
  const field = dialog.getByLabel('手机号');
  const mobile = (await field.count()) > 0 ? await field.inputValue() : '';
  if (/^\d{11}$/.test(mobile)) await readyToSend(dialog.page().request, mobile);
  await button.click();
}

/** Where the piece of the open 请完成安全验证 dialog fits, in the picture's own pixels, once it shows. */
async function pendingAnswer(page: Page): Promise<number> {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog.getByAltText('拼图背景')).toBeVisible();
  await waitUntilSteady(dialog.getByAltText('拼图背景'));
  const clientUid = await page.evaluate(() => sessionStorage.getItem('slider'));
  expect(clientUid).toBeTruthy();
  let answerX: number | undefined;
  await expect
    .poll(() => {
      answerX = pendingAnswerX(clientUid!);
      return answerX;
    })
    .toBeDefined();
  return answerX!;
}

/** One drag of the slider of the open 请完成安全验证 dialog to where the server's answer is. */
async function dragToAnswer(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  const answerX = await pendingAnswer(page);
  const image = (await dialog.getByAltText('拼图背景').boundingBox())!;
  const handle = (await dialog.getByRole('slider').boundingBox())!;
  const scale = image.width / SLIDER_IMAGE_WIDTH;
  const startX = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + answerX * scale, y + 2, { steps: 20 });
  await page.mouse.up();
}

/**
 * Solves the puzzle of the open 请完成安全验证 dialog from the keyboard, as someone without a pointer
 * would: Tab to the slider, Shift+→ (10 px) and → (1 px) to the answer, Enter.
 */
export async function solveSliderPuzzleByKeyboard(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  const answerX = await pendingAnswer(page);
  const slider = dialog.getByRole('slider');
  await tabUntilFocused(page, slider);
  for (let step = 0; step < Math.floor(answerX / 10); step += 1)
    await page.keyboard.press('Shift+ArrowRight');
  for (let step = 0; step < answerX % 10; step += 1) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(answerX));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Presses Tab until `target` has the focus, failing after `limit` presses. */
export async function tabUntilFocused(page: Page, target: Locator, limit = 10): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Solves the puzzle of the open 请完成安全验证 dialog as a person would, by dragging the slider; a drag
 * that misses (the puzzle resets with a new picture) is tried again on the next puzzle.
 */
export async function solveSliderPuzzle(page: Page, attempts = 3): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog).toBeVisible();
  for (let attempt = 1; ; attempt += 1) {
    await dragToAnswer(page);
    const passed = await expect(dialog)
      .toBeHidden({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (passed || attempt >= attempts) return;
  }
}
