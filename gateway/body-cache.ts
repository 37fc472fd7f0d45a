// Bodies not held since load are read on first use and kept in a byte-bounded LRU, so memory stays flat for large snapshots.
import { readFile } from 'node:fs/promises';

export interface BodyCache {
  /** The file's bytes; rejects when the file is missing or its size differs from the index. */
  read(path: string, size: number): Promise<Buffer>;
}

export function createBodyCache(maxBytes: number): BodyCache {
  // Map insertion order doubles as recency: a hit is re-inserted.
  const bodies = new Map<string, Buffer>();
  let heldBytes = 0;
  const remember = (path: string, bytes: Buffer): void => {
    bodies.set(path, bytes);
    heldBytes += bytes.length;
    for (const [oldest, oldBytes] of bodies) {
      if (heldBytes <= maxBytes) break;
      bodies.delete(oldest);
      heldBytes -= oldBytes.length;
    }
  };
  return {
    async read(path, size) {
      const held = bodies.get(path);
      if (held !== undefined) {
        bodies.delete(path);
        bodies.set(path, held);
        return held;
      }
      const bytes = await readFile(path);
      if (bytes.length !== size) throw new Error(`${path}: index says ${size} bytes, file has ${bytes.length}`);
      remember(path, bytes);
      return bytes;
    },
  };
}
