// Turns a request path under /media/ into the snapshot key of a media file. Each segment is percent-decoded once;
// empty and `.` segments are dropped, `..` names nothing, and the result must be exactly media/<folder>/<name>: so
// `//`, `./` and encodings reach the same key as the plain path, with the same restriction, and nothing outside the
// three folders (docs/decisions.md: Only media is media).
import { KEYS, keyOf } from '../api/endpoints.ts';
import type { KeyKind } from '../api/endpoints.ts';

/** A request under /media/: the key of the file it names, or undefined when it names none. */
export interface MediaRoute {
  media: string | undefined;
  /** `files`: sent as a download (Content-Disposition: attachment), as Typemill sends it. */
  attachment: boolean;
  /** The file name, for Content-Disposition and the content type. */
  name: string;
}

const FOLDERS: ReadonlyMap<string, { kind: KeyKind; attachment: boolean }> = new Map([
  ['live', { kind: KEYS.mediaLive, attachment: false }],
  ['thumbs', { kind: KEYS.mediaThumbs, attachment: false }],
  ['files', { kind: KEYS.mediaFiles, attachment: true }],
]);

function decodedSegments(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments;
}

const NOTHING = (name: string): MediaRoute => ({ media: undefined, attachment: false, name });

/** Undefined for paths that are not under /media/ (with or without the base path). */
export function matchMediaPath(pathname: string, basePath: string): MediaRoute | undefined {
  const relative = basePath !== '' && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
  const segments = decodedSegments(relative);
  if (segments === undefined || segments[0] !== 'media') return undefined;
  const [, folderName = '', name = '', ...rest] = segments;
  const folder = FOLDERS.get(folderName);
  if (
    folder === undefined ||
    name === '' ||
    rest.length > 0 ||
    segments.includes('..') ||
    name.includes('/') ||
    name.includes('\0')
  )
    return NOTHING(name);
  return { media: keyOf(folder.kind, name), attachment: folder.attachment, name };
}
