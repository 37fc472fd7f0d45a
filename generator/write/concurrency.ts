// Bounded concurrency: the one place that hands a list of items to a few runners at a time.

/** Something that processes one item; a lane takes its next item only when the previous one is done. */
export type Lane<T, R> = (item: T, index: number) => Promise<R> | R;

/**
 * Runs every item on whichever lane is free first and returns the results in the items' order.
 * Lanes may differ (a worker thread and this thread): a fast lane simply takes more items.
 * After the first failure no lane takes a new item, and the failure is what the call rejects with.
 */
export async function mapOnLanes<T, R>(items: readonly T[], lanes: ReadonlyArray<Lane<T, R>>): Promise<R[]> {
  if (items.length > 0 && lanes.length === 0) throw new Error('mapOnLanes: no lane to run the items on');
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const runLane = async (lane: Lane<T, R>): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await lane(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(lanes.map(runLane));
  return results;
}

/** `task` over every item with at most `limit` calls running at once; results in the items' order. */
export function mapConcurrently<T, R>(items: readonly T[], limit: number, task: Lane<T, R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    return Promise.reject(new RangeError(`mapConcurrently: limit must be a whole number of at least 1, got ${limit}`));
  return mapOnLanes(
    items,
    Array.from({ length: Math.min(limit, Math.max(items.length, 1)) }, () => task),
  );
}
