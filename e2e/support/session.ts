import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveSliderPuzzle } from './captcha';
import { DEMO_PASSWORD } from './env';
import { newestBeforeAsk, outboxOf, smsCodeOf } from './sms-outbox';

/** Signs in through the login screen (slider included) and waits for the dashboard. */
export async function signIn(page: Page, mobile: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await solveSliderPuzzle(page);
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard/);
}

/**
 * Signs in for a journey about what a signed-in user does, and waits until the dashboard shows: a real
 * sign-in through the login screen and its slider (signIn), a second or so. A sandbox entry link takes its
 * two 2-second redirect delays every time; the entry journeys (entry.spec.ts) walk those.
 */
export async function arrive(page: Page, mobile: string): Promise<void> {
  await signIn(page, mobile);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
}

/**
 * The newest verification code the sandbox SMS gateway sent to `mobile` since it was asked for; with
 * `after`, the first one sent after that code too (a journey that confirms several acts waits for the new
 * code, not the last one).
 */
export async function latestSmsCode(
  request: APIRequestContext,
  mobile: string,
  after?: string,
): Promise<string> {
  const before = newestBeforeAsk(mobile);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [newest] = await outboxOf(request, mobile);
      code = smsCodeOf(newest?.text ?? '');
      // Not the message that was newest when the code was asked for (askForSmsCode notes it).
      return code !== undefined && code !== after && newest!.id !== before;
    })
    .toBe(true);
  return code!;
}

/**
 * Replaces the stored access token of this page with `token`: the tab's own copy and, unless `tabOnly`, the
 * copy every tab shares. A second tab of the same sign-in replaces only its own copy, so it never writes
 * the stale token over tokens the first tab may already have renewed.
 */
export async function replaceAccessToken(page: Page, token: string, tabOnly = false): Promise<void> {
  await page.evaluate(
    ({ value, tabOnly }) => {
      const stores = [
        [sessionStorage, 'authInfo'],
        [localStorage, 'SgThsk_authInfo'],
      ] as const;
      for (const [store, key] of tabOnly ? stores.slice(0, 1) : stores) {
        const raw = store.getItem(key);
        if (raw) store.setItem(key, JSON.stringify({ ...JSON.parse(raw), access_token: value }));
      }
    },
    { value: token, tabOnly },
  );
}

export async function storedAccessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('authInfo') ?? localStorage.getItem('SgThsk_authInfo');
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : undefined;
  });
}
