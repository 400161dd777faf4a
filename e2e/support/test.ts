import { test as base, type BrowserContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { setLicenceBound } from './demo-state';
import { E2E_DATA_DIR, E2E_WORKERS, serverDataDir, serverUrl } from './env';

export { expect } from '@playwright/test';
export type { APIRequestContext, BrowserContext, Page, Request, Response } from '@playwright/test';

/** 198.18.0.0/15 is set aside for benchmarking networks: a made-up but well-formed client address. */
function benchmarkAddress(index: number): string {
  return `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

let nextClient = Math.floor(Math.random() * 60_000);

/**
 * The platform's own calls, which the per-address limits judge. Not the sandbox's: its routes refuse any
 * request that came through a proxy, so the journeys reach it directly, as the tester on this machine.
 */
const throughProxy = (url: URL): boolean =>
  (url.pathname.startsWith('/api/') || url.pathname.startsWith('/oauth/')) &&
  !url.pathname.startsWith('/api/sandbox/');

/**
 * The page's calls to the platform reach the e2e server as if through a proxy it trusts (TRUST_PROXY is
 * 127.0.0.1), from `address`.
 */
export async function comeFrom(context: BrowserContext, address: string): Promise<void> {
  await context.route(throughProxy, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

/**
 * Every browser journey comes from its own client address, as real users do: the per-address limits on
 * sign-in, puzzles and SMS then judge one journey at a time, not the whole suite, while journeys that test
 * those limits still meet them. The calls a journey makes itself (`request`, `page.request`) come from
 * this machine.
 */
export const test = base.extend<{ clientAddress: string; bindLicence: (orgName: string) => void }>({
  /**
   * The server of the worker the journey runs in (./env), every context and request of the journey goes to;
   * the helpers that read a server's database read this one's.
   */
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    const worker = testInfo.parallelIndex;
    if (worker >= E2E_WORKERS)
      throw new Error(
        `worker ${worker} has no server: playwright.config.ts starts E2E_WORKERS=${E2E_WORKERS} (set it, not --workers)`,
      );
    if (serverDataDir(worker) !== E2E_DATA_DIR)
      throw new Error(`worker ${worker} would read another worker's database (${E2E_DATA_DIR})`);
    await use(serverUrl(worker));
  },
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, use) => {
    nextClient += 1;
    await use(benchmarkAddress(nextClient));
  },
  /**
   * Binds an organisation's e-licence for the rest of the journey, so its acts are confirmed by the licence
   * holder's QR (./qr) instead of an SMS code; unbound when the journey ends, passed or failed, because the
   * other journeys meet the companies as the demo data has them (their SMS paths stay walked).
   */
  // eslint-disable-next-line no-empty-pattern
  bindLicence: async ({}, use) => {
    const bound = new Set<string>();
    try {
      await use((orgName) => {
        setLicenceBound(orgName, true);
        bound.add(orgName);
      });
    } finally {
      for (const orgName of bound) setLicenceBound(orgName, false);
    }
  },
  /**
   * Every journey ends with an accessibility check of each page it left open, as the user last saw it; the
   * journeys check the pages they pass through on the way (expectNoSeriousA11yViolations).
   */
  context: async ({ context, clientAddress }, use, testInfo) => {
    await comeFrom(context, clientAddress);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus || testInfo.expectedStatus !== 'passed') return;
    for (const page of context.pages()) {
      if (!page.isClosed()) await expectNoSeriousA11yViolations(page);
    }
  },
});
