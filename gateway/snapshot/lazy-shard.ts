// One index shard, read and parsed on its first lookup (a reload parses the shards it changed at once, to refuse a bad
// one): its entries as plain objects, dropped again when the parsed-shard cache needs the room
// (docs/decisions.md: Index shards are parsed on first use).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_PREFIX, poolName } from '../../contract/dist-folder.ts';
import { parseIndexShard, shardPlace } from '../../contract/parse-snapshot.ts';
import type { IndexEntry, SnapshotRoot, StoredFile } from '../../contract/snapshot.ts';
import type { BodyLedger, BodyMemory, LoadedEntry, StoredBody } from './model.ts';
import type { ParsedShards } from './parsed-shards.ts';

/** Where a shard's files are and what its bodies may keep in memory. */
export interface ShardPlace {
  /** The snapshot folder: the shard file and body names outside the pool are relative to it. */
  directory: string;
  /** The bodies folder with links resolved: pool names are read from it, whichever snapshot named them. */
  pool: string;
  memory: BodyMemory;
  parsed: ParsedShards;
}

export class LazyShard {
  readonly where: string;
  readonly #path: string;
  readonly #root: SnapshotRoot;
  readonly #position: number;
  readonly #place: ShardPlace;
  #entries: Map<string, LoadedEntry> | undefined;
  #failure: Error | undefined;
  /** Some entry names a file outside the pool, which belongs to this snapshot's folder: never taken over. */
  #folderFiles = false;
  /** What this shard's bodies keep of the memory budget; handed back when the shard is dropped. */
  ledger: BodyLedger = { kept: 0, dropped: false };

  constructor(root: SnapshotRoot, position: number, place: ShardPlace) {
    this.#root = root;
    this.#position = position;
    this.#place = place;
    this.where = shardPlace(root, position);
    this.#path = join(place.directory, root.shards[position]?.file ?? '');
  }

  /** Entries parsed and not dropped since. */
  get parsed(): boolean {
    return this.#entries !== undefined;
  }

  /** A reload may take this shard over as it is: parsed, and reading only from the pool both snapshots share. */
  get portable(): boolean {
    return this.#entries !== undefined && !this.#folderFiles;
  }

  get(key: string): LoadedEntry | undefined {
    return this.#parse().get(key);
  }

  keys(): MapIterator<string> {
    return this.#parse().keys();
  }

  /** Every body file the entries name, once. */
  files(): Set<string> {
    const files = new Set<string>();
    for (const entry of this.#parse().values())
      for (const body of [entry.identity, entry.gzip, entry.br]) if (body !== undefined) files.add(body.file);
    return files;
  }

  /** Parses the shard now; throws, naming the shard, on the first problem. */
  check(): void {
    this.#parse();
  }

  /** Drops the entries and hands what their bodies kept back to the budget; a late request on them reads from disk. */
  drop(): void {
    if (this.#entries === undefined) return;
    this.#entries = undefined;
    this.ledger.dropped = true;
    this.#place.memory.left += this.ledger.kept;
    this.ledger = { kept: 0, dropped: false };
  }

  #parse(): Map<string, LoadedEntry> {
    const entries = this.#entries;
    if (entries !== undefined) {
      this.#place.parsed.touch(this);
      return entries;
    }
    if (this.#failure !== undefined) throw this.#failure;
    try {
      this.#entries = this.#read();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const named = reason.startsWith(this.where) ? reason : `${this.where}: ${reason}`;
      this.#failure = new Error(named, { cause: error });
      throw this.#failure;
    }
    this.#place.parsed.add(this, this.#entries.size);
    return this.#entries;
  }

  #read(): Map<string, LoadedEntry> {
    const declared = this.#root.shards[this.#position]!;
    const bytes = readFileSync(this.#path);
    if (bytes.length !== declared.size)
      throw new Error(`the root says ${declared.size} bytes, the file has ${bytes.length}`);
    const shard = parseIndexShard(JSON.parse(bytes.toString('utf8')), this.#root, this.#position);
    const bodies = new Map<string, StoredBody>();
    const body = (stored: StoredFile | undefined) => (stored === undefined ? undefined : this.#body(stored, bodies));
    const entries = new Map<string, LoadedEntry>();
    for (const key in shard.entries) {
      const entry = shard.entries[key] as IndexEntry;
      entries.set(key, {
        etag: entry.etag,
        identity: body(entry)!,
        gzip: body(entry.gzip),
        br: body(entry.br),
        restriction: entry.restriction,
        prepared: undefined,
      });
    }
    return entries;
  }

  // One body object per file and shard, shared by every key naming it: it carries the bytes kept in memory.
  #body({ file, size }: StoredFile, bodies: Map<string, StoredBody>): StoredBody {
    const known = bodies.get(file);
    if (known !== undefined) {
      if (known.size !== size) throw new Error(`${file}: the index gives it two sizes, ${known.size} and ${size}`);
      return known;
    }
    const inPool = file.startsWith(BODY_PREFIX);
    if (!inPool) this.#folderFiles = true;
    const path = inPool ? `${this.#place.pool}/${poolName(file)}` : `${this.#place.directory}/${file}`;
    const made: StoredBody = { file, path, size, bytes: undefined, memory: this.#place.memory, ledger: this.ledger };
    bodies.set(file, made);
    return made;
  }
}
