import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveSliderPuzzle } from './captcha';
import { DEMO_PASSWORD } from './env';

/** Signs in through the login screen (slider included) and waits for the dashboard. */
export async function signIn(page: Page, mobile: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/user/login');
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await solveSliderPuzzle(page);
  await expect(page).toHaveURL(/#\/chain-bill\/dashboard/);
}

/** The newest verification code the sandbox SMS gateway sent to `mobile`. */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/sandbox/sms?mobile=${mobile}`);
      const body = (await answer.json()) as { data: { text: string }[] };
      code = /(\d{6})/.exec(body.data[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  return code!;
}

/** Replaces the stored access token of this page (tab copy and shared copy) with `token`. */
export async function replaceAccessToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    for (const [store, key] of [
      [sessionStorage, 'authInfo'],
      [localStorage, 'SgThsk_authInfo'],
    ] as const) {
      const raw = store.getItem(key);
      if (raw) store.setItem(key, JSON.stringify({ ...JSON.parse(raw), access_token: value }));
    }
  }, token);
}

export async function storedAccessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('authInfo') ?? localStorage.getItem('SgThsk_authInfo');
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : undefined;
  });
}
