import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, migrate, type Db } from '../../src/db/database';
import { BANK_BRANCHES_FILE, ensureBankDirectory, parseBankBranches } from '../../src/db/bank-directory';
import { DEMO_BANK_ACCOUNT } from '../../src/db/seed';

const HEADER = 'cnaps,bank_code,bank_name,branch_name,province,city,city_code';

let db: Db;
let dir: string;
beforeEach(async () => {
  db = await createDatabase({ dataDir: '', inMemory: true });
  await migrate(db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-banks-'));
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async () =>
  Number(
    (
      await db
        .selectFrom('bank_branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function file(lines: string[]): URL {
  const target = path.join(dir, 'branches.csv');
  fs.writeFileSync(target, `${[HEADER, ...lines].join('\n')}\n`);
  return pathToFileURL(target);
}

describe('the bank branch directory', () => {
  it('ships 4,060 well-formed branches with unique numbers, the demo account’s branch among them', () => {
    const rows = parseBankBranches(fs.readFileSync(BANK_BRANCHES_FILE, 'utf8'));
    expect(rows).toHaveLength(4060);
    expect(new Set(rows.map((row) => row.bank_no)).size).toBe(4060);
    expect(rows.find((row) => row.bank_no === DEMO_BANK_ACCOUNT.branchNo)).toEqual({
      bank_no: DEMO_BANK_ACCOUNT.branchNo,
      bank_code: '310',
      bank_name: DEMO_BANK_ACCOUNT.bankName,
      full_name: DEMO_BANK_ACCOUNT.branchName,
      province: DEMO_BANK_ACCOUNT.province,
      city: DEMO_BANK_ACCOUNT.city,
    });
  });

  it('loads once, and again only when the file changes', async () => {
    expect(await ensureBankDirectory(db, 1)).toBe(true);
    expect(await count()).toBe(4060);
    expect(await ensureBankDirectory(db, 2)).toBe(false);
    expect(await count()).toBe(4060);

    const edition = file([
      '102100000021,102,中国工商银行,中国工商银行股份有限公司北京新华支行,北京市,北京市,1000',
    ]);
    expect(await ensureBankDirectory(db, 3, edition)).toBe(true);
    expect(await count()).toBe(1);
    expect(await ensureBankDirectory(db, 4, edition)).toBe(false);
    const version = await db.selectFrom('reference_data_versions').selectAll().executeTakeFirstOrThrow();
    expect(version).toMatchObject({ name: 'bank-branches', loaded_at: 3 });
  });

  it.each([
    ['a number of 11 digits', '10210000002,102,中国工商银行,某支行,北京市,北京市,1000'],
    ['a bank code that is not the number’s', '102100000021,103,中国工商银行,某支行,北京市,北京市,1000'],
    ['a missing column', '102100000021,102,中国工商银行,某支行,北京市,北京市'],
    ['an empty name', '102100000021,102,中国工商银行,,北京市,北京市,1000'],
  ])('refuses a file with %s, and keeps the loaded directory', async (_case, line) => {
    await ensureBankDirectory(db, 1);
    await expect(ensureBankDirectory(db, 2, file([line]))).rejects.toThrow(/malformed line 2/);
    expect(await count()).toBe(4060);
  });
});
