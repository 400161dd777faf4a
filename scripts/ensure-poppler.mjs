// The contract tests check signed PDFs with poppler's pdfsig and pdftotext; install poppler-utils when missing.
import { execSync } from 'node:child_process';

const has = (tool) => {
  try {
    execSync(`command -v ${tool}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (has('pdfsig') && has('pdftotext')) process.exit(0);

console.log("pdfsig not found; installing Debian's poppler-utils package…");
const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils`,
    { stdio: 'inherit' },
  );
} catch {
  console.error('Could not install poppler-utils. Install it (apt-get install poppler-utils).');
  process.exit(1);
}
if (!has('pdfsig')) {
  console.error('pdfsig still missing after installing poppler-utils.');
  process.exit(1);
}
