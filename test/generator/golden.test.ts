// Golden test: every response body built from test/fixtures/site equals its reviewed file in test/fixtures/expected/.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../gateway/api/endpoints.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { SEARCH_SHARD_PREFIX } from '../../contract/endpoints.ts';
import { copyFixture, FIXTURES, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { goldenFileName, readSnapshot } from '../helpers/snapshot-bodies.ts';
import { shouldUpdateGolden } from '../helpers/golden-update.ts';

const EXPECTED = join(FIXTURES, 'expected');
const MEDIA_FILE_PREFIXES = [KEYS.mediaLive, KEYS.mediaThumbs, KEYS.mediaFiles].map((kind) => kind.prefix);
const golden = suite('golden snapshot of test/fixtures/site');

golden(
  'every response body matches its reviewed expected file, and no expected file is missing a response',
  async () => {
    const update = shouldUpdateGolden(process.env);
    const site = await copyFixture('site');
    const out = await temporaryDir('golden-dist');
    try {
      const outcome = await buildSite({
        site,
        out,
        baseUrl: 'http://localhost/typemill',
        rootPath: '/var/www/typemill',
      });
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.errors.map((error) => error.message).join('\n'));
      const { bodies } = await readSnapshot(out);
      // A copy of openapi.yaml, not built from the site; test/product/openapi.test.ts covers it.
      bodies.delete(keyOf(KEYS.openapi));
      // The search index (its root and shards) is term counts; test/search/ checks what it answers.
      bodies.delete(SEARCH_INDEX_KEY);
      for (const key of bodies.keys()) if (key.startsWith(`${SEARCH_SHARD_PREFIX}:`)) bodies.delete(key);
      // Media files are the site's own bytes, not built; test/gateway/media/ checks how they are stored and served.
      for (const key of bodies.keys())
        if (MEDIA_FILE_PREFIXES.some((prefix) => key.startsWith(`${prefix}:`))) bodies.delete(key);
      if (update) {
        await rm(EXPECTED, { recursive: true, force: true });
        await mkdir(EXPECTED, { recursive: true });
        for (const [key, body] of bodies) await writeFile(join(EXPECTED, goldenFileName(key)), body + '\n');
      }
      const expectedFiles = new Set(await readdir(EXPECTED));
      for (const [key, body] of bodies) {
        const file = goldenFileName(key);
        assert.ok(expectedFiles.has(file), `no expected file ${file} for response ${key}`);
        const expected = (await readFile(join(EXPECTED, file), 'utf8')).replace(/\n$/, '');
        assert.fixture(body, expected, `response ${key} differs from test/fixtures/expected/${file}`);
        expectedFiles.delete(file);
      }
      assert.equal([...expectedFiles], [], 'expected files without a response');
    } finally {
      await removeDir(join(site, '..'));
      await removeDir(out);
    }
  },
);

golden.run();
