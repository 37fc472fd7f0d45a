// A map that keeps its most recently used entries: the search caches' memory stays bounded while popular entries stay.

export interface RecentMap<K, V> {
  /** The value, counted as a use: it becomes the last to be dropped. */
  get(key: K): V | undefined;
  /** Adds or replaces; the least recently used entries go when the map is over its budget. */
  set(key: K, value: V): void;
  delete(key: K): void;
  readonly size: number;
}

/** `budget`: what the entries may weigh together; each weighs 1 unless `weigh` says otherwise. */
export function createRecentMap<K, V>(budget: number, weigh: (value: V) => number = () => 1): RecentMap<K, V> {
  // A Map iterates in insertion order, so moving an entry to the end on use leaves the least recently used first.
  const entries = new Map<K, V>();
  let weight = 0;
  const remove = (key: K) => {
    const value = entries.get(key);
    if (value === undefined) return;
    entries.delete(key);
    weight -= weigh(value);
  };
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      remove(key);
      const added = weigh(value);
      while (entries.size > 0 && weight + added > budget) remove(entries.keys().next().value as K);
      entries.set(key, value);
      weight += added;
    },
    delete: remove,
    get size() {
      return entries.size;
    },
  };
}
