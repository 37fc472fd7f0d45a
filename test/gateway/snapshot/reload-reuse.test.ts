// A reload after a one-page publish takes over the index shards, search shards and credential cache that did not
// change, and serves exactly what a fresh load of the same snapshot serves.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFile, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../../contract/snapshot.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import type { LoadedEntry } from '../../../gateway/snapshot/model.ts';
import type { ServingState } from '../../../gateway/snapshot/serving-state.ts';
import { openLiveSnapshot } from '../../../gateway/snapshot/live-snapshot.ts';
import { readStoredBody } from '../../../gateway/snapshot/body-store.ts';
import { checkShardFiles, readIndex } from '../../../gateway/snapshot/read-index.ts';
import { checkCredentials, verifyWithBcrypt } from '../../../gateway/auth/authenticate.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import { runSearch } from '../../../gateway/search/run-search.ts';
import { loadSearchIndex } from '../../../gateway/search/search-index.ts';
import { SEARCH_INDEX_KEY } from '../../../contract/search/search-format.ts';
import { makeSite } from '../../bench/make-site.ts';
import type { BenchUser, MadeSite } from '../../bench/make-site.ts';
import { temporaryDir } from '../../helpers/fixture-site.ts';

const OPTIONS = { lookup: async () => [] };

async function build(site: string, out: string): Promise<void> {
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}

