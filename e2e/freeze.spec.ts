import { expectNoSeriousA11yViolations } from './support/a11y';
import { arrive } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * 冻结 end to end: a court's order reaches the platform through the sandbox registry and freezes one of 苏州's
 * negotiable holdings; 苏州 finds it on 冻结/解冻 with the authority and document, and the bill's history shows
 * the freeze; the lifting order returns it and the page follows. The holding is whole again afterwards, so
 * the journeys after this one find the ledger as the demo left it.
 */
const SUZHOU = '13800000005';
const COURT = '苏州市中级人民法院';
const DOCUMENT = `（2026）苏05执保${Date.now() % 100000}号`;

async function openFromMenu(page: Page, group: string, item: string, address: RegExp): Promise<void> {
  const panel = page.getByRole('region', { name: group });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: group, exact: true }).click();
  await panel.getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(address);
}

test('a court freezes a bill 苏州 holds; 苏州 sees it on 冻结/解冻 and in the history, then sees it lifted', async ({
  page,
}) => {
  await arrive(page, SUZHOU);
  await openFromMenu(page, '票据业务', '背书', /#\/chain-bill\/endorse$/);
  const held = page.getByRole('row').filter({ hasText: '可流通' }).first();
  await expect(held).toBeVisible();
  const packageNo = (await held.getByRole('cell').nth(0).textContent())!.trim();
  const range = (await held.getByRole('cell').nth(1).textContent())!.trim();
  const [start, end] = range.split('-').map(Number);

  const ordered = await page.request.post('/api/sandbox/bill-registry/freezes', {
    data: {
      reference: `journey-${DOCUMENT}`,
      packageNo,
      ...(end ? { subStart: start, subEnd: end } : {}),
      risk: 'judicial',
      authority: COURT,
      documentNo: DOCUMENT,
    },
  });
  expect(ordered.status()).toBe(200);
  const { id } = ((await ordered.json()) as { data: { id: string } }).data;

  await openFromMenu(page, '票据业务', '冻结/解冻', /#\/chain-bill\/freeze$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('冻结/解冻');
  const frozenNow = page.getByRole('table', { name: '冻结中的票据' });
  const row = frozenNow.getByRole('row').filter({ hasText: DOCUMENT });
  await expect(row).toContainText('司法冻结');
  await expect(row).toContainText(packageNo);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '票据详情' });
  await expect(drawer.getByText(`司法冻结：${COURT}（${DOCUMENT}）`).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .first()
    .click();

  const lifted = await page.request.post(`/api/sandbox/bill-registry/freezes/${id}/lift`, {
    data: { reference: `journey-lift-${DOCUMENT}`, authority: COURT, documentNo: `${DOCUMENT}之一` },
  });
  expect(lifted.status()).toBe(200);
  // The page follows the bill's realtime event.
  await expect(frozenNow.getByRole('row').filter({ hasText: DOCUMENT })).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: '冻结记录' }).getByRole('row').filter({ hasText: DOCUMENT }),
  ).toContainText('已解除');
  await expectNoSeriousA11yViolations(page);
});
