// A snapshot whose body files are named after their ETag hash, as the generator writes them, served from the compact
// index: every key, encoding and restriction as before; a snapshot missing a file is refused and the old one serves on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import type { IndexEntry, SnapshotRoot, StoredFile } from '../../../contract/snapshot.ts';
import { send } from '../http-client.ts';
import { BODIES, USERS, basic, standardSpec } from '../fixture.ts';
import { publishSnapshot, readIndex, writeIndex, writeSnapshot } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';

const SUFFIXES = { identity: '.json', gzip: '.json.gz', br: '.json.br' } as const;

/** Renames the bodies of `snapshots/<id>` to `bodies/<hash>.json(.gz|.br)`, the hash being the ETag's, and rewrites the
 *  index. */
async function nameBodiesAfterHashes(dist: string, id: string): Promise<void> {
  const directory = join(dist, DIST_LAYOUT.snapshotsDir, id);
  const index = readIndex(directory);
  const moved = new Map<string, string>();
  const move = async (stored: StoredFile, hash: string, suffix: string): Promise<StoredFile> => {
    const file = `${DIST_LAYOUT.bodiesDir}/${hash}${suffix}`;
    if (!moved.has(stored.file)) await rename(join(directory, stored.file), join(directory, file));
    moved.set(stored.file, file);
    return { file, size: stored.size };
  };
  for (const [key, entry] of Object.entries(index.entries)) {
    const hash = entry.etag.slice(1, -1);
    const renamed: IndexEntry = { ...entry, ...(await move(entry, hash, SUFFIXES.identity)) };
    if (entry.gzip) renamed.gzip = await move(entry.gzip, hash, SUFFIXES.gzip);
    if (entry.br) renamed.br = await move(entry.br, hash, SUFFIXES.br);
    index.entries[key] = renamed;
  }
  await writeIndex(directory, index);
}

async function startHashed(name: string) {
  const fixture = await startFixture(name, {}, { pollMs: 60_000 });
  await writeSnapshot(fixture.dist, standardSpec(`${name}-2`));
  await nameBodiesAfterHashes(fixture.dist, `${name}-2`);
  await publishSnapshot(fixture.dist, `${name}-2`);
  assert.is(await fixture.gateway.reload(), true);
  return fixture;
}

const EDITOR = { Authorization: basic(USERS.editor) };
const DECODE = { identity: (body: Buffer) => body, gzip: gunzipSync, br: brotliDecompressSync };

const Hashed = suite('snapshot with bodies named after their hash');

Hashed('answers each key with its body in each encoding and the hash as ETag', async () => {
  const fixture = await startHashed('hashed');
  try {
    const index = readIndex(join(fixture.dist, 'current'));
    const answers = [];
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const response = await send(fixture.gateway.url, '/api/v1/article/content?url=/big', {
        headers: { ...EDITOR, 'Accept-Encoding': encoding },
      });
      answers.push([
        response.status,
        response.headers['content-encoding'] ?? 'identity',
        response.headers.etag,
        DECODE[encoding](response.body).toString('utf8') === BODIES['content:live:/big']!.json,
      ]);
    }
    const etag = index.entries['content:live:/big']!.etag;
    assert.ok(
      /^"[0-9a-f]{20}"$/.test(etag) && index.entries['content:live:/big']!.file === `bodies/${etag.slice(1, -1)}.json`,
    );
    assert.equal(answers, [
      [200, 'identity', etag, true],
      [200, 'gzip', etag, true],
      [200, 'br', etag, true],
    ]);
    const settings = await send(fixture.gateway.url, '/api/v1/settings/', {
      headers: { Authorization: basic(USERS.manager), 'Accept-Encoding': 'gzip, br' },
    });
    assert.equal(
      [settings.status, settings.headers['content-encoding'], settings.text],
      [200, undefined, BODIES.settings!.json],
    );
    const notModified = await send(fixture.gateway.url, '/api/v1/article/content?url=/big', {
      headers: { ...EDITOR, 'If-None-Match': etag },
    });
    assert.is(notModified.status, 304);
    assert.is(fixture.gateway.snapshotId(), 'hashed-2');
  } finally {
    await fixture.gateway.close();
  }
});

Hashed('keeps page restrictions per key', async () => {
  const fixture = await startHashed('hashed-restricted');
  try {
    const asUser = async (user: { username: string; password: string }, url: string) =>
      (
        await send(fixture.gateway.url, `/api/v1/article/content?url=${url}`, {
          headers: { Authorization: basic(user) },
        })
      ).status;
    assert.equal(
      [
        await asUser(USERS.author, '/editors-only'),
        await asUser(USERS.editor, '/editors-only'),
        await asUser(USERS.author, '/for-author'),
        await asUser(USERS.editor, '/for-author'),
      ],
      [403, 200, 200, 403],
    );
  } finally {
    await fixture.gateway.close();
  }
});

Hashed('refuses a snapshot missing a compressed variant and keeps serving the one before', async () => {
  const fixture = await startHashed('hashed-missing');
  try {
    await writeSnapshot(fixture.dist, standardSpec('hashed-missing-3'));
    await nameBodiesAfterHashes(fixture.dist, 'hashed-missing-3');
    const index = readIndex(join(fixture.dist, DIST_LAYOUT.snapshotsDir, 'hashed-missing-3'));
    const missing = index.entries['content:live:/big']!.br!.file;
    await rm(join(fixture.dist, DIST_LAYOUT.snapshotsDir, 'hashed-missing-3', missing));
    await publishSnapshot(fixture.dist, 'hashed-missing-3');
    assert.is(await fixture.gateway.reload(), false);
    const refusal = fixture.logs.find((line) => line.event === 'snapshot-refused');
    assert.equal([refusal?.reason, refusal?.serving], [`${missing}: no such body file`, 'hashed-missing-2']);
    const response = await send(fixture.gateway.url, '/api/v1/article/content?url=/big', {
      headers: { ...EDITOR, 'Accept-Encoding': 'br' },
    });
    assert.equal(
      [
        response.status,
        response.headers['content-encoding'],
        brotliDecompressSync(response.body).toString('utf8') === BODIES['content:live:/big']!.json,
      ],
      [200, 'br', true],
    );
  } finally {
    await fixture.gateway.close();
  }
});

Hashed('refuses a snapshot whose index gives one body file two sizes', async () => {
  const fixture = await startHashed('hashed-sizes');
  try {
    await writeSnapshot(fixture.dist, standardSpec('hashed-sizes-3'));
    await nameBodiesAfterHashes(fixture.dist, 'hashed-sizes-3');
    const directory = join(fixture.dist, DIST_LAYOUT.snapshotsDir, 'hashed-sizes-3');
    const index = readIndex(directory);
    const live = index.entries['content:live:/getting-started']!;
    index.entries['content:live:/copy'] = { ...live, size: live.size + 1 };
    await writeIndex(directory, index);
    await publishSnapshot(fixture.dist, 'hashed-sizes-3');
    assert.is(await fixture.gateway.reload(), false);
    const refusal = fixture.logs.find((line) => line.event === 'snapshot-refused');
    // Both keys are in one shard, which names itself first: a file is checked within the shard that names it.
    const root = JSON.parse(readFileSync(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotRoot;
    const shard = `index.json shards[1] (${root.shards[1]?.file})`;
    assert.is(
      refusal?.reason,
      `${shard}: ${live.file}: the index gives it two sizes, ${live.size} and ${live.size + 1}`,
    );
    assert.is(fixture.gateway.snapshotId(), 'hashed-sizes-2');
  } finally {
    await fixture.gateway.close();
  }
});

Hashed.run();
