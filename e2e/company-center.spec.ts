import { expectNoSeriousA11yViolations } from './support/a11y';
import { confirmByQr } from './support/qr';
import { signIn } from './support/session';
import { expect, test } from './support/test';

const a11y = {};

test('the owner signs an agreement after the licence holder confirms the QR code; an agreement in use cannot be released', async ({
  page,
}) => {
  await signIn(page, '13800000001');
  await expectNoSeriousA11yViolations(page, a11y);

  await page.goto('/#/company-center?type=agreements');
  await expect(page.getByRole('tab', { name: '签约管理', selected: true })).toBeVisible();
  const row = page.getByRole('row', { name: /供应链融资服务协议/ });
  await expect(row.getByText('未签约')).toBeVisible();
  await expectNoSeriousA11yViolations(page, a11y);

  // 质押融资, the business of that agreement, needs it signed first: the dashboard says so and offers no 开通.
  await page.goto('/#/chain-bill/dashboard');
  const functions = page.locator('.ant-card', { hasText: '企业开通功能' });
  await expect(functions.locator('li', { hasText: '质押融资' }).getByText(/签署协议/)).toBeVisible();
  await expect(functions.getByRole('button', { name: '开通质押融资' })).toHaveCount(0);

  await page.goto('/#/company-center?type=agreements');
  await page.getByRole('button', { name: '签约供应链融资服务协议' }).click();
  await confirmByQr(page, () => page.getByRole('dialog').getByRole('button', { name: '签约' }).click(), {
    authorises: '签署平台服务协议',
  });
  await expect(page.getByText('已签署《供应链融资服务协议》')).toBeVisible();
  await expect(page.getByRole('row', { name: /供应链融资服务协议/ }).getByText('已签约')).toBeVisible();

  // The bill business's agreement cannot be released: the bill functions opened depend on it.
  await page.getByRole('button', { name: '解约供应链票据业务服务协议' }).click();
  await expect(page.getByRole('dialog')).toContainText('以下已开通的业务依赖该协议，暂不能解约：');
  await expectNoSeriousA11yViolations(page, a11y);
});

test('an organisation that is not ready sees the onboarding checklist, each step linking to its tab', async ({
  page,
}) => {
  await signIn(page, '13800000003');
  await expect(page.getByText('开通业务指引')).toBeVisible();
  await expect(page.getByRole('link', { name: '去完成：完成企业认证' })).toBeVisible();
  await expect(page.getByRole('link', { name: '去完成：绑定并验证结算账户' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, a11y);
  await page.getByRole('link', { name: '去完成：签署平台服务协议' }).click();
  await expect(page).toHaveURL(/#\/company-center\?type=agreements/);
  await expect(page.getByRole('tab', { name: '签约管理', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: '企业信息' }).click();
  await expect(page.getByRole('tabpanel').getByText('杭州未认证贸易有限公司')).toBeVisible();
  await expectNoSeriousA11yViolations(page, a11y);
});
