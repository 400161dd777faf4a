import { describe, expect, it } from 'vitest';
import { listenerList, listenersByKey } from '../../src/lib/listeners';

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
});
