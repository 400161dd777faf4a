import { chooseFromAccountMenu, currentCompany } from './support/account-menu';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { restoreUnauthenticated } from './support/demo-state';
import { signIn } from './support/session';
import { expect, test } from './support/test';

test('an organisation is authenticated by e-licence from the sandbox licence app', async ({
  page,
  context,
}) => {
  // 13800000003 owns the Hangzhou company, which has not authenticated.
  await signIn(page, '13800000003');
  const qrAnswer = page.waitForResponse((response) =>
    response.url().includes('/api/organization/elec-license/org-auth/qr-image/apply'),
  );
  await page.goto('/#/company-center?type=authorize');
  await page.getByRole('radio', { name: /电子营业执照扫码认证/ }).check();
  await expect(page.getByText('未认证', { exact: true })).toBeVisible();
  const { data } = (await (await qrAnswer).json()) as { data: { qrId: string } };
  await expect(page.getByRole('img', { name: '电子营业执照认证二维码' })).toBeVisible();
  await expect(page.getByRole('link', { name: '电子营业执照使用说明' })).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(page);

  const licenceApp = await context.newPage();
  await licenceApp.goto(`/#/sandbox/qr/${data.qrId}`);
  await expect(licenceApp.getByText('企业身份认证（绑定电子营业执照）')).toBeVisible();
  await expect(licenceApp.getByText('电子商务-互联网认证服务-统一身份认证')).toBeVisible();
  await expectNoSeriousA11yViolations(licenceApp);
  await licenceApp.getByRole('button', { name: '确认授权' }).click();
  await expect(licenceApp.getByText('已确认', { exact: true })).toBeVisible();
  await licenceApp.close();

  await expect(page.getByText('已认证', { exact: true })).toBeVisible();
  await expect(page.getByText('电子营业执照已绑定')).toBeVisible();
  await expect(page.getByRole('button', { name: '变更授权' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  restoreUnauthenticated('杭州未认证贸易有限公司');
});

test('a user applies to join, the owner authorises them, and they sign in to the organisation', async ({
  browser,
}) => {
  // The Shanghai owner applies to join the Hangzhou company.
  const applicant = await (await browser.newContext()).newPage();
  await signIn(applicant, '13800000001');
  await applicant.goto('/#/company-center?type=applyRecords');
  await applicant.getByLabel('统一社会信用代码').fill('91330100MA2CF7JD8T');
  await applicant.getByLabel('申请说明').fill('负责杭州业务');
  await applicant.getByRole('button', { name: '提交申请' }).click();
  await expect(applicant.getByText('申请已提交，请等待企业管理员审核')).toBeVisible();
  await expect(applicant.getByText('杭州未认证贸易有限公司')).toBeVisible();

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, '13800000003');
  await owner.goto('/#/company-center?type=applyRecords');
  const row = owner.getByRole('row', { name: /张明/ });
  await expect(row.getByText('待审核')).toBeVisible();
  await expectNoSeriousA11yViolations(owner);
  await row.getByRole('button', { name: '授权', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: '请确认' });
  await expect(dialog.getByText('确认授权张明加入企业，并授予所选角色？')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(owner.getByText('操作成功')).toBeVisible();
  await expect(row.getByText('已授权')).toBeVisible();

  // The applicant's company list now holds Hangzhou; they switch into it.
  await applicant.reload();
  await chooseFromAccountMenu(
    applicant,
    /杭州未认证贸易有限公司/,
    currentCompany(applicant, '杭州未认证贸易有限公司'),
  );
  // The server remembers an account's last company: back to Shanghai, where later journeys expect 张明.
  await chooseFromAccountMenu(
    applicant,
    /上海链票示范供应链有限公司/,
    currentCompany(applicant, '上海链票示范供应链有限公司'),
  );
});

test('a member without the company centre finds another organisation on 加入企业 and applies to join it', async ({
  browser,
}) => {
  const applicant = await (await browser.newContext()).newPage();
  await signIn(applicant, '13800000002');
  await applicant.goto('/#/company-center/join');
  await expect(applicant.getByRole('heading', { name: '加入企业' })).toBeVisible();
  await applicant.getByLabel('企业名称或统一社会信用代码').fill('苏州华信');
  await applicant.getByRole('button', { name: '查询' }).click();
  await applicant.getByRole('button', { name: '申请加入：苏州华信精密零部件有限公司' }).click();
  const dialog = applicant.getByRole('dialog', { name: '申请加入苏州华信精密零部件有限公司' });
  await dialog.getByLabel('申请说明').fill('负责苏州采购');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(applicant.getByText('申请已提交，请等待企业管理员审核')).toBeVisible();
  // 我的申请 lists it, waiting.
  await expect(
    applicant
      .getByRole('listitem')
      .filter({ hasText: '苏州华信精密零部件有限公司' })
      .filter({ hasText: '待审核' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(applicant);

  // The Suzhou owner sees the application and closes it.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, '13800000005');
  await owner.goto('/#/company-center?type=applyRecords');
  const row = owner.getByRole('row', { name: /李华/ });
  await expect(row.getByText('待审核')).toBeVisible();
  await row.getByRole('button', { name: '关闭', exact: true }).click();
  await owner
    .getByRole('dialog', { name: '请确认' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row.getByText('已关闭')).toBeVisible();
});
