import type { Kysely } from 'kysely';

/**
 * Listeners one module registers with another (a financing hears its contracts, the ledger asks which
 * packages a financing holds): `add` returns the removal the registering plugin calls when its app closes,
 * and `of` lists a key's listeners in the order they were added. Modules keep theirs for each app
 * (`listenersByDatabase`).
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

/** The database handle an app's commands run on: the app's own, or one of its transactions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type DatabaseHandle = Kysely<any>;

/**
 * Listeners kept apart for each app: an app registers its own on its database (`add(app.db, …)`), and a
 * command finds those of the app it runs in through the handle it has (`of(trx, …)`), its transaction's or
 * the database's own. Each database handle has its adapter, which its transactions share, and the
 * listeners are kept under it: two apps in one process (two nodes in one test, or one test file's apps and
 * the next file's in the same worker) never run each other's listeners.
 */
export function listenersByDatabase<K, L>() {
  const registries = new WeakMap<object, Listeners<K, L>>();
  const keyOf = (db: DatabaseHandle): object => db.getExecutor().adapter;
  return {
    add(db: DatabaseHandle, key: K, listener: L): () => void {
      const at = keyOf(db);
      let registry = registries.get(at);
      if (!registry) {
        registry = listenersByKey<K, L>();
        registries.set(at, registry);
      }
      return registry.add(key, listener);
    },
    of: (db: DatabaseHandle, key: K): readonly L[] => registries.get(keyOf(db))?.of(key) ?? [],
  };
}

/** Listeners under no key kept apart for each app: `add(db, listener)`, `all(db)`. */
export function listenerListByDatabase<L>() {
  const registry = listenersByDatabase<null, L>();
  return {
    add: (db: DatabaseHandle, listener: L) => registry.add(db, null, listener),
    all: (db: DatabaseHandle) => registry.of(db, null),
  };
}
