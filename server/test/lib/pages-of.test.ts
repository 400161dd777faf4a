import { pagesOf, type PageRequest } from '../../src/lib/paging';

/** A list of `total` numbers read a page at a time, noting every page asked for. */
function list(total: number) {
  const asked: PageRequest[] = [];
  const read = async (paging: PageRequest) => {
    asked.push(paging);
    return Array.from(
      { length: Math.max(0, Math.min(paging.size, total - paging.offset)) },
      (_, i) => paging.offset + i,
    );
  };
  return { asked, read };
}

async function all<T>(pages: AsyncGenerator<T[]>) {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('a long list read a page at a time', () => {
  it('reads pages of the batch in order and stops at the first short page', async () => {
    const { asked, read } = list(7);
    expect(await all(pagesOf(read, 3, 100))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([
      { page: 0, size: 3, offset: 0 },
      { page: 1, size: 3, offset: 3 },
      { page: 2, size: 3, offset: 6 },
    ]);
  });

  it('yields nothing for an empty page after a full one', async () => {
    const { asked, read } = list(6);
    expect(await all(pagesOf(read, 3, 100))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(asked).toHaveLength(3);
  });

  it('never reads past the cap, the last page cut to it', async () => {
    const { asked, read } = list(50);
    expect((await all(pagesOf(read, 4, 10))).flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(asked.at(-1)).toEqual({ page: 2, size: 2, offset: 8 });
  });
});
