import { askForSmsCode, solveSliderPuzzle } from './support/captcha';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { confirmByQr } from './support/qr';
import { latestSmsCode, signIn } from './support/session';
import { expect, test } from './support/test';

const OWNER = '13800000001';

test('the owner opens the e-sign account, previews a contract and signs two after the licence holder confirms the QR code', async ({
  page,
}) => {
  await signIn(page, OWNER);
  await page.goto('/#/company-center/contracts');
  const accountCard = page.locator('.ant-card').filter({ hasText: '电子签章账户' });
  await expect(accountCard.getByText('未开通')).toBeVisible();
  // The contracts of the demo company's two signed agreements, and of any agreement an earlier journey signed.
  const rows = page.getByRole('row', { name: /服务协议/ });
  await expect(rows.nth(1)).toBeVisible();
  await expect(rows.first().getByText('待签署')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^选择HT/ }).first()).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Opening the account is verified by SMS.
  await page.getByRole('button', { name: '开通电子签章账户' }).click();
  await page.getByRole('dialog', { name: '开通电子签章账户' }).getByRole('button', { name: '开通' }).click();
  const sms = page.getByRole('dialog', { name: '短信验证' });
  await expect(sms).toBeVisible();
  await askForSmsCode(sms);
  await solveSliderPuzzle(page);
  await sms.getByLabel('验证码').fill(await latestSmsCode(page.request, OWNER));
  await sms.getByRole('button', { name: '确定' }).click();
  await expect(sms).toBeHidden();
  await expect(page.getByText('电子签章账户已开通，已生成模板印章')).toBeVisible();
  await expect(accountCard.getByText('已开通')).toBeVisible();
  const seals = page.getByRole('list', { name: '印章' });
  await expect(seals.getByRole('img')).toHaveCount(3);
  await expect(seals.getByRole('img', { name: /合同专用章，直径38mm/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The contract's PDF, inline.
  const first = rows.first();
  const contractNo = (await first.getByRole('cell').nth(1).innerText()).trim();
  const pdf = page.waitForResponse((response) => response.url().includes('/preview'));
  await first.getByRole('button', { name: /^预览/ }).click();
  const preview = page.getByRole('dialog', { name: /^合同预览：.+服务协议$/ });
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  await expect(preview.getByTitle(new RegExp(`服务协议（${contractNo}）PDF$`))).toBeVisible();
  await expect(preview.getByText('待签署')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await preview.getByRole('button', { name: '关闭' }).click();
  await expect(preview).toBeHidden();

  // Two together; the organisation's licence is bound, so the licence holder confirms a QR code.
  const checkboxes = page.getByRole('checkbox', { name: /^选择HT/ });
  for (const index of [0, 1]) await checkboxes.nth(index).check();
  await page.getByRole('button', { name: '批量签署（2）' }).click();
  await confirmByQr(
    page,
    () =>
      page
        .getByRole('dialog', { name: '签署以下2份合同？' })
        .getByRole('button', { name: '确认签署' })
        .click(),
    { authorises: '批量签署合同' },
  );
  const result = page.getByRole('dialog', { name: '签署结果' });
  await expect(result.getByText('共2份，成功2份，失败0份')).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('已签署')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await result.getByRole('button', { name: '关闭' }).click();

  await expect(rows.getByText('已签署')).toHaveCount(2);
  await expect(accountCard.getByText('已签署')).toBeVisible();
  await page.getByRole('tab', { name: '签署记录' }).click();
  await expect(page.getByRole('row', { name: new RegExp(contractNo) }).getByText('已完成')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
