import fs from 'node:fs';
import fc from 'fast-check';
import type { BankBranch } from '@contract/bank-account-schemas';
import { BANK_BRANCHES_FILE, parseBankBranches } from '../../../src/db/bank-directory';
import { BranchIndex, KEPT_SEARCHES } from '../../../src/modules/bank-account/branch-index';
import type { BranchCriteria, BranchSort } from '../../../src/modules/bank-account/directory';

const rows: BankBranch[] = parseBankBranches(fs.readFileSync(BANK_BRANCHES_FILE, 'utf8'))
  .map((row) => ({
    bankNo: row.bank_no,
    fullName: row.full_name,
    shortName: row.bank_name,
    province: row.province,
    city: row.city,
  }))
  .sort((a, b) => (a.bankNo < b.bankNo ? -1 : 1));
const index = new BranchIndex(rows);

/** What the index must answer, by brute force: filter every row, sort by the column then the number. */
function expected(criteria: BranchCriteria, sort: BranchSort, page: { size: number; offset: number }) {
  const key = (row: BankBranch) =>
    sort.column === 'full_name' ? row.fullName : sort.column === 'bank_name' ? row.shortName : row.bankNo;
  const matches = rows
    .filter(
      (row) =>
        (!criteria.bankNo || row.bankNo.startsWith(criteria.bankNo)) &&
        (!criteria.fullName || row.fullName.includes(criteria.fullName)) &&
        (!criteria.shortName || row.shortName.includes(criteria.shortName)),
    )
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const byKey = x < y ? -1 : x > y ? 1 : a.bankNo < b.bankNo ? -1 : 1;
      return sort.direction === 'asc' ? byKey : -byKey;
    });
  return { items: matches.slice(page.offset, page.offset + page.size), total: matches.length };
}

/** A piece of a real name (so it usually matches), or any short text (so it usually does not). */
const fragmentOf = (pick: (row: BankBranch) => string) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...rows), fc.nat(), fc.integer({ min: 1, max: 6 }))
      .map(([row, start, length]) => {
        const name = pick(row);
        const from = start % name.length;
        return name.slice(from, from + length);
      }),
    fc.string({ minLength: 1, maxLength: 3 }),
  );

const criteria = fc.record(
  {
    bankNo: fc.oneof(
      fc.constantFrom(...rows).map((row) => row.bankNo.slice(0, 1 + (row.bankNo.charCodeAt(11) % 12))),
      fc.stringMatching(/^\d{1,12}$/),
    ),
    fullName: fragmentOf((row) => row.fullName),
    shortName: fragmentOf((row) => row.shortName),
  },
  { requiredKeys: [] },
);
const sort = fc.record({
  column: fc.constantFrom('bank_no' as const, 'full_name' as const, 'bank_name' as const),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const page = fc.record({ size: fc.integer({ min: 1, max: 30 }), offset: fc.integer({ min: 0, max: 60 }) });

describe('the branch index', () => {
  it('answers every search as filtering and sorting all 4,060 rows would', () => {
    fc.assert(
      fc.property(criteria, sort, page, (c, s, p) => {
        expect(index.search({ criteria: c, sort: s, page: p })).toEqual(expected(c, s, p));
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('finds a single-character fragment and a number of every length', () => {
    expect(
      index.search({
        criteria: { fullName: '杭' },
        sort: { column: 'bank_no', direction: 'asc' },
        page: { size: 5, offset: 0 },
      }),
    ).toEqual(expected({ fullName: '杭' }, { column: 'bank_no', direction: 'asc' }, { size: 5, offset: 0 }));
    for (let length = 1; length <= 12; length++) {
      const prefix = '104331000010'.slice(0, length);
      const found = index.search({
        criteria: { bankNo: prefix },
        sort: { column: 'bank_no', direction: 'asc' },
        page: { size: 1, offset: 0 },
      });
      expect(found.items[0]?.bankNo.startsWith(prefix)).toBe(true);
    }
  });

  it("keeps each search's answer, and answers right past the number of searches it keeps", () => {
    const search = (fullName: string, offset = 0) =>
      index.search({
        criteria: { fullName },
        sort: { column: 'full_name', direction: 'asc' },
        page: { size: 10, offset },
      });
    const first = search('杭州');
    expect(search('杭州')).toBe(first);
    expect(search('杭州', 10)).not.toBe(first);
    for (let offset = 0; offset <= KEPT_SEARCHES; offset++) search('银行', offset);
    expect(search('杭州')).toEqual(first);
  });
});
