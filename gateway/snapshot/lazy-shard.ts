// One index shard, read and parsed on its first lookup (a reload parses the shards it changed at once, to refuse a bad
// one): its entries as parsed, made into the objects requests use per key, and dropped again when the parsed-shard
// cache needs the room (docs/decisions.md: Index shards are parsed on first use).
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
  readonly #root: SnapshotRoot;
  readonly #position: number;
  #entries: Record<string, IndexEntry> | undefined;
  /** Entry objects made so far, by key: they outlive the parse, and a reload that takes the shard over keeps them. */
  #made = new Map<string, LoadedEntry>();
  /** Body objects made so far, by file: shared by every key of the shard naming the file. */
  #bodies = new Map<string, StoredBody>();
  #place: ShardPlace;
  #path: string;
  #failure: Error | undefined;
  /** Some entry names a file outside the pool, which belongs to this snapshot's folder: never taken over. */
  #folderFiles = false;
  /** What this shard's bodies keep of the memory budget; handed back when a reload drops the shard. */
  readonly ledger: BodyLedger = { kept: 0, dropped: false };

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

  /** Makes no entry object: a check of many keys (a search shard's documents) leaves nothing behind. */
  has(key: string): boolean {
    return this.#made.has(key) || Object.hasOwn(this.#parse(), key);
  }

  /** The entry object of `key`, made once (its bodies shared with the shard's other keys). */
  get(key: string): LoadedEntry | undefined {
    const known = this.#made.get(key);
    if (known !== undefined) return known;
    const entries = this.#parse();
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (entry === undefined) return undefined;
    const made: LoadedEntry = {
      etag: entry.etag,
      identity: this.#body(entry),
      gzip: entry.gzip === undefined ? undefined : this.#body(entry.gzip),
      br: entry.br === undefined ? undefined : this.#body(entry.br),
      restriction: entry.restriction,
      prepared: undefined,
    };
    this.#made.set(key, made);
    this.#place.parsed.made(this);
    return made;
  }

  /** A reload takes the shard over into the snapshot folder `place` names (the same file is in both). */
  moveTo(place: ShardPlace): this {
    this.#place = place;
    this.#path = join(place.directory, this.#root.shards[this.#position]?.file ?? '');
    return this;
  }

  keys(): string[] {
    return Object.keys(this.#parse());
  }

  /** Every body file the entries name, once. */
  files(): Set<string> {
    const files = new Set<string>();
    for (const entry of Object.values(this.#parse()))
      for (const stored of [entry, entry.gzip, entry.br]) if (stored !== undefined) files.add(stored.file);
    return files;
  }

  /** Parses the shard now; throws, naming the shard, on the first problem. */
  check(): void {
    this.#parse();
  }

  /** Drops the parsed entries (the cache needs the room); the entry objects made stay. */
  drop(): void {
    this.#entries = undefined;
  }

  /** Drops the entry objects made (too many over all shards); bodies holding bytes stay findable (BodyMemory.held). */
  forgetMade(): void {
    this.#made = new Map();
    this.#bodies = new Map();
  }

  /** A reload did not take the shard over: what its bodies kept goes back to the budget, and a late request on the old
   *  snapshot reads them from disk without keeping them. */
  retire(): void {
    this.drop();
    this.forgetMade();
    this.ledger.dropped = true;
    this.#place.memory.left += this.ledger.kept;
    this.ledger.kept = 0;
  }

  #parse(): Record<string, IndexEntry> {
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
    this.#place.parsed.add(this, this.#root.shards[this.#position]!.entries);
    return this.#entries;
  }

  #read(): Record<string, IndexEntry> {
    const declared = this.#root.shards[this.#position]!;
    const bytes = readFileSync(this.#path);
    if (bytes.length !== declared.size)
      throw new Error(`the root says ${declared.size} bytes, the file has ${bytes.length}`);
    const { entries } = parseIndexShard(JSON.parse(bytes.toString('utf8')), this.#root, this.#position);
    const sizes = new Map<string, number>();
    for (const key in entries) {
      const entry = entries[key] as IndexEntry;
      for (const { file, size } of [entry, entry.gzip, entry.br].filter((stored) => stored !== undefined)) {
        const known = sizes.get(file);
        if (known !== undefined && known !== size)
          throw new Error(`${file}: the index gives it two sizes, ${known} and ${size}`);
        sizes.set(file, size);
        if (!file.startsWith(BODY_PREFIX)) this.#folderFiles = true;
      }
    }
    return entries;
  }

  // One body object per file, shared by the keys naming it: it carries the bytes kept in memory.
  #body({ file, size }: StoredFile): StoredBody {
    const known = this.#bodies.get(file);
    if (known !== undefined) return known;
    const { pool, directory, memory } = this.#place;
    const path = file.startsWith(BODY_PREFIX) ? `${pool}/${poolName(file)}` : `${directory}/${file}`;
    const held = memory.held?.get(path);
    const body =
      held !== undefined && !held.ledger.dropped && held.size === size
        ? held
        : { file, path, size, bytes: undefined, memory, ledger: this.ledger };
    this.#bodies.set(file, body);
    return body;
  }
}
