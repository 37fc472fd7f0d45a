// Media through object storage: publish uploads each media object once, with its own type; a following gateway
// downloads it like any body and serves it with the same restrictions.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { STREAMED_OBJECT_BYTES } from '../../storage/store-objects.ts';
import { remoteKey, sha256Hex } from '../../storage/remote-layout.ts';
import { send } from '../gateway/http-client.ts';
import { credentials } from '../gateway/media/fixture-media.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { follow, publish, waitFor } from './storage-fixture.ts';
import type { Follower } from './storage-fixture.ts';

const media = suite<{ server: S3Server; site: string; out: string; follower?: Follower }>(
  'media through object storage',
);

media.before(async (context) => {
  context.server = await startS3Server('media');
  context.site = await copyFixture('site');
  context.out = await temporaryDir('media-publish-dist');
  // Past the size where publish reads and the follower writes an object as a stream, not as one buffer.
  await writeFile(join(context.site, 'media', 'files', 'large.bin'), randomBytes(STREAMED_OBJECT_BYTES + 4099));
  const outcome = await buildSite({ site: context.site, out: context.out, baseUrl: 'http://localhost' });
  assert.ok(outcome.ok);
});
media.after(async ({ server, site, out, follower }) => {
  await follower?.close();
  await server.remove();
  await removeDir(join(site, '..'));
  await removeDir(out);
});

media(
  'uploads every media object once under its digest with its content type, and nothing again on a second publish',
  async (context) => {
    const { index, directory } = await readSnapshot(context.out);
    const mediaFiles = new Set(
      Object.entries(index.entries)
        .filter(([key]) => key.startsWith('media:'))
        .map(([, entry]) => entry.file),
    );
    const first = await publish(context.server, context.out, 'site');
    const again = await publish(context.server, context.out, 'site');
    assert.is(again.uploadedObjects, 0);
    assert.is(again.skippedObjects, first.totalObjects);
    const chart = index.entries['media:live:chart.png']?.file ?? '';
    assert.ok(mediaFiles.has(chart));
    const key = remoteKey.body('site', chart, sha256Hex(await readFile(join(directory, chart))));
    assert.match(key, /^site\/bodies\/[0-9a-f]{64}\.media$/);
    // s3rver keeps each object's headers beside it.
    const metadata = JSON.parse(
      await readFile(
        join(context.server.directory, context.server.store.bucket, `${key}._S3rver_metadata.json`),
        'utf8',
      ),
    ) as Record<string, string>;
    assert.is(metadata['content-type'], 'image/png');
    const stored = (
      await readdir(join(context.server.directory, context.server.store.bucket, 'site', 'bodies'))
    ).filter((name) => name.endsWith('.media._S3rver_metadata.json'));
    assert.is(stored.length, mediaFiles.size);
  },
);

media('a following gateway serves the media files it downloaded, restricted ones by role', async (context) => {
  context.follower = await follow(context.server, 'site', 'media');
  const url = context.follower.gateway.url;
  await waitFor(async () => (await send(url, '/media/live/chart.png')).status === 200, 'the follower to serve media');
  const chart = await send(url, '/media/live/chart.png');
  assert.ok(chart.body.equals(await readFile(join(context.site, 'media/live/chart.png'))));
  const large = await send(url, '/media/files/large.bin');
  assert.equal([large.status, large.body.length], [200, STREAMED_OBJECT_BYTES + 4099]);
  assert.ok(large.body.equals(await readFile(join(context.site, 'media/files/large.bin'))));
  assert.is((await send(url, '/media/files/secret.zip')).status, 401);
  assert.is((await send(url, '/media/files/secret.zip', { headers: credentials('editor') })).status, 200);
});

media.run();
