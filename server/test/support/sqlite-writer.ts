// A second server process, reduced to its database writes: `node --import tsx sqlite-writer.ts <dataDir> <n>`
// runs n read-then-write transactions on the shared counter and exits non-zero if any failed.
import { createDatabase } from '../../src/db/database';

const [dataDir, rounds] = process.argv.slice(2);
const db = await createDatabase({ dataDir: dataDir! });
try {
  for (let round = 0; round < Number(rounds); round++) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('rate_counters')
        .select('count')
        .where('key', '=', 'shared')
        .executeTakeFirstOrThrow();
      await new Promise((resolve) => setImmediate(resolve));
      await trx
        .updateTable('rate_counters')
        .set({ count: Number(row.count) + 1 })
        .where('key', '=', 'shared')
        .execute();
    });
  }
} finally {
  await db.destroy();
}
