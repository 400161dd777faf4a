import fs from 'node:fs';
import { ConfigError, EXIT_CONFIG, loadConfig, readEnvFile } from './config';
import { createDatabase, pendingMigrations } from './db/database';
import {
  holidayCalendar,
  loadHolidayYear,
  loadedYears,
  parseHolidayYearFile,
} from './modules/holiday/service';

/**
 * The operator's holiday calendar tool (docs/deployment.md, the holiday calendar), run beside a deployment
 * with its settings (.env, DATABASE_URL or DATA_DIR):
 *
 *   node dist/server/holidays.js load 2027.json   loads (or replaces) the year the file describes
 *   node dist/server/holidays.js list             the years loaded, and where each coming year is answered from
 *
 * Every node answers from a loaded year on its next read; nothing restarts.
 */

const USAGE = 'usage: holidays.js load <file.json> | holidays.js list';
const LIST_YEARS_AHEAD = 2;

async function run(args: string[], now: number): Promise<number> {
  const [command, file] = args;
  if (command !== 'load' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'load' && !file) {
    console.error(USAGE);
    return 2;
  }
  readEnvFile();
  const config = loadConfig();
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      console.error(
        `The database is not up to date (${pending.join(', ')}): start this release's server first.`,
      );
      return 1;
    }
    if (command === 'load' && file) {
      const parsed = parseHolidayYearFile(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown);
      const loaded = await loadHolidayYear(db, parsed, now);
      console.log(
        `Loaded ${loaded.year} (${loaded.source}): ${loaded.holidays} holidays, ${loaded.workdays} make-up working days.`,
      );
      return 0;
    }
    for (const year of await loadedYears(db)) {
      console.log(`${year.year}\tloaded ${new Date(year.loadedAt).toISOString()}\t${year.source}`);
    }
    const calendar = await holidayCalendar(db);
    const thisYear = new Date(now).getUTCFullYear();
    for (let year = thisYear; year <= thisYear + LIST_YEARS_AHEAD; year += 1) {
      console.log(`${year}\tanswered from: ${calendar.sourceOf(year)}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2), Date.now()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_CONFIG);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
