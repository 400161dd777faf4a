import { BANK_NO_LENGTH } from '@contract/bank-account';
import type { BankBranch } from '@contract/bank-account-schemas';
import type { Db } from '../../db/database';
import type { BankBranchTable } from '../../db/schema';
import { boundedMemo } from '../../lib/bounded-memo';
import type { BranchCriteria, BranchSort } from './directory';
import type { Region } from './region';

/**
 * The branch search's index: a read-only copy of `bank_branches` that each server node builds once, on its first
 * search. The directory is reference data that changes only when a new edition ships (and the server restarts),
 * the same on every node, so a copy cannot go stale while it runs.
 *
 * Why not SQL: a name is matched anywhere in it, which no B-tree serves; a LIKE scan of the 4,060 rows costs
 * 0.5-1 ms a query, several times the rest of the request; a trigram index needs a PostgreSQL extension and
 * matches nothing shorter than three characters (杭州, 北京 are the usual queries); a bigram table would be
 * ~100,000 rows to load at every start. Here a number prefix is a binary search of the number-ordered rows,
 * and a name fragment starts from the rows holding its rarest two-character piece (or, for one character,
 * every row), checked with a plain substring test: tens of microseconds a search.
 */
/** A search of the branch picker: its criteria, its order and the page asked for. */
export interface BranchSearch {
  criteria: BranchCriteria;
  sort: BranchSort;
  page: { size: number; offset: number };
  /** The searcher's region: its city's branches come first, then its province's, each in the sort's order. */
  near?: Region | null;
}

export interface BranchPage {
  readonly items: readonly BankBranch[];
  readonly total: number;
}

/** Searches whose answers an index keeps (then it forgets them together). */
export const KEPT_SEARCHES = 1000;

export class BranchIndex {
  private readonly fullNamePairs: Map<string, number[]>;
  private readonly shortNamePairs: Map<string, number[]>;
  /** Row positions ordered by full name, then by short name (each then by number). */
  private readonly byFullName: Int32Array;
  private readonly byShortName: Int32Array;

  /** `rows` ordered by number. */
  constructor(private readonly rows: readonly BankBranch[]) {
    this.fullNamePairs = pairsOf(rows.map((row) => row.fullName));
    this.shortNamePairs = pairsOf(rows.map((row) => row.shortName));
    this.byFullName = orderBy(rows, (row) => row.fullName);
    this.byShortName = orderBy(rows, (row) => row.shortName);
  }

  get size(): number {
    return this.rows.length;
  }

  /** The banks (short names) whose numbers start with this three-digit code; several share 313, 402. */
  banksOfCode(code: string): string[] {
    const [from, to] = this.numberRange(code);
    return [...new Set(this.rows.slice(from, to).map((row) => row.shortName))];
  }

  /** Province and city of the numbers whose digits 4-7 (the payment system's city code) are `cityCode`. */
  placeOfCityCode(cityCode: string): { province: string; city: string } | null {
    const row = this.rows.find((candidate) => candidate.bankNo.slice(3, 7) === cityCode);
    return row ? { province: row.province, city: row.city } : null;
  }

  /**
   * Matches of every criterion, the page asked for and their total. The directory does not change while
   * the index lives, so each search's answer is kept: the picker asks the same few prefixes and names
   * again and again.
   */
  readonly search = boundedMemo(
    KEPT_SEARCHES,
    (search: BranchSearch) => this.find(search),
    (search) =>
      JSON.stringify([
        search.criteria.bankNo,
        search.criteria.fullName,
        search.criteria.shortName,
        search.sort.column,
        search.sort.direction,
        search.page.size,
        search.page.offset,
        search.near?.province,
        search.near?.city,
      ]),
  );

  private find({ criteria, sort, page, near }: BranchSearch): BranchPage {
    const matched = new Uint8Array(this.rows.length);
    let total = 0;
    for (const position of this.candidates(criteria)) {
      const row = this.rows[position]!;
      if (criteria.bankNo && !row.bankNo.startsWith(criteria.bankNo)) continue;
      if (criteria.fullName && !row.fullName.includes(criteria.fullName)) continue;
      if (criteria.shortName && !row.shortName.includes(criteria.shortName)) continue;
      // 1 in the searcher's city, 2 elsewhere in its province, 3 beyond (or no region known).
      matched[position] = !near || row.province !== near.province ? 3 : row.city === near.city ? 1 : 2;
      total += 1;
    }
    const items: BankBranch[] = [];
    const permutation =
      sort.column === 'full_name' ? this.byFullName : sort.column === 'bank_name' ? this.byShortName : null;
    const count = this.rows.length;
    const end = page.offset + page.size;
    let seen = 0;
    for (let tier = near ? 1 : 3; tier <= 3 && seen < end; tier++) {
      for (let i = 0; i < count && seen < end; i++) {
        const k = sort.direction === 'asc' ? i : count - 1 - i;
        const position = permutation ? permutation[k]! : k;
        if (matched[position] !== tier) continue;
        if (seen >= page.offset) items.push(this.rows[position]!);
        seen += 1;
      }
    }
    return { items, total };
  }

