// Validates the parsed index.json root, its shards and accounts.json (unknown until checked) into the contract types.
import { IDENTITY_FILE } from './dist-folder.ts';
import { isShardCount, indexShardOf } from './index-shards.ts';
import { parseHistoryRoot } from './history.ts';
import { SNAPSHOT_FORMAT } from './snapshot.ts';
import { TOKENS_KEY } from './api-token.ts';
import type { Account, Accounts, IndexEntry, IndexShard, IndexShardFile, Restriction, SlugPart } from './snapshot.ts';
import type { HistoryRoot, SnapshotRoot, StoredFile } from './snapshot.ts';

type Json = Record<string, unknown>;

function fail(where: string, problem: string): never {
  throw new Error(`${where}: ${problem}`);
}

/** `where` may be a function, so hot callers spell out the location only on failure. */
function record(value: unknown, where: string | (() => string)): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(typeof where === 'string' ? where : where(), 'expected an object');
  return value as Json;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'expected a string');
  return value;
}

function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(where, 'expected a non-negative integer');
  return value;
}

function texts(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) fail(where, 'expected an array of strings');
  return value.map((item, position) => text(item, `${where}[${position}]`));
}

const PARENT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

function isPlainRelativePath(file: string): boolean {
  return (
    file !== '' &&
    !file.startsWith('/') &&
    !file.endsWith('/') &&
    !file.includes('\\') &&
    !file.includes('//') &&
    !PARENT_SEGMENT.test(file)
  );
}

/** Body files live inside the snapshot folder: relative, no `..`, no backslashes, no empty segment. */
function storedFile(value: unknown, where: () => string): StoredFile {
  const fields = record(value, where);
  const file = fields.file;
  const size = fields.size;
  if (typeof file !== 'string') fail(`${where()}.file`, 'expected a string');
  if (!isPlainRelativePath(file)) fail(`${where()}.file`, `"${file}" is not a plain relative path`);
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
    fail(`${where()}.size`, 'expected a non-negative integer');
  return { file, size };
}

function restriction(value: unknown, where: string): Restriction | undefined {
  if (value === undefined) return undefined;
  const fields = record(value, where);
  return {
    ...(fields.role === undefined ? {} : { role: text(fields.role, `${where}.role`) }),
    ...(fields.users === undefined ? {} : { users: texts(fields.users, `${where}.users`) }),
  };
}

const QUOTED_ENTITY_TAG = /^"[^"]+"$/;

/** Hot at load (one call per response): the error location is only spelled out on failure. `file` names the shard. */
export function parseIndexEntry(value: unknown, key: string, place = 'index.json'): IndexEntry {
  const where = () => `${place} entries["${key}"]`;
  const fields = record(value, where);
  const { file, size } = storedFile(value, where);
  const etag = fields.etag;
  if (typeof etag !== 'string') fail(`${where()}.etag`, 'expected a string');
  if (!QUOTED_ENTITY_TAG.test(etag)) fail(`${where()}.etag`, 'expected a quoted entity tag');
  const entry: IndexEntry = { file, size, etag };
  if (fields.gzip !== undefined) entry.gzip = storedFile(fields.gzip, () => `${where()}.gzip`);
  if (fields.br !== undefined) entry.br = storedFile(fields.br, () => `${where()}.br`);
  if (fields.restriction !== undefined) entry.restriction = restriction(fields.restriction, `${where()}.restriction`);
  return entry;
}

function slugPart(value: unknown, where: string): SlugPart {
  const fields = record(value, where);
  const rule = restriction(fields.restriction, `${where}.restriction`);
  return { json: text(fields.json, `${where}.json`), ...(rule === undefined ? {} : { restriction: rule }) };
}

function mapValues<T>(value: unknown, where: string, parse: (item: unknown, where: string) => T): Record<string, T> {
  const fields = record(value, where);
  return Object.fromEntries(Object.entries(fields).map(([key, item]) => [key, parse(item, `${where}["${key}"]`)]));
}

function indexShard(value: unknown, where: string): IndexShard {
  const { file, size } = storedFile(value, () => where);
  if (!IDENTITY_FILE.test(file)) fail(`${where}.file`, `"${file}" is not a body file bodies/<hash>.json`);
  return { file, size, entries: count(record(value, where).entries, `${where}.entries`) };
}

