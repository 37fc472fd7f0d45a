// Which precompressed siblings a body gets: the measured policy, and that a real build follows it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { storedEncodings } from '../../../generator/write/compression-policy.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';

const policy = suite('compression policy');

policy('bodies under 1 KiB get no sibling, whatever they answer', () => {
  assert.equal(storedEncodings({ size: 1023, pageContent: false }), []);
  assert.equal(storedEncodings({ size: 0, pageContent: true }), []);
});

policy('page content bodies under 64 KiB get gzip only', () => {
  assert.equal(storedEncodings({ size: 1024, pageContent: true }), ['gzip']);
  assert.equal(storedEncodings({ size: 65535, pageContent: true }), ['gzip']);
});

policy('page content from 64 KiB and every other body from 1 KiB get gzip and brotli', () => {
  assert.equal(storedEncodings({ size: 65536, pageContent: true }), ['gzip', 'br']);
  assert.equal(storedEncodings({ size: 1024, pageContent: false }), ['gzip', 'br']);
});

policy.run();

const built = suite('a build follows the compression policy');
let site = '';
let out = '';
built.before(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('compression-dist');
});
built.after(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, index) => `Paragraph ${index} of a page long enough to be compressed.`).join(
    '\n\n',
  );

built(
  'content bodies of 1–64 KiB have a gzip sibling and no brotli one; larger ones and navigation keep both',
  async () => {
    await writeFile(join(site, 'content', '90-mid-size.md'), `# Mid size\n\n${paragraphs(40)}\n`);
    await writeFile(join(site, 'content', '91-large.md'), `# Large\n\n${paragraphs(800)}\n`);
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost/typemill', workers: 0 });
    assert.ok(outcome.ok);
    const { index } = await readSnapshot(out);
    const content = Object.entries(index.entries).filter(
      ([key, entry]) => key.startsWith('content:') && entry.size >= 1024 && entry.size < 65536,
    );
    assert.equal(content.map(([key]) => key).sort(), ['content:draft:/mid-size', 'content:live:/mid-size']);
    for (const [key, entry] of content) assert.equal([key, entry.gzip !== undefined, entry.br], [key, true, undefined]);
    const large = index.entries['content:live:/large'];
    assert.ok(large !== undefined && large.size >= 65536, 'the large page is over 64 KiB');
    assert.equal([large.gzip !== undefined, large.br !== undefined], [true, true]);
    const navigation = index.entries['navigation:draft'];
    assert.ok(navigation !== undefined && navigation.size >= 1024);
    assert.equal([navigation.gzip !== undefined, navigation.br !== undefined], [true, true]);
  },
);

built.run();