const rootOf = async (dist: string): Promise<SnapshotRoot> =>
  JSON.parse(await readFile(join(dist, DIST_LAYOUT.currentLink, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotRoot;

const entryFields = (entry: LoadedEntry | undefined) =>
  entry === undefined
    ? undefined
    : {
        etag: entry.etag,
        files: [entry.identity, entry.gzip, entry.br].map((body) => body && [body.file, body.size]),
        restriction: entry.restriction,
      };

async function authenticate(state: ServingState, user: BenchUser) {
  const authorization = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  const outcome = await checkCredentials(
    { address: '127.0.0.1', authorization, now: 0 },
    {
      accounts: state.snapshot.accounts,
      dummyHash: state.dummyHash,
      cache: state.credentials,
      verify: verifyWithBcrypt,
      limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
    },
  );
  return outcome.allowed ? outcome.via : outcome.reason;
}

interface Loaded {
  site: MadeSite;
  dist: string;
  before: ServingState;
  changedShards: number;
  reloaded: ServingState;
  fresh: ServingState;
}

const Reload = suite<Loaded>('reload after a one-page publish');

Reload.before(async (context) => {
  const directory = await temporaryDir('reload-reuse');
  context.site = makeSite({ directory: join(directory, 'made'), pages: 200 });
  context.dist = join(directory, 'dist');
  await build(context.site.site, context.dist);
  context.before = await loadSnapshot(context.dist, OPTIONS);
  const rootBefore = await rootOf(context.dist);
  await appendFile(context.site.samplePages[0]!, '\nA sentence about zeppelins added by the reload test.\n');
  await build(context.site.site, context.dist);
  const rootAfter = await rootOf(context.dist);
  context.changedShards = rootAfter.shards.filter((shard, at) => shard.file !== rootBefore.shards[at]?.file).length;
  context.reloaded = await loadSnapshot(context.dist, OPTIONS, context.before);
  context.fresh = await loadSnapshot(context.dist, OPTIONS);
});

Reload.after((context) => rm(join(context.dist, '..'), { recursive: true, force: true }));

Reload('parses only the index shards and the search shard whose file changed, and keeps the credentials', (context) => {
  // The page's shard, the search shard's and the site-wide one, which holds the AI files' manifests (docs/ai.md).
  assert.equal(context.reloaded.stats, {
    indexShards: 17,
    indexShardsParsed: 3,
    bodyFilesChecked: 386,
    searchShards: 2,
    searchShardsParsed: 1,
    credentialsKept: true,
  });
  assert.is(context.changedShards, 3);
  assert.is(context.reloaded.credentials, context.before.credentials);
  assert.is(context.reloaded.dummyHash, context.before.dummyHash);
  // A start parses each shard on first use (docs/decisions.md: Index shards are parsed on first use).
  assert.equal(context.fresh.stats?.indexShardsParsed, 0);
});

Reload('serves every entry as a fresh load of the same snapshot does', (context) => {
  const { reloaded, fresh } = context;
  assert.equal([...reloaded.snapshot.entries.keys()].sort(), [...fresh.snapshot.entries.keys()].sort());
  const differing = [...fresh.snapshot.entries.keys()].filter(
    (key) =>
      JSON.stringify(entryFields(reloaded.snapshot.entries.get(key))) !==
      JSON.stringify(entryFields(fresh.snapshot.entries.get(key))),
  );
  assert.equal(differing, []);
  assert.is(reloaded.snapshot.entries.size, fresh.snapshot.entries.size);
  assert.is(reloaded.snapshot.entries.get('content:live:/no-such-page'), undefined);
});

Reload('answers searches as a fresh load does, the new sentence included', async (context) => {
  const user = { username: 'admin', role: 'administrator' };
  const ask = (state: ServingState, words: string[]) =>
    runSearch(state.snapshot.search!, { query: words.join(' '), words, draft: false, limit: 20, offset: 0 }, user);
  for (const words of [['zeppelins'], ['routing'], ['users', 'the'], ['page']]) {
    const [reloaded, fresh] = [await ask(context.reloaded, words), await ask(context.fresh, words)];
    assert.equal(reloaded, fresh, words.join(' '));
  }
  assert.is((await ask(context.reloaded, ['zeppelins'])).total, 1);
  const [left, right] = [context.reloaded.snapshot.search!.postings, context.fresh.snapshot.search!.postings];
  assert.equal([...left.scores], [...right.scores]);
  assert.equal([...left.docs], [...right.docs]);
  const [reloaded, fresh] = [context.reloaded.snapshot.search!, context.fresh.snapshot.search!];
  assert.equal([reloaded.documents, reloaded.ancestors], [fresh.documents, fresh.ancestors]);
  // An edited text keeps every page in its place: the site order and folders of the index before are kept.
  assert.ok(reloaded.ancestors === context.before.snapshot.search!.ancestors);
});

Reload('refuses a kept search shard whose page lost its content entry', async (context) => {
  const { entries, search } = context.reloaded.snapshot;
  const key = search!.shards![0]!.documents[0]!.key;
  const path = entries.get(SEARCH_INDEX_KEY)!.identity.path;
  const reason = await loadSearchIndex(path, entries, search, new Set([key])).catch((error: Error) => error.message);
  assert.is(reason, `search index shard 0.documents[0].key: "${key}" is no content entry of the snapshot`);
});

Reload('keeps the bytes of a body of an unchanged shard, and its share of the memory budget', async (context) => {
  const after = context.reloaded.reusable!.index.shards;
  const shard = context.before.reusable!.index.shards.find((candidate) => after.includes(candidate))!;
  const key = shard.keys()[0]!;
  const body = context.before.snapshot.entries.get(key)!.identity;
  const bytes = await readStoredBody(body);
  const left = body.memory.left;
  const again = await loadSnapshot(context.dist, OPTIONS, context.before);
  const kept = again.snapshot.entries.get(key)!.identity;
  assert.equal(
    [kept === body, kept.bytes === bytes, kept.memory.left, shard.ledger.kept >= bytes.length],
    [true, true, left, true],
  );
});

Reload('keeps no shard when the count of shards changed, and every shard when nothing changed', async (context) => {
  const { parsedShards, memory, pool, index } = context.reloaded.reusable!;
  const directory = context.reloaded.snapshot.directory;
  const place = { parsed: parsedShards, memory, pool, directory };
  const same = await readIndex(directory, place, index, true);
  const doubled = { ...index.root, shards: [...index.root.shards, ...index.root.shards.slice(1)] };
  const recounted = await readIndex(directory, place, { root: doubled, shards: index.shards }, true);
  assert.equal(
    [same.parsed, same.shards.every((shard, at) => shard === index.shards[at]), recounted.parsed.length],
    [[], true, 17],
  );
});

Reload(
  'answers searches as a fresh load does after a page is added, which moves pages in site order',
  async (context) => {
    const page = context.site.samplePages[0]!;
    await writeFile(page.replace(/[^/]+$/, '99-zeppelin-hangar.md'), '# Zeppelin hangar\n\nWhere zeppelins rest.\n');
    await build(context.site.site, context.dist);
    const next = await loadSnapshot(context.dist, OPTIONS, context.reloaded);
    const fresh = await loadSnapshot(context.dist, OPTIONS);
    const [left, right] = [next.snapshot.search!, fresh.snapshot.search!];
    assert.equal(
      [left.documents, left.ancestors, [...left.postings.scores], [...left.postings.docs]],
      [right.documents, right.ancestors, [...right.postings.scores], [...right.postings.docs]],
    );
    assert.equal(
      [next.snapshot.entries.size, left.documents.length - context.reloaded.snapshot.search!.documents.length],
      [fresh.snapshot.entries.size, 1],
    );
    assert.ok(left.ancestors !== context.reloaded.snapshot.search!.ancestors);
    context.reloaded = next;
  },
);

Reload('makes a fresh credential cache when the accounts change: a removed user is not let in', async (context) => {
  const [kept, removed] = [context.site.users[6]!, context.site.users[5]!];
  assert.is(await authenticate(context.reloaded, removed), 'password');
  assert.is(await authenticate(context.reloaded, removed), 'cache');
  await rm(join(context.site.site, 'settings', 'users', `${removed.username}.yaml`));
  const changedUser = join(context.site.site, 'settings', 'users', `${kept.username}.yaml`);
  await writeFile(changedUser, (await readFile(changedUser, 'utf8')).replace(/^email: .*$/m, 'email: new@example.org'));
  await build(context.site.site, context.dist);
  const next = await loadSnapshot(context.dist, OPTIONS, context.reloaded);
  assert.equal(
    [next.stats?.credentialsKept, next.credentials === context.reloaded.credentials, next.stats?.indexShardsParsed],
    [false, false, next.stats?.indexShardsParsed],
  );
  assert.is(await authenticate(next, removed), 'failed');
  assert.is(await authenticate(next, kept), 'password');
});

Reload.run();

const Refused = suite('a reload whose new shard names a missing body file');

Refused('is refused, and the snapshot served before keeps serving', async () => {
  const directory = await temporaryDir('reload-missing');
  try {
    const site = makeSite({ directory: join(directory, 'made'), pages: 40 });
    const dist = join(directory, 'dist');
    await build(site.site, dist);
    const logs: Array<Record<string, unknown>> = [];
    const live = await openLiveSnapshot(dist, OPTIONS, (event, details) => logs.push({ event, ...details }));
    const served = live.current()!.snapshot.id;
    await appendFile(site.samplePages[0]!, '\nAnother sentence.\n');
    await build(site.site, dist);
    const root = await rootOf(dist);
    const before = live.current()!.reusable!.index.root;
    const changed = root.shards.find((shard, at) => shard.file !== before.shards[at]?.file && at !== 0)!;
    const shard = JSON.parse(await readFile(join(dist, DIST_LAYOUT.currentLink, changed.file), 'utf8'));
    const entry = shard.entries[Object.keys(shard.entries).find((key) => key.startsWith('content:live:'))!];
    await rm(join(dist, DIST_LAYOUT.currentLink, entry.file));
    assert.is(await live.reload(), false);
    assert.equal(
      [live.current()!.snapshot.id, logs.at(-1)?.event, logs.at(-1)?.reason],
      [served, 'snapshot-refused', `${entry.file}: no such body file`],
    );
    // The reload's own check, before the fresh load it falls back to, names the same file.
    const { parsedShards, memory, pool, index } = live.current()!.reusable!;
    const current = await realpath(join(dist, DIST_LAYOUT.currentLink));
    const next = await readIndex(current, { parsed: parsedShards, memory, pool, directory: current }, index, true);
    const parsed = next.parsed.map((position) => next.shards[position]!);
    const reason = await checkShardFiles(parsed, pool, current).catch((error: Error) => error.message);
    // The page's shard and the site-wide one (the AI files' manifests list the page's part).
    assert.equal([next.parsed.length, reason], [2, `${entry.file}: no such body file`]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

Refused.run();
