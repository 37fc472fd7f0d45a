// The best `wanted` of many candidates in order, without sorting all of them: a bounded heap when few are wanted.

/** `compare(left, right)` < 0 when left ranks first (a sort comparator). */
export function bestFirst(
  candidates: Int32Array,
  wanted: number,
  compare: (left: number, right: number) => number,
): number[] {
  const count = Math.min(wanted, candidates.length);
  if (count <= 0) return [];
  // Sorting is cheaper when most candidates are wanted anyway.
  if (count * 4 >= candidates.length) return Array.from(candidates).sort(compare).slice(0, count);
  // A heap of the best `count` seen so far, its worst at the root.
  const heap: number[] = [];
  const worse = (left: number, right: number) => compare(left, right) > 0;
  const up = (start: number) => {
    for (let child = start; child > 0; ) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child]!, heap[parent]!)) break;
      [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
      child = parent;
    }
  };
  const down = () => {
    for (let parent = 0; ; ) {
      let target = parent;
      for (const child of [2 * parent + 1, 2 * parent + 2])
        if (child < heap.length && worse(heap[child]!, heap[target]!)) target = child;
      if (target === parent) return;
      [heap[target], heap[parent]] = [heap[parent]!, heap[target]!];
      parent = target;
    }
  };
  for (const candidate of candidates) {
    if (heap.length < count) {
      heap.push(candidate);
      up(heap.length - 1);
    } else if (worse(heap[0]!, candidate)) {
      heap[0] = candidate;
      down();
    }
  }
  return heap.sort(compare);
}
