import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations';

const FOLDER = path.resolve(__dirname, '../../src/db/migrations');
const NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Kysely runs migrations in the order of their names and refuses a database whose executed migrations are
 * not a prefix of the list. Two changes made side by side can each add the same next number: this keeps
 * the list one clean sequence, so the clash shows here rather than on a database that ran one of them.
 */
describe('the migration list', () => {
  const names = Object.keys(migrations);

  it('names every migration NNN-words, each number once, in rising order', () => {
    for (const name of names) expect(name).toMatch(NAME);
    const numbers = names.map((name) => Number(NAME.exec(name)![1]));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(names).toEqual([...names].sort());
  });

  it('lists every migration file under its own name, and nothing else', () => {
    const files = readdirSync(FOLDER)
      .filter((file) => file !== 'index.ts' && file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(names).toEqual(files);
  });
});