/** index.json: everything but the entries, which the shards it names hold. */
export function parseIndexRoot(value: unknown): SnapshotRoot {
  const fields = record(value, 'index.json');
  if (fields.format !== SNAPSHOT_FORMAT)
    fail('index.json format', `expected ${SNAPSHOT_FORMAT}, got ${JSON.stringify(fields.format)}`);
  const counts = record(fields.counts, 'index.json counts');
  const access = record(fields.access, 'index.json access');
  const basePath = text(fields.basePath, 'index.json basePath');
  if (basePath !== '' && (!basePath.startsWith('/') || basePath.endsWith('/')))
    fail('index.json basePath', `"${basePath}" must be empty or start and not end with /`);
  if (!Array.isArray(fields.shards)) fail('index.json shards', 'expected an array');
  const shards = fields.shards.map((shard, position) => indexShard(shard, `index.json shards[${position}]`));
  if (!isShardCount(shards.length))
    fail('index.json shards', `${shards.length} shards is not one site-wide shard and a power of two`);
  return {
    format: SNAPSHOT_FORMAT,
    id: text(fields.id, 'index.json id'),
    builtAt: text(fields.builtAt, 'index.json builtAt'),
    baseUrl: text(fields.baseUrl, 'index.json baseUrl'),
    basePath,
    counts: {
      pages: count(counts.pages, 'index.json counts.pages'),
      folders: count(counts.folders, 'index.json counts.folders'),
      drafts: count(counts.drafts, 'index.json counts.drafts'),
      users: count(counts.users, 'index.json counts.users'),
      responses: count(counts.responses, 'index.json counts.responses'),
      bytes: count(counts.bytes, 'index.json counts.bytes'),
    },
    access: {
      trustedIps: texts(access.trustedIps, 'index.json access.trustedIps'),
      trustedHosts: texts(access.trustedHosts, 'index.json access.trustedHosts'),
      proxy: access.proxy === true,
      trustedProxies: texts(access.trustedProxies, 'index.json access.trustedProxies'),
    },
    shards,
    restrictedSlugs: mapValues(fields.restrictedSlugs, 'index.json restrictedSlugs', (item, where) => {
      if (!Array.isArray(item)) fail(where, 'expected an array');
      return item.map((part, position) => slugPart(part, `${where}[${position}]`));
    }),
    userRecords: mapValues(fields.userRecords, 'index.json userRecords', text),
    ...withHistory(parseHistoryRoot(fields.history)),
  };
}

const withHistory = (history: HistoryRoot | undefined) => (history === undefined ? {} : { history });

/** Where shard `position` of a root is, for naming it in errors. */
export function shardPlace(root: SnapshotRoot, position: number): string {
  return `index.json shards[${position}] (${root.shards[position]?.file ?? 'missing'})`;
}

/** A shard file without its entries (as the gateway's chunked reader leaves it): its place among the root's shards. */
export function checkShardHeader(value: unknown, position: number, of: number, where: string): Record<string, unknown> {
  const fields = record(value, where);
  if (fields.shard !== position || fields.of !== of)
    fail(
      where,
      `is shard ${JSON.stringify(fields.shard)} of ${JSON.stringify(fields.of)}, expected ${position} of ${of}`,
    );
  return record(fields.entries, `${where} entries`);
}

/** One entry of shard `position` of `of`: valid, and a key the shard may hold, so no key is in two shards. */
export function parseShardEntry(value: unknown, key: string, position: number, of: number, where: string): IndexEntry {
  if (indexShardOf(key, of) !== position) fail(where, `entries["${key}"] belongs to shard ${indexShardOf(key, of)}`);
  return parseIndexEntry(value, key, where);
}

/** A whole shard file, checked against the root's description of it. */
export function parseIndexShard(value: unknown, root: SnapshotRoot, position: number): IndexShardFile {
  const where = shardPlace(root, position);
  const of = root.shards.length;
  const raw = checkShardHeader(value, position, of, where);
  const entries: Record<string, IndexEntry> = {};
  for (const key in raw) entries[key] = parseShardEntry(raw[key], key, position, of, where);
  const expected = root.shards[position]?.entries;
  if (Object.keys(entries).length !== expected)
    fail(where, `holds ${Object.keys(entries).length} entries, the root says ${expected}`);
  return { shard: position, of, entries };
}

function account(value: unknown, where: string): Account {
  const fields = record(value, where);
  return {
    username: text(fields.username, `${where}.username`),
    role: text(fields.role, `${where}.role`),
    apiaccess: fields.apiaccess === true,
    hash: text(fields.hash, `${where}.hash`),
  };
}

/** The user accounts; the token list under TOKENS_KEY is read by parseSnapshotTokens (api-token.ts). */
export function parseAccounts(value: unknown): Accounts {
  const { [TOKENS_KEY]: _tokens, ...users } = record(value, 'accounts.json');
  return mapValues(users, 'accounts.json', account);
}
