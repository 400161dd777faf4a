// The browser journeys drive Debian's headless shell of Chromium (lighter than the full browser, the same
// engine); the benchmarks and Lighthouse drive the full Chromium. Install whichever is missing. CHROMIUM_PATH,
// when set, names the one browser both use, and only it is looked for.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where each Debian package puts its browser (the paths playwright.config.ts and bench/lib use). */
const BROWSERS = process.env.CHROMIUM_PATH
  ? [{ path: process.env.CHROMIUM_PATH, pkg: 'chromium' }]
  : [
      { path: '/usr/bin/chromium', pkg: 'chromium' },
      { path: '/usr/lib/chromium/chromium-headless-shell', pkg: 'chromium-headless-shell' },
    ];

const missing = BROWSERS.filter((browser) => !existsSync(browser.path));
if (missing.length === 0) process.exit(0);

const packages = missing.map((browser) => browser.pkg).join(' ');
console.log(
  `${missing.map((browser) => browser.path).join(', ')} not found; installing Debian's ${packages}…`,
);
const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: 'inherit' },
  );
} catch {
  console.error(`Could not install Chromium. Install it (apt-get install ${packages}) or set CHROMIUM_PATH.`);
  process.exit(1);
}
for (const browser of missing) {
  if (!existsSync(browser.path)) {
    console.error(`Chromium still missing at ${browser.path}.`);
    process.exit(1);
  }
}
