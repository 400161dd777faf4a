// The server tests run a PostgreSQL pass. Given TEST_DATABASE_URL, check that it answers; otherwise make sure
// Debian's PostgreSQL is installed, its cluster is running and a test role and database exist. Prints the URL
// (and only the URL) on stdout; progress goes to stderr. Exits non-zero, saying why, when it cannot.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

const ROLE = 'chainbill_test';
const PASSWORD = 'chainbill_test';
const DATABASE = 'chainbill_test';

const say = (message) => console.error(`[ensure-postgres] ${message}`);
const isRoot = process.getuid?.() === 0;

function fail(message) {
  say(message);
  say('Set TEST_DATABASE_URL to a PostgreSQL server the tests may create schemas in, or install PostgreSQL.');
  process.exit(1);
}

/** Runs a command as root (directly or through sudo); returns its stdout. */
function asRoot(command, args, options = {}) {
  const [file, argv] = isRoot ? [command, args] : ['sudo', ['-n', command, ...args]];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
}

/** Runs psql as the cluster's superuser (the postgres system account). */
function psqlAsPostgres(port, sql) {
  return asRoot('runuser', [
    '-u',
    'postgres',
    '--',
    'psql',
    '-p',
    String(port),
    '-v',
    'ON_ERROR_STOP=1',
    '-qAtc',
    sql,
  ]);
}

/** Whether `url` accepts a query; says why not unless `quiet` (a first probe expected to fail). */
async function answers(url, quiet = false) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (!quiet) say(`cannot use ${redact(url)}: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const redact = (url) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
const localUrl = (port) => `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

function installPostgres() {
  if (existsSync('/usr/bin/pg_lsclusters')) return;
  say("PostgreSQL not found; installing Debian's postgresql package…");
  try {
    asRoot('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    asRoot('env', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
    });
  } catch {
    fail('Could not install PostgreSQL (apt-get install postgresql needs root or passwordless sudo).');
  }
}

/** Debian's clusters: [{ version, name, port, online }]. */
function clusters() {
  return execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([version, name, port, status]) => ({
      version,
      name,
      port: Number(port),
      online: status === 'online',
    }));
}

function runningCluster() {
  let found = clusters();
  if (found.length === 0) {
    const versions = execFileSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' })
      .split(/\s+/)
      .filter(Boolean);
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
    if (!newest) fail('PostgreSQL is installed but no server version was found under /usr/lib/postgresql.');
    say(`no PostgreSQL cluster; creating ${newest}/main…`);
    asRoot('pg_createcluster', [newest, 'main']);
    found = clusters();
  }
  const cluster = found.find((c) => c.online) ?? found[0];
  if (!cluster.online) {
    say(`starting PostgreSQL cluster ${cluster.version}/${cluster.name}…`);
    try {
      asRoot('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
    } catch {
      // Another test run may have started it meanwhile; the status below decides.
    }
    const now = clusters().find((c) => c.version === cluster.version && c.name === cluster.name);
    if (!now?.online) fail(`Could not start PostgreSQL cluster ${cluster.version}/${cluster.name}.`);
  }
  return cluster;
}

function ensureRoleAndDatabase(port) {
  say(`creating role and database ${DATABASE} on port ${port}…`);
  psqlAsPostgres(
    port,
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN
         CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}';
       END IF;
     END $$;
     ALTER ROLE ${ROLE} CREATEDB;`,
  );
  const exists = psqlAsPostgres(port, `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`).trim();
  if (exists !== '1') psqlAsPostgres(port, `CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
}

/**
 * Whether the role may create databases: each test worker works in a database of its own (see
 * server/test/support/postgres-test-db.ts), so one worker's dropped schema never races another's catalogue reads.
 */
async function createsDatabases(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('select rolcreatedb from pg_roles where rolname = current_user');
    return rows[0]?.rolcreatedb === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** How long a cluster that is starting (or recovering after a crash) gets to accept connections. */
const READY_WAIT_MS = 60_000;

/**
 * Waits until the server on `port` accepts connections: pg_lsclusters says online as soon as the postmaster
 * runs, while it still answers "the database system is starting up" (pg_isready: 0 accepting, 1 rejecting,
 * 2 no response).
 */
async function untilAccepting(port) {
  const deadline = Date.now() + READY_WAIT_MS;
  for (;;) {
    try {
      execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      return;
    } catch {
      if (Date.now() > deadline) fail(`PostgreSQL on port ${port} did not accept connections in 60 s.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function prepareLocal() {
  installPostgres();
  const { port } = runningCluster();
  await untilAccepting(port);
  const url = localUrl(port);
  if ((await answers(url, true)) && (await createsDatabases(url))) return url;
  try {
    ensureRoleAndDatabase(port);
  } catch {
    fail(`Could not create the test role and database (needs root or passwordless sudo).`);
  }
  if (!(await answers(url))) fail(`PostgreSQL on port ${port} does not accept ${redact(url)}.`);
  return url;
}

const given = process.env.TEST_DATABASE_URL;
if (given && !(await answers(given))) fail('TEST_DATABASE_URL does not answer.');
const url = given || (await prepareLocal());
say(`PostgreSQL ready at ${redact(url)}`);
console.log(url);
