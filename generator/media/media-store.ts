// Puts media files into the staging snapshot content-addressed, as `bodies/<hash>.media` in the dist's body pool: kept
// when the previous snapshot has the same bytes in the pool, else streamed in once
// (docs/decisions.md: Media files are served from the snapshot).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BODY_SUFFIXES, bodyFile } from '../../contract/dist-folder.ts';
import { hashOfDigest } from '../../contract/etag.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { previousBodies, reusePrevious, type PreviousSnapshot } from '../write/body-pool.ts';
import type { StagedBody } from '../write/staged-body.ts';

export const MEDIA_SUFFIX = BODY_SUFFIXES.media;

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hashOfDigest(hash.digest());
}

/** Copies `path` into the bodies folder under a temporary name, hashing what was copied; returns its final body. */
async function copyHashed(directory: string, path: string): Promise<StagedBody> {
  const hash = createHash('sha256');
  let size = 0;
  const temporary = join(directory, DIST_LAYOUT.bodiesDir, `.media-${randomBytes(6).toString('hex')}`);
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(path), tap, createWriteStream(temporary));
    // Named by the bytes copied: a file changed while the build ran is stored as it was read, never misnamed.
    const name = hashOfDigest(hash.digest());
    const file = bodyFile(name, 'media');
    await rename(temporary, join(directory, file));
    return { hash: name, identity: { file, size } };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface MediaStore {
  /** Stores one media file (once per content) and resolves to its body in the staging snapshot. */
  store(path: string): Promise<StagedBody>;
}

export function openMediaStore(directory: string, previous: PreviousSnapshot | undefined): MediaStore {
  const before = previousBodies(Object.values(previous?.index.entries ?? {}), MEDIA_SUFFIX);
  const stored = new Map<string, Promise<StagedBody>>();
  const place = async (path: string): Promise<StagedBody> => {
    const hash = await hashFile(path);
    const reused = before.get(hash);
    if (reused !== undefined && previous !== undefined && reusePrevious(previous, reused)) return reused;
    return copyHashed(directory, path);
  };
  return {
    store(path) {
      const known = stored.get(path);
      if (known !== undefined) return known;
      const made = place(path);
      stored.set(path, made);
      return made;
    },
  };
}
