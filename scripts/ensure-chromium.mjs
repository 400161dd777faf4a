// The browser journeys drive Debian's headless shell of Chromium (lighter than the full browser, the same
// engine); the benchmarks and Lighthouse drive the full Chromium. Install whichever is missing. CHROMIUM_PATH,
// when set, names the one browser both use, and only it is looked for. With them, a font with Chinese glyphs
// when the machine has none (fontconfig knows no font for zh): without one, every character is drawn as a box
// of another width than its own, so a journey lays the pages out unlike any user's browser (企业中心's tab bar
// on a phone passed axe drawn in boxes, and failed it in real glyphs) and a failure's screenshot is unreadable. WenQuanYi Micro Hei
// is 1.6 MB to fetch, against Noto CJK's 56 MB; any font with Chinese glyphs the machine has already will do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where each Debian package puts its browser (the paths playwright.config.ts and bench/lib use). */
const BROWSERS = process.env.CHROMIUM_PATH
  ? [{ path: process.env.CHROMIUM_PATH, pkg: 'chromium' }]
  : [
      { path: '/usr/bin/chromium', pkg: 'chromium' },
      { path: '/usr/lib/chromium/chromium-headless-shell', pkg: 'chromium-headless-shell' },
    ];

const CJK_FONT_PACKAGE = 'fonts-wqy-microhei';

/** True when fontconfig knows a font for Chinese (false too when fontconfig itself is not there yet). */
function hasChineseFont() {
  try {
    return (
      execSync('fc-list :lang=zh family', {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() !== ''
    );
  } catch {
    return false;
  }
}

const missing = BROWSERS.filter((browser) => !existsSync(browser.path));
const needs = missing.map((browser) => ({ what: browser.path, pkg: browser.pkg }));
if (!hasChineseFont()) needs.push({ what: 'a font with Chinese glyphs', pkg: CJK_FONT_PACKAGE });
if (needs.length === 0) process.exit(0);

const packages = needs.map((need) => need.pkg).join(' ');
console.log(`${needs.map((need) => need.what).join(', ')} not found; installing Debian's ${packages}…`);
const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: 'inherit' },
  );
} catch {
  console.error(
    `Could not install ${packages}. Install it (apt-get install ${packages}) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
for (const browser of missing) {
  if (!existsSync(browser.path)) {
    console.error(`Chromium still missing at ${browser.path}.`);
    process.exit(1);
  }
}
