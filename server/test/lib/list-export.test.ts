import type { ExportParams } from '@contract/export-schemas';
import type { Db } from '../../src/db/database';
import { listExport, statusOf } from '../../src/lib/list-export';
import type { PageRequest } from '../../src/lib/paging';

const db = {} as Db;
const ROWS = Array.from({ length: 7 }, (_, i) => ({ n: i + 1, org: i % 2 === 0 ? 'a' : 'b' }));
type Row = (typeof ROWS)[number];

/** A list of ROWS narrowed by organisation and by `odd`, remembering the pages and filters it was asked for. */
function numbersList() {
  const asked: Array<{ paging: PageRequest; filter: { odd: boolean }; now: number }> = [];
  const rowsOf = (orgId: string, filter: { odd: boolean }) =>
    ROWS.filter((r) => r.org === orgId || orgId === '*').filter((r) => !filter.odd || r.n % 2 === 1);
  const list = listExport({
    sheet: '数字',
    columns: [{ header: '数', width: 6 }],
    filterOf: (params: ExportParams) => ({ odd: params.billStatus === 'odd' }),
    count: async (_db, orgId, filter) => rowsOf(orgId, filter).length,
    page: async (_db, orgId, paging, filter, now) => {
      asked.push({ paging, filter, now });
      return { content: rowsOf(orgId, filter).slice(paging.offset, paging.offset + paging.size) };
    },
    cells: (row: Row) => [String(row.n), row.org],
  });
  return { list, asked };
}

const all = async (batches: AsyncIterable<string[][]>) => {
  const seen: string[][][] = [];
  for await (const batch of batches) seen.push(batch);
  return seen;
};

describe('a list as the export centre writes it', () => {
  it('counts and reads the list with the filter the export parameters make', async () => {
    const { list, asked } = numbersList();
    const params = { billStatus: 'odd' } as ExportParams;
    expect(list.sheet).toBe('数字');
    expect(await list.count(db, '*', params, 5)).toBe(4);
    const batches = await all(list.batches(db, '*', params, 5, 3, 100));
    expect(batches).toEqual([
      [
        ['1', 'a'],
        ['3', 'a'],
        ['5', 'a'],
      ],
      [['7', 'a']],
    ]);
    expect(asked.map((a) => a.filter)).toEqual([{ odd: true }, { odd: true }]);
    expect(asked.every((a) => a.now === 5)).toBe(true);
  });

  it('reads batch by batch up to the cap, and stops at the first short page', async () => {
    const { list, asked } = numbersList();
    const params = {} as ExportParams;
    const capped = await all(list.batches(db, '*', params, 0, 3, 5));
    expect(capped.map((b) => b.map((cells) => cells[0]))).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
    ]);
    expect(asked.map((a) => a.paging)).toEqual([
      { page: 0, size: 3, offset: 0 },
      { page: 1, size: 2, offset: 3 },
    ]);

    asked.length = 0;
    // Exactly one full page: the next, empty, ends the read without a batch of its own.
    expect((await all(list.batches(db, 'b', params, 0, 3, 100))).length).toBe(1);
    expect((await all(list.batches(db, '*', params, 0, 7, 100))).map((b) => b.length)).toEqual([7]);
    expect(await all(list.batches(db, 'none', params, 0, 3, 100))).toEqual([]);
  });

  it("keeps the export's status only when it is one of the list's", () => {
    const statuses = ['open', 'closed'] as const;
    expect(statusOf({ billStatus: 'closed' } as ExportParams, statuses)).toBe('closed');
    expect(statusOf({ billStatus: 'CLOSED' } as ExportParams, statuses)).toBeUndefined();
    expect(statusOf({ billStatus: '' } as ExportParams, statuses)).toBeUndefined();
    expect(statusOf({} as ExportParams, statuses)).toBeUndefined();
  });
});
