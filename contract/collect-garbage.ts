// One full garbage collection, run where a large transient load ends: a gateway start's search index read.
// docs/decisions.md: Garbage is collected once where a large load ends
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full collection now. Node exposes none without `--expose-gc`; the flag is set only for the moment of taking
 *  the function, so no script of this process sees a global `gc` it did not ask for. */
export function collectGarbageOnce(): void {
  let collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  collect();
}
