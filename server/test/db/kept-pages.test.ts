import type { Db } from '../../src/db/database';
import { keptPages, versionText } from '../../src/db/kept-pages';

// Two databases, as the tests run several apps: only their identity matters here.
const one = {} as Db;
const other = {} as Db;

describe('pages kept for their version', () => {
  it('answers a kept page only for the version it was kept under, and only on its database', () => {
    const pages = keptPages<string>(() => 1, 10);
    pages.keep(one, 'k', '3', 'page at 3');
    expect(pages.at(one, 'k', '3')).toBe('page at 3');
    expect(pages.at(one, 'k', '4')).toBeUndefined();
    expect(pages.at(one, 'k', null)).toBeUndefined();
    expect(pages.at(one, 'other key', '3')).toBeUndefined();
    expect(pages.at(other, 'k', '3')).toBeUndefined();
    // A page read at a later version takes the key's place.
    pages.keep(one, 'k', '4', 'page at 4');
    expect(pages.at(one, 'k', '3')).toBeUndefined();
    expect(pages.at(one, 'k', '4')).toBe('page at 4');
  });

  it('reads a page only when none is kept for the version, and keeps what it read', async () => {
    const pages = keptPages<string>(() => 1, 10);
    let reads = 0;
    const read = async () => `read ${++reads}`;
    expect(await pages.read(one, 'k', '1', read)).toBe('read 1');
    expect(await pages.read(one, 'k', '1', read)).toBe('read 1');
    expect(await pages.read(one, 'k', '2', read)).toBe('read 2');
    // Without a version every call reads.
    expect(await pages.read(one, 'k', null, read)).toBe('read 3');
    expect(await pages.read(one, 'k', null, read)).toBe('read 4');
  });

  it('keeps nothing without a version', () => {
    const pages = keptPages<string>(() => 1, 10);
    pages.keep(one, 'k', null, 'page');
    expect(pages.at(one, 'k', null)).toBeUndefined();
  });

  it('forgets every page of a database together beyond its rows, and keeps the one that came in', () => {
    const pages = keptPages<number[]>((rows) => rows.length, 10);
    pages.keep(one, 'a', '1', [1, 2, 3, 4]);
    pages.keep(one, 'b', '1', [1, 2, 3, 4]);
    pages.keep(other, 'a', '1', [1, 2, 3, 4, 5, 6, 7, 8]);
    // A page read again under its key takes its own rows' place, not more.
    pages.keep(one, 'b', '2', [1, 2, 3, 4, 5, 6]);
    expect(pages.at(one, 'a', '1')).toEqual([1, 2, 3, 4]);
    expect(pages.at(one, 'b', '2')).toHaveLength(6);
    // 10 rows held: one more row is past the bound, and every page of that database goes but the new one.
    pages.keep(one, 'c', '1', [1]);
    expect(pages.at(one, 'a', '1')).toBeUndefined();
    expect(pages.at(one, 'b', '2')).toBeUndefined();
    expect(pages.at(one, 'c', '1')).toEqual([1]);
    expect(pages.at(other, 'a', '1')).toHaveLength(8);
    // An empty page counts as one row.
    pages.keep(one, 'd', '1', []);
    expect(pages.at(one, 'd', '1')).toEqual([]);
  });

  it('compares versions as text, as PostgreSQL answers a sum or a bigint', () => {
    expect(versionText(7)).toBe('7');
    expect(versionText('7')).toBe('7');
    expect(versionText(7n)).toBe('7');
    expect(versionText(null)).toBeNull();
    expect(versionText(undefined)).toBeNull();
  });
});
