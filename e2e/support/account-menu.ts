import { expect, type Locator, type Page } from '@playwright/test';

/** The header's account button (切换企业), whose name carries the current company. */
export const accountButton = (page: Page) => page.getByRole('button', { name: /^切换企业/ });

/** The account button once `orgName` is the current company. */
export const currentCompany = (page: Page, orgName: string) =>
  page.getByRole('button', { name: new RegExp(`^切换企业.*${orgName}`) });

/**
 * Picks `item` from the account menu and waits for `outcome`. On a loaded machine a click can land while
 * antd's drop-down is still zooming in and miss the item; the menu is then opened and the item picked again.
 */
export async function chooseFromAccountMenu(
  page: Page,
  item: string | RegExp,
  outcome: Locator,
): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (await outcome.isVisible()) return;
    if (!(await entry.isVisible())) await accountButton(page).click();
    await entry.click({ timeout: 5_000 });
    await expect(outcome).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}
