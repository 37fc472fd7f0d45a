// The snapshot contract shared by generator and gateway: file layout, index format, accounts and change reports.
// Request keys are formed by the endpoint table (gateway/api/endpoints.ts).

export const ROLES = ['guest', 'member', 'contributor', 'author', 'editor', 'manager', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

/** 2: index.json is a root naming content-addressed shards of the entries (docs/snapshot.md). */
export const SNAPSHOT_FORMAT = 2;

/** Names inside a dist folder: `<dist>/current` is a symlink to `snapshots/<id>`; every snapshot's `bodies` is a
 *  symlink to the pool `<dist>/bodies`, which holds the bodies of all kept snapshots once. */
export const DIST_LAYOUT = {
  currentLink: 'current',
  snapshotsDir: 'snapshots',
  indexFile: 'index.json',
  accountsFile: 'accounts.json',
  changesFile: 'changes.json',
  /** The pool of bodies in the dist folder, and the link of that name in every snapshot folder. */
  bodiesDir: 'bodies',
  /** What a snapshot folder's `bodies` link points to, relative to the snapshot folder. */
  poolLink: '../../bodies',
} as const;

/** A stored variant of a body (identity, gzip or brotli), path relative to the snapshot folder. */
export interface StoredFile {
  file: string;
  size: number;
}

/** Who may read a page beyond the endpoint's minimum role
 *  (docs/typemill.md: Page restrictions are enforced on the article endpoints; Who passes a page restriction). */
export interface Restriction {
  /** `meta.allowedrole`: the caller's role must be this role or higher. */
  role?: string;
  /** `meta.alloweduser` split on commas and trimmed: the caller must be one of them. */
  users?: string[];
}

export interface IndexEntry extends StoredFile {
  /** Strong ETag including the quotes, derived from a content hash of the identity body. */
  etag: string;
  gzip?: StoredFile;
  br?: StoredFile;
  restriction?: Restriction;
}

/** One item of a slug lookup whose page is restricted: the gateway composes `{"items":[…]}` per caller. */
export interface SlugPart {
  /** The item's JSON exactly as it appears inside the `items` array. */
  json: string;
  restriction?: Restriction;
}

export interface AccessSettings {
  /** `trustedipsforapi`: single addresses and CIDR ranges, IPv4 and IPv6. Empty: no restriction. */
  trustedIps: string[];
  /** `trustedhostsforapi`: host names resolved by the gateway. */
  trustedHosts: string[];
  /** `proxy`: believe X-Forwarded-For from trusted proxies. */
  proxy: boolean;
  /** `trustedproxies`: addresses or CIDR ranges; empty with `proxy` on means any peer is a proxy. */
  trustedProxies: string[];
}

/** One shard of the entries: a body file `bodies/<hash>.json` holding an IndexShardFile. */
export interface IndexShard extends StoredFile {
  /** How many entries the shard holds. */
  entries: number;
}

/** A shard file: the entries whose key `indexShardOf` (index-shards.ts) puts in shard `shard` of `of`. */
export interface IndexShardFile {
  shard: number;
  of: number;
  entries: Record<string, IndexEntry>;
}

/** A whole snapshot index as one value: the root's fields and every shard's entries (read-snapshot-index.ts). */
export interface SnapshotIndex {
  format: typeof SNAPSHOT_FORMAT;
  id: string;
  builtAt: string;
  /** `--base-url` as given, without trailing slash: `https://docs.example.org/handbook`. */
  baseUrl: string;
  /** Installation sub-path of the base URL: `/handbook`, or `` for none. */
  basePath: string;
  counts: { pages: number; folders: number; drafts: number; users: number; responses: number; bytes: number };
  access: AccessSettings;
  /** Request key → response body. See `requestKey` for the key forms. */
  entries: Record<string, IndexEntry>;
  /** Slug → items for slugs where at least one item is restricted (otherwise `entries` holds the body). */
  restrictedSlugs: Record<string, SlugPart[]>;
  /** Username → that user's record as JSON (no password), for composing getbynames answers. */
  userRecords: Record<string, string>;
  /** The kept snapshots up to this one, for the change feed (contract/history.ts); absent before the feed existed. */
  history?: HistoryRoot;
}

/** One kept snapshot: its id, when it was built, and the pool body holding its delta against the entry before it
 *  (null for the first entry the history ever had). */
export interface HistoryEntry {
  id: string;
  at: string;
  delta: string | null;
}

/** A frozen run of HISTORY_CHUNK entries, stored as a pool body `{"history": [{id, at, delta}, …]}` with each delta
 *  inline, so the deltas of the inline entries it replaces leave the pool. */
export interface HistoryChunk {
  file: string;
  entries: number;
  /** `at` of its newest entry: a chunk is dropped whole once that is past both limits. */
  until: string;
}

/** The root's `history`: the chunks, oldest first, then the newest entries inline (the last one is the snapshot
 *  itself); `skip` entries at the start of the first chunk are no longer kept. */
export interface HistoryRoot {
  chunks: HistoryChunk[];
  skip: number;
  recent: HistoryEntry[];
}

/** `index.json`: everything but the entries, which are in the shards it names, in shard order. */
export type SnapshotRoot = Omit<SnapshotIndex, 'entries'> & { shards: IndexShard[] };

/** Private file (mode 0600): what authentication needs. Never served. */
export interface Account {
  username: string;
  role: string;
  apiaccess: boolean;
  /** bcrypt hash as stored (`$2y$…`, `$2a$…`, `$2b$…`), or `` when the file had none. */
  hash: string;
}
export type Accounts = Record<string, Account>;

/** One request key that changed, with its ETag before and after (`null` where it did not exist). */
export interface ChangeDetail {
  key: string;
  before: string | null;
  after: string | null;
}

/** Names added, changed and removed, each list sorted. */
export interface ChangeLists {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What changed against the previous snapshot, for CDN purges and notifications. */
export interface ChangeReport extends ChangeLists {
  previous: string | null;
  current: string;
  /** Every added, changed and removed key with old and new ETag, in key order. */
  details: ChangeDetail[];
  /** Page URLs (`/`, `/guides/faq`): added or removed page, or a page whose item, meta or content changed. */
  urls: ChangeLists;
  /** Slugs whose `article/items` answer appeared, changed or went away. */
  slugs: ChangeLists;
  /** API request paths (with the base path) whose answer changed or went away, for purging a cache. */
  purge: string[];
}