  /** The smallest set of row positions that can hold every match. */
  private candidates(criteria: BranchCriteria): Iterable<number> {
    const sets: Array<{ size: number; positions: Iterable<number> }> = [];
    if (criteria.bankNo) {
      const [from, to] = this.numberRange(criteria.bankNo);
      sets.push({ size: to - from, positions: range(from, to) });
    }
    if (criteria.fullName) sets.push(rarestPair(this.fullNamePairs, criteria.fullName, this.rows.length));
    if (criteria.shortName) sets.push(rarestPair(this.shortNamePairs, criteria.shortName, this.rows.length));
    sets.sort((a, b) => a.size - b.size);
    return sets[0]?.positions ?? range(0, this.rows.length);
  }

  /** Positions [from, to) of the numbers starting with `prefix` (all numbers have 12 digits). */
  private numberRange(prefix: string): [number, number] {
    const low = prefix.padEnd(BANK_NO_LENGTH, '0');
    const high = prefix.padEnd(BANK_NO_LENGTH, '9');
    return [this.firstAtLeast(low), this.firstAbove(high)];
  }

  private firstAtLeast(bankNo: string): number {
    let [lo, hi] = [0, this.rows.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid]!.bankNo < bankNo) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstAbove(bankNo: string): number {
    let [lo, hi] = [0, this.rows.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid]!.bankNo <= bankNo) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function* range(from: number, to: number): Iterable<number> {
  for (let i = from; i < to; i++) yield i;
}

/** Every two-character piece of each name -> the positions of the names holding it, ascending. */
function pairsOf(names: readonly string[]): Map<string, number[]> {
  const pairs = new Map<string, number[]>();
  names.forEach((name, position) => {
    const seen = new Set<string>();
    for (let i = 0; i + 2 <= name.length; i++) {
      const pair = name.slice(i, i + 2);
      if (seen.has(pair)) continue;
      seen.add(pair);
      const positions = pairs.get(pair);
      if (positions) positions.push(position);
      else pairs.set(pair, [position]);
    }
  });
  return pairs;
}

/** The postings of the fragment's rarest two-character piece; every row for a single character. */
function rarestPair(
  pairs: Map<string, number[]>,
  fragment: string,
  rowCount: number,
): { size: number; positions: Iterable<number> } {
  if (fragment.length < 2) return { size: rowCount, positions: range(0, rowCount) };
  let rarest: number[] | undefined;
  for (let i = 0; i + 2 <= fragment.length; i++) {
    const positions = pairs.get(fragment.slice(i, i + 2)) ?? [];
    if (!rarest || positions.length < rarest.length) rarest = positions;
    if (rarest.length === 0) break;
  }
  return { size: rarest?.length ?? 0, positions: rarest ?? [] };
}

/** Row positions ordered by `key`, then by number (the rows' own order); code point order, as SQLite's. */
function orderBy(rows: readonly BankBranch[], key: (row: BankBranch) => string): Int32Array {
  const positions = Array.from(rows.keys());
  positions.sort((a, b) => {
    const [x, y] = [key(rows[a]!), key(rows[b]!)];
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  return Int32Array.from(positions);
}

const toBranch = (row: BankBranchTable): BankBranch => ({
  bankNo: row.bank_no,
  fullName: row.full_name,
  shortName: row.bank_name,
  province: row.province,
  city: row.city,
});

const built = new WeakMap<Db, Promise<BranchIndex>>();

/** The index of this database's directory, built on first use (one read of the table) and kept. */
export function branchIndexOf(db: Db): Promise<BranchIndex> {
  let index = built.get(db);
  if (!index) {
    index = db
      .selectFrom('bank_branches')
      .selectAll()
      .orderBy('bank_no')
      .execute()
      .then((rows) => new BranchIndex(rows.map(toBranch)));
    // A failed read is not kept: the next search tries again.
    index.catch(() => built.delete(db));
    built.set(db, index);
  }
  return index;
}
