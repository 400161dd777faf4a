import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts a page must not have: what keeps someone from using it at all. */
const BLOCKING = new Set(['serious', 'critical']);

// No rule is excused for the theme: its colours (src/app/theme.ts) meet WCAG AA contrast, so every check
// includes `color-contrast`.

export interface A11yOptions {
  /** Rules not to run: only for a violation that is not the page's (say why where it is passed). */
  disableRules?: readonly string[];
}

/**
 * Waits for the page's finite animations (a dialog zooming in, a message fading) to end: contrast measured
 * mid-fade is not what the user reads. Endless ones (spinners) are left running.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now and fails on any serious or critical
 * violation, listing each rule with the elements it found; then checks that every control is named in Chinese.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  await settledAnimations(page);
  // axe.run in the page itself (legacy mode), keeping only the violations' details: the default runs each frame
  // partially, then opens a blank page, injects axe-core again and finishes there, and details every rule
  // that passed, which made a check of a busy page cost twice as long. The app draws no frames of its own.
  const { violations } = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: Object.fromEntries((options.disableRules ?? []).map((rule) => [rule, { enabled: false }])),
      resultTypes: ['violations'],
    })
    .setLegacyMode()
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
  await expectChineseControlNames(page);
}

/** The roles a user operates or is shown as a picture, whose names a screen reader announces. */
const NAMED_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'img',
]);
/** Roles whose content is presentational (WAI-ARIA "children presentational"): only their own name is read. */
const OPAQUE_ROLES = new Set([
  'button',
  'checkbox',
  'img',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'slider',
  'switch',
  'tab',
]);
const NODE = /^(\s*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/;

/**
 * Every control on the page (and every picture with a name) is named in Chinese: axe asks only that it
 * has a name, and antd's own, left alone, are English words after their icons ("search", "left", "close").
 * A name without letters (a page number, an amount) passes, and so does what a control whose content is
 * presentational holds: a screen reader reads that control by its own name alone.
 */
export async function expectChineseControlNames(page: Page): Promise<void> {
  const tree = await page.locator('body').ariaSnapshot();
  const english: string[] = [];
  let opaqueDepth = Infinity;
  for (const line of tree.split('\n')) {
    const node = NODE.exec(line);
    if (!node) continue;
    const [, indent, role, name] = node;
    const depth = indent!.length;
    if (depth <= opaqueDepth) opaqueDepth = Infinity;
    if (opaqueDepth !== Infinity) continue;
    if (OPAQUE_ROLES.has(role!)) opaqueDepth = depth;
    if (NAMED_ROLES.has(role!) && name && /[A-Za-z]/.test(name) && !/\p{Script=Han}/u.test(name))
      english.push(`${role} "${name}"`);
  }
  expect(english, `controls not named in Chinese on ${page.url()}`).toEqual([]);
}
