/**
 * Listeners one module registers with another (a financing hears its contracts, the ledger asks which
 * packages a financing holds): `add` returns the removal the registering plugin calls when its app closes,
 * and `of` lists a key's listeners in the order they were added. The one registry every module uses.
 */
export interface Listeners<K, L> {
  add(key: K, listener: L): () => void;
  of(key: K): readonly L[];
}

export function listenersByKey<K, L>(): Listeners<K, L> {
  const byKey = new Map<K, readonly L[]>();
  return {
    add(key, listener) {
      byKey.set(key, [...(byKey.get(key) ?? []), listener]);
      return () => {
        const left = (byKey.get(key) ?? []).filter((l) => l !== listener);
        if (left.length === 0) byKey.delete(key);
        else byKey.set(key, left);
      };
    },
    of: (key) => byKey.get(key) ?? [],
  };
}

/** Listeners under no key: `add(listener)`, `all()`. */
export function listenerList<L>() {
  const registry = listenersByKey<null, L>();
  return {
    add: (listener: L) => registry.add(null, listener),
    all: () => registry.of(null),
  };
}
