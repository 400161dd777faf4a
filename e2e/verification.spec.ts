import { chooseFromAccountMenu, currentCompany } from './support/account-menu';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/test';
import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { DEMO_PASSWORD } from './support/env';
import { latestSmsCode, signIn } from './support/session';
import { smsCodeOf } from './support/sms-outbox';

/**
 * Secondary verification end to end: the server refuses a sensitive operation with 406/412, the
 * request layer's dialog obtains the proof from the sandbox (SMS outbox, licence app page), and the same
 * request is replayed. Passwords are "changed" to the demo password, so other journeys still sign in.
 */

test('a signed-in user changes the password with an SMS code read from the sandbox outbox', async ({
  page,
}) => {
  const mobile = '13800000003';
  await signIn(page, mobile);
  await page.goto('/#/chain-bill/account/security');
  await expect(page.getByRole('heading', { name: '账号安全' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByPlaceholder('请输入新密码').fill(DEMO_PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '修改密码' }).click();

  const dialog = page.getByRole('dialog', { name: '短信验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('手机号')).toHaveValue(mobile);
  await expect(dialog.getByLabel('手机号')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await askForSmsCode(dialog);
  await solveSliderPuzzle(page);
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();

  const code = await latestSmsCode(page.request, mobile);
  await dialog.getByLabel('验证码').fill(code);
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('密码已修改')).toBeVisible();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security/);
});

test('a wrong code keeps the SMS dialog open with the server’s reason', async ({ page }) => {
  const mobile = '13800000001';
  await signIn(page, mobile);
  await page.goto('/#/chain-bill/account/security');
  await page.getByPlaceholder('请输入新密码').fill(DEMO_PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '修改密码' }).click();

  const dialog = page.getByRole('dialog', { name: '短信验证' });
  await askForSmsCode(dialog);
  await solveSliderPuzzle(page);
  const code = await latestSmsCode(page.request, mobile);
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('验证码').fill(wrong);
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(dialog.getByText('验证码错误或已失效')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('验证码').fill(code);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('密码已修改')).toBeVisible();
});

test('忘记密码: a signed-out user resets the password with the code from the sandbox page', async ({
  page,
  context,
}) => {
  const mobile = '13800000004';
  await page.goto('/#/user/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入新密码').fill(DEMO_PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '重置密码' }).click();

  const dialog = page.getByRole('dialog', { name: '短信验证' });
  await expect(dialog.getByLabel('手机号')).toHaveValue(mobile);
  await askForSmsCode(dialog);
  await solveSliderPuzzle(page);
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();

  // The phone: the sandbox page's outbox for this mobile.
  const phone = await context.newPage();
  await phone.goto('/#/sandbox');
  await phone.getByLabel('手机号').fill(mobile);
  await phone.locator('#sandbox-outbox').getByRole('button', { name: '查询' }).click();
  const text = await phone
    .getByRole('list', { name: '短信发件箱' })
    .getByRole('listitem')
    .first()
    .innerText();
  const code = smsCodeOf(text);
  expect(code).toBeDefined();
  await expectNoSeriousA11yViolations(phone);
  await phone.close();

  await dialog.getByLabel('验证码').fill(code!);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/user\/login/);

  await signIn(page, mobile);
});

test('a refused QR shows the reason and a fresh code can be fetched', async ({ page }) => {
  await signIn(page, '13800000002');
  await page.goto('/#/chain-bill/account/security');
  const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/verification/qr?'));
  await page.getByRole('button', { name: '认证为企业管理员' }).click();
  const dialog = page.getByRole('dialog', { name: '扫码验证' });
  const { data } = (await (await qrAnswer).json()) as { data: { qrId: string } };

  const refused = await page.request.post(`/api/sandbox/qr/${data.qrId}/refuse`);
  expect(refused.ok()).toBe(true);
  await expect(dialog.getByRole('alert')).toContainText('已拒绝授权');
  await expectNoSeriousA11yViolations(page);

  const nextAnswer = page.waitForResponse((response) => response.url().includes('/api/verification/qr?'));
  await dialog.getByRole('button', { name: '刷新二维码' }).click();
  const next = (await (await nextAnswer).json()) as { data: { qrId: string } };
  expect(next.data.qrId).not.toBe(data.qrId);
  await expect(dialog.getByRole('alert')).toBeHidden();

  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '认证为企业管理员' })).toBeEnabled();
});

test('认证为企业管理员 completes after the licence holder confirms on the sandbox page', async ({
  page,
  context,
}) => {
  await signIn(page, '13800000002');
  await page.goto('/#/chain-bill/account/security');
  await expect(page.getByText('企业员工', { exact: true })).toBeVisible();

  const qrAnswer = page.waitForResponse((response) => response.url().includes('/api/verification/qr?'));
  await page.getByRole('button', { name: '认证为企业管理员' }).click();
  const dialog = page.getByRole('dialog', { name: '扫码验证' });
  await expect(dialog).toBeVisible();
  const { data } = (await (await qrAnswer).json()) as { data: { qrId: string } };
  await expect(dialog.getByRole('img', { name: '扫码验证二维码' })).toBeVisible();

  // The licence app: the page the QR code points to.
  const licenceApp = await context.newPage();
  await licenceApp.goto(`/#/sandbox/qr/${data.qrId}`);
  await expect(licenceApp.getByText('授权成为企业管理员')).toBeVisible();
  await expectNoSeriousA11yViolations(licenceApp);
  // 认证成功 shows for QR_SUCCESS_DELAY (1 s) only: watched for from before the confirmation on.
  const successShown = dialog.getByText('认证成功').waitFor({ state: 'visible', timeout: 30_000 });
  await licenceApp.getByRole('button', { name: '确认授权' }).click();
  await expect(licenceApp.getByText('已确认', { exact: true })).toBeVisible();
  await licenceApp.close();

  await successShown;
  await expect(dialog).toBeHidden();
  await expect(page.getByText('认证成功，您已成为企业管理员')).toBeVisible();
  await expect(page.getByText('企业管理员', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '认证为企业管理员' })).toBeDisabled();
});

test('an organisation without a bound e-licence cannot finish QR verification and is sent to bind it', async ({
  page,
}) => {
  // 13800000004 is staff of both companies; the Hangzhou one has not bound its e-licence.
  await signIn(page, '13800000004');
  await chooseFromAccountMenu(page, /杭州未认证贸易有限公司/, currentCompany(page, '杭州未认证贸易有限公司'));
  await page.goto('/#/chain-bill/account/security');
  await expect(page.getByText('未绑定', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '认证为企业管理员' }).click();
  const dialog = page.getByRole('dialog', { name: '无法完成安全验证' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: '扫码验证' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/chain-bill\/account\/security/);

  await page.getByRole('button', { name: '认证为企业管理员' }).click();
  await page
    .getByRole('dialog', { name: '无法完成安全验证' })
    .getByRole('button', { name: '去绑定' })
    .click();
  await expect(page).toHaveURL(/#\/company-center\?type=authorize/);
});
