import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts a page must not have: what keeps someone from using it at all. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Rules that fail because of antd's default palette, not because of a page: `color-contrast` (the primary
 * link colour on white, breadcrumb links, form help text and select placeholders at 45% and 25% black, the
 * table's empty text, success tags). They are to be fixed once, in the theme (ConfigProvider tokens), after which
 * this list empties and every journey checks contrast too.
 */
export const THEME_PALETTE_RULES: readonly string[] = ['color-contrast'];

export interface A11yOptions {
  /** Rules not to run (THEME_PALETTE_RULES until the theme is fixed). */
  disableRules?: readonly string[];
}

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now and fails on any serious or critical
 * violation, listing each rule with the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules([...(options.disableRules ?? [])])
    .analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}
