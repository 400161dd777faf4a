import { test as base } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page, Request } from '@playwright/test';

/** 198.18.0.0/15 is set aside for benchmarking networks: a made-up but well-formed client address. */
function benchmarkAddress(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

let nextClient = Math.floor(Math.random() * 60_000);

/**
 * Every browser journey comes from its own client address (the e2e server believes X-Forwarded-For from
 * loopback), as real users do: the per-address limits on sign-in, puzzles and SMS then judge one journey
 * at a time, not the whole suite, while journeys that test those limits still meet them.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    nextClient += 1;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': benchmarkAddress(nextClient) });
  },
  /**
   * Every journey ends with an accessibility check of each page it left open, as the user last saw it; the
   * journeys check the pages they pass through on the way (expectNoSeriousA11yViolations).
   */
  context: async ({ context }, use, testInfo) => {
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus || testInfo.expectedStatus !== 'passed') return;
    for (const page of context.pages()) {
      if (!page.isClosed()) await expectNoSeriousA11yViolations(page);
    }
  },
});
