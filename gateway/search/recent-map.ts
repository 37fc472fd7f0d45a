// A map that keeps its most recently used entries: the search caches' memory stays bounded while popular entries stay.

export interface RecentMap<K, V> {
  /** The value, counted as a use: it becomes the last to be dropped. */
  get(key: K): V | undefined;
  /** Adds or replaces; the least recently used entry goes when the map is full. */
  set(key: K, value: V): void;
  delete(key: K): void;
  readonly size: number;
}

export function createRecentMap<K, V>(maxEntries: number): RecentMap<K, V> {
  // A Map iterates in insertion order, so moving an entry to the end on use leaves the least recently used first.
  const entries = new Map<K, V>();
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
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    },
    delete: (key) => void entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
