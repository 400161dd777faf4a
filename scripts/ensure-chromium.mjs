// Browser tests and benchmarks drive Debian's Chromium; install it when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

console.log(`Chromium not found at ${chromium}; installing Debian's chromium package…`);
const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error('Could not install Chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(chromium)) {
  console.error(`Chromium still missing at ${chromium}.`);
  process.exit(1);
}
