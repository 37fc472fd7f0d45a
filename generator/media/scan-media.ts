// The input shell for media: lists media/live, media/thumbs and media/files with sizes and times, reads the head of
// each live image (for its size) and the file restrictions; the files' bytes are copied later, when stored.
import { lstatSync, openSync, readSync, closeSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_FOLDERS } from '../types.ts';
import type { MediaFolder, MediaSource } from '../types.ts';
import { imageSize } from './image-size.ts';

/** Typemill's registry of restricted files; never served, never listed. */
export const RESTRICTIONS_FILE = 'filerestrictions.yaml';

/** Enough for every PNG, GIF and WebP header and most JPEGs; a JPEG whose frame comes later (a large EXIF thumbnail
 *  or ICC profile first) is read again up to LONG_HEAD_BYTES. */
const HEAD_BYTES = 64 * 1024;
const LONG_HEAD_BYTES = 1024 * 1024;

function readBytes(path: string, size: number, limit: number): Uint8Array {
  const head = Buffer.alloc(Math.min(size, limit));
  const descriptor = openSync(path, 'r');
  try {
    const read = readSync(descriptor, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    closeSync(descriptor);
  }
}

function readHead(path: string, size: number): Uint8Array {
  const head = readBytes(path, size, HEAD_BYTES);
  const isJpeg = head[0] === 0xff && head[1] === 0xd8;
  return isJpeg && size > head.length && imageSize(head) === undefined ? readBytes(path, size, LONG_HEAD_BYTES) : head;
}

/** Names in PHP's scandir order (bytes, ascending), which Typemill keeps for files with equal times. */
function byteOrder(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left), Buffer.from(right));
}

function scanFolder(root: string, folder: MediaFolder, source: MediaSource): void {
  const directory = join(root, 'media', folder);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names.sort(byteOrder)) {
    // Dot files (.gitkeep, .htaccess) are not media.
    if (name.startsWith('.')) continue;
    const site = `media/${folder}/${name}`;
    const path = join(directory, name);
    const stats = lstatSync(path);
    if (folder === 'files' && name === RESTRICTIONS_FILE && stats.isFile()) {
      source.restrictions = readFileSync(path, 'utf8');
      continue;
    }
    // A link could point anywhere on the build machine; only files that are in the media folder are media.
    if (stats.isSymbolicLink()) {
      source.warnings.push({
        file: site,
        message: 'symbolic link in a media folder: not served and not listed; put the file itself there',
      });
      continue;
    }
    if (!stats.isFile()) continue;
    source.files.push({
      folder,
      name,
      path,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      ...(folder === 'live' ? { head: readHead(path, stats.size) } : {}),
    });
  }
}

export function scanMedia(root: string): MediaSource {
  const source: MediaSource = { files: [], warnings: [] };
  for (const folder of MEDIA_FOLDERS) scanFolder(root, folder, source);
  return source;
}
