import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import {
  listenerList,
  listenerListByDatabase,
  listenersByDatabase,
  listenersByKey,
} from '../../src/lib/listeners';

describe('the registry one module keeps of another module’s listeners', () => {
  it('lists a key’s listeners in the order added, and none for a key nobody listens to', () => {
    const registry = listenersByKey<string, string>();
    registry.add('a', 'first');
    registry.add('b', 'other');
    registry.add('a', 'second');
    expect(registry.of('a')).toEqual(['first', 'second']);
    expect(registry.of('b')).toEqual(['other']);
    expect(registry.of('c')).toEqual([]);
  });

  it('removes exactly the listener whose removal is called, once, and leaves a list being walked as it was', () => {
    const registry = listenersByKey<string, () => void>();
    const one = () => {};
    const two = () => {};
    const offOne = registry.add('k', one);
    registry.add('k', two);
    const walking = registry.of('k');
    offOne();
    offOne();
    expect(walking).toEqual([one, two]);
    expect(registry.of('k')).toEqual([two]);
  });

  it('keeps listeners under no key the same way', () => {
    const list = listenerList<number>();
    const off = list.add(1);
    list.add(2);
    off();
    expect(list.all()).toEqual([2]);
  });

  it('keeps each database’s listeners apart, and finds them through its transactions too', async () => {
    const one = await createDatabase({ dataDir: '', inMemory: true });
    const other = await createDatabase({ dataDir: '', inMemory: true });
    try {
      const registry = listenersByDatabase<string, string>();
      const offOne = registry.add(one, 'k', 'of one');
      registry.add(other, 'k', 'of the other');
      expect(registry.of(one, 'k')).toEqual(['of one']);
      expect(registry.of(other, 'k')).toEqual(['of the other']);
      await one.transaction().execute(async (trx) => {
        expect(registry.of(trx, 'k')).toEqual(['of one']);
      });
      offOne();
      expect(registry.of(one, 'k')).toEqual([]);
      expect(registry.of(other, 'k')).toEqual(['of the other']);

      const list = listenerListByDatabase<number>();
      list.add(one, 1);
      await other.transaction().execute(async (trx) => {
        expect(list.all(trx)).toEqual([]);
      });
      expect(list.all(one)).toEqual([1]);
    } finally {
      await one.destroy();
      await other.destroy();
    }
  });
});
