import { expect, type Page } from '@playwright/test';
import { solveSliderPuzzle } from './captcha';

/**
 * solveSliderPuzzle scales the drag by the picture's on-screen width. Measured while antd's dialog still
 * zooms in, that width is too small and the drag falls short; so wait until the picture stops changing
 * size, and if a drag still misses (the puzzle resets with a new picture), solve the next one.
 */
export async function solveSliderPuzzleSteadily(page: Page, attempts = 3): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  const picture = dialog.getByAltText('拼图背景');
  for (let attempt = 1; ; attempt += 1) {
    await expect(picture).toBeVisible();
    let lastWidth = -1;
    await expect
      .poll(async () => {
        const width = (await picture.boundingBox())?.width ?? 0;
        const steady = width > 0 && width === lastWidth;
        lastWidth = width;
        return steady;
      })
      .toBe(true);
    await solveSliderPuzzle(page);
    const passed = await expect(dialog)
      .toBeHidden({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (passed || attempt >= attempts) return;
  }
}
