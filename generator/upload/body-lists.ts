// Which body lists an upload's manifest names: the lists already in the bucket plus one new list of what they lack,
// merged as they pile up, so a one-page change uploads a list of its own few bodies instead of every list naming one.
import type { BodyList, ObjectDigest } from '../../storage/remote-layout.ts';

/** A full rewrite splits the bodies into lists of at most this many (about 1 MB gzip-compressed each). */
export const MOST_LIST_ENTRIES = 16_384;
/** Lists may name bodies the snapshot no longer has (a follower fetches only what the index names); once they name
 *  more than this many times the snapshot's bodies, they are written again from the snapshot alone. */
const MOST_LISTED_PER_BODY = 2;

/** A list as the manifest will name it: one already stored (with its bytes) or a new one to write. */
export interface PlannedList {
  entries: BodyList;
  /** The stored object's bytes, for a list kept from the previous snapshot; absent for a new list. */
  bytes?: Buffer;
}

const countOf = (list: PlannedList) => Object.keys(list.entries).length;

function sameDigest(left: ObjectDigest | undefined, right: ObjectDigest): boolean {
  return left !== undefined && left.sha256 === right.sha256 && left.size === right.size;
}

/** The bodies of `live` in name order, split into lists of at most MOST_LIST_ENTRIES. */
function rewrite(live: BodyList): PlannedList[] {
  const files = Object.keys(live).sort();
  const lists: PlannedList[] = [];
  for (let start = 0; start < files.length; start += MOST_LIST_ENTRIES) {
    const entries: BodyList = {};
    for (const file of files.slice(start, start + MOST_LIST_ENTRIES)) entries[file] = live[file] as ObjectDigest;
    lists.push({ entries });
  }
  return lists;
}

/** Two neighbouring lists as one, keeping only what the snapshot still has; the newer one's digest wins. */
function merged(older: PlannedList, newer: PlannedList, live: BodyList): PlannedList {
  const entries: BodyList = {};
  const files = [...new Set([...Object.keys(older.entries), ...Object.keys(newer.entries)])].sort();
  for (const file of files) {
    const digest = newer.entries[file] ?? older.entries[file];
    const wanted = live[file];
    if (digest !== undefined && wanted !== undefined && sameDigest(digest, wanted)) entries[file] = wanted;
  }
  return { entries };
}

/** The lists for a snapshot whose bodies are `live`, given the previous snapshot's lists in manifest order (later
 *  lists win for a name in two). Read in order, they give every live body its digest. Size-tiered, like a log-structured
 *  merge: a new list is merged into the one before it while it is at least half that one's size, so each body is
 *  rewritten a few times over many uploads and the manifest names a handful of lists. */
export function planBodyLists(previous: readonly PlannedList[], live: BodyList): PlannedList[] {
  if (previous.length === 0) return rewrite(live);
  const known = new Map<string, ObjectDigest>();
  for (const list of previous) for (const [file, digest] of Object.entries(list.entries)) known.set(file, digest);
  const fresh: BodyList = {};
  for (const file of Object.keys(live).sort()) {
    const digest = live[file] as ObjectDigest;
    if (!sameDigest(known.get(file), digest)) fresh[file] = digest;
  }
  const lists = [...previous];
  if (Object.keys(fresh).length > 0) lists.push({ entries: fresh });
  const listed = lists.reduce((sum, list) => sum + countOf(list), 0);
  if (listed > MOST_LISTED_PER_BODY * Math.max(1, Object.keys(live).length)) return rewrite(live);
  while (lists.length >= 2) {
    const newer = lists[lists.length - 1] as PlannedList;
    const older = lists[lists.length - 2] as PlannedList;
    if (countOf(newer) * 2 < countOf(older) || countOf(newer) + countOf(older) > MOST_LIST_ENTRIES) break;
    lists.splice(lists.length - 2, 2, merged(older, newer, live));
  }
  return lists;
}
