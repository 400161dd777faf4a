import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrate } from '../../../src/db/database';
import { holidayCalendar } from '../../../src/modules/holiday/service';
import { runtimeEnv } from '../../support/child-env';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOOL = path.join(SERVER, 'src/holidays.ts');
const TSX = path.resolve(SERVER, '../node_modules/tsx/dist/esm/index.mjs');

/** The operator's tool as a deployment runs it: its own process, the settings in the environment. */
async function holidays(dataDir: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', TSX, TOOL, ...args], {
    cwd: dataDir,
    env: { ...runtimeEnv(), TSX_TSCONFIG_PATH: path.join(SERVER, 'tsconfig.json'), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

const YEAR_2027 = {
  year: 2027,
  source: '测试用安排',
  holidays: [{ name: '元旦', from: '2027-01-01', to: '2027-01-03' }],
  workdays: [],
};

describe('node dist/server/holidays.js', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-holidays-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads a year into the deployment database and lists it', { timeout: 60_000 }, async () => {
    const db = await createDatabase({ dataDir });
    await migrate(db);
    await db.destroy();
    const file = path.join(dataDir, '2027.json');
    fs.writeFileSync(file, JSON.stringify(YEAR_2027));

    const loaded = await holidays(dataDir, ['load', file]);
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain('Loaded 2027 (测试用安排): 3 holidays, 0 make-up working days.');

    const reopened = await createDatabase({ dataDir });
    try {
      expect((await holidayCalendar(reopened)).dayOf('2027-01-01')).toMatchObject({
        workday: false,
        name: '元旦',
      });
    } finally {
      await reopened.destroy();
    }
    const listed = await holidays(dataDir, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^2027\tloaded .*\t测试用安排$/m);
    expect(listed.stdout).toMatch(/^2027\tanswered from: loaded$/m);
  });

  it(
    'refuses a file with mistakes, listing them, and a database not yet migrated',
    { timeout: 60_000 },
    async () => {
      const file = path.join(dataDir, 'bad.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ ...YEAR_2027, workdays: [{ name: '元旦', date: '2027-01-04' }] }),
      );
      const unmigrated = await holidays(dataDir, ['load', file]);
      expect(unmigrated.code).toBe(1);
      expect(unmigrated.stderr).toContain("start this release's server first");

      const db = await createDatabase({ dataDir });
      await migrate(db);
      await db.destroy();
      const refused = await holidays(dataDir, ['load', file]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('workdays[0] 元旦: 2027-01-04 is a weekday, not a weekend day');
      expect((await holidays(dataDir, ['drop'])).code).toBe(2);
    },
  );
});
