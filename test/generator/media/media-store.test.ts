// Media in the snapshot: content-addressed, linked (not copied) from the previous snapshot when unchanged, taken as it
// was at build time, and symbolic links in media folders refused with a warning.
import { appendFile, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { scanMedia } from '../../../generator/media/scan-media.ts';
import { planMedia } from '../../../generator/media/media-bodies.ts';
import { startGateway } from '../../../gateway/http/server.ts';
import { send } from '../../gateway/http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';

const store = suite('media in the snapshot');

async function build(site: string, out: string) {
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost' });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
  const snapshot = await readSnapshot(out);
  const fileOf = (key: string) => join(snapshot.directory, snapshot.index.entries[key]?.file ?? 'missing');
  return { outcome, snapshot, fileOf };
}

store('stores each file once under its content hash and links unchanged files into the next snapshot', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('media-store-dist');
  try {
    const first = await build(site, out);
    const chart = first.snapshot.index.entries['media:live:chart.png'];
    assert.match(chart?.file ?? '', /^bodies\/[A-Za-z0-9_-]{32}\.media$/);
    assert.is(chart?.etag, `"${chart?.file.slice('bodies/'.length, -'.media'.length)}"`);
    assert.ok(
      (await readFile(first.fileOf('media:live:chart.png'))).equals(await readFile(join(site, 'media/live/chart.png'))),
    );
    // Two names with the same bytes share one stored file.
    assert.is(
      first.snapshot.index.entries['media:live:logo.svg']?.file,
      first.snapshot.index.entries['media:thumbs:logo.svg']?.file,
    );
    const firstInode = (await stat(first.fileOf('media:live:chart.png'))).ino;

    await appendFile(join(site, 'media/files/report.pdf'), 'changed\n');
    const second = await build(site, out);
    assert.is(
      (await stat(second.fileOf('media:live:chart.png'))).ino,
      firstInode,
      'an unchanged file is a link to the same inode',
    );
    assert.is.not(
      second.snapshot.index.entries['media:files:report.pdf']?.etag,
      first.snapshot.index.entries['media:files:report.pdf']?.etag,
    );
    assert.match(await readFile(second.fileOf('media:files:report.pdf'), 'utf8'), /changed\n$/);
    assert.equal(second.snapshot.index.entries['media:files:secret.zip']?.restriction, { role: 'editor' });
    assert.ok(second.outcome.ok && second.outcome.published.changes.changed.includes('media:files:report.pdf'));
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

store('keeps what the snapshot holds when the site changes after the build', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('media-store-dist');
  try {
    const built = await build(site, out);
    await writeFile(join(site, 'media/live/chart.png'), 'replaced after the build');
    assert.ok((await readFile(built.fileOf('media:live:chart.png'))).subarray(1, 4).equals(Buffer.from('PNG')));
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

store('does not store, list or serve a symbolic link in a media folder, and warns about it', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('media-store-dist');
  try {
    await symlink(join(site, 'settings', 'settings.yaml'), join(site, 'media', 'files', 'settings.yaml'));
    await symlink('chart.png', join(site, 'media', 'live', 'alias.png'));
    const { outcome, snapshot } = await build(site, out);
    assert.equal(outcome.ok ? outcome.warnings.filter((warning) => warning.file.startsWith('media/')) : [], [
      {
        file: 'media/live/alias.png',
        message: 'symbolic link in a media folder: not served and not listed; put the file itself there',
      },
      {
        file: 'media/files/settings.yaml',
        message: 'symbolic link in a media folder: not served and not listed; put the file itself there',
      },
    ]);
    const keys = [...Object.keys(snapshot.index.entries)];
    assert.equal(
      keys.filter((key) => key.includes('settings.yaml') || key.includes('alias.png')),
      [],
    );
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

store('streams a large file into the snapshot and out of the gateway, whole and by range', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('media-store-dist');
  const big = Buffer.alloc(5 * 1024 * 1024 + 3);
  for (let position = 0; position < big.length; position++) big[position] = (position * 7) % 251;
  await writeFile(join(site, 'media/files/big.bin'), big);
  const { snapshot } = await build(site, out);
  assert.is(snapshot.index.entries['media:files:big.bin']?.size, big.length);
  const gateway = await startGateway({ dist: out, port: 0, host: '127.0.0.1', log: () => undefined, pollMs: 60_000 });
  try {
    const whole = await send(gateway.url, '/media/files/big.bin');
    assert.equal(
      [whole.status, whole.headers['content-type'], whole.body.equals(big)],
      [200, 'application/octet-stream', true],
    );
    const middle = await send(gateway.url, '/media/files/big.bin', { headers: { Range: 'bytes=3000000-3000009' } });
    assert.equal(
      [middle.status, middle.headers['content-range'], middle.body.equals(big.subarray(3_000_000, 3_000_010))],
      [206, `bytes 3000000-3000009/${big.length}`, true],
    );
  } finally {
    await gateway.close();
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

store('finds the size of a JPEG whose frame comes after a large EXIF segment', async () => {
  const site = await copyFixture('site');
  try {
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(0xffff - 2)]);
    const frame = Buffer.from([
      0xff, 0xc0, 0x00, 0x0b, 0x08, 0x02, 0x58, 0x03, 0x20, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
    ]);
    await writeFile(join(site, 'media/live/exif.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8]), exif, exif, frame]));
    const plan = planMedia(scanMedia(site), []);
    const body = plan.responses.find((response) => response.key === 'image:exif.jpg')?.body ?? '';
    assert.match(body, /"width":800,"height":600,"type":"image\\\/jpeg"/);
  } finally {
    await removeDir(join(site, '..'));
  }
});

store.run();
