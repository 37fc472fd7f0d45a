// The media bodies against what PHP itself computes (test/fixtures/media-corpus/regenerate.php, run where PHP is
// installed; its output is committed): image sizes, pathinfo, order, json_encode and the pagemedia pattern.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS } from '../../../gateway/api/endpoints.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { planMedia } from '../../../generator/media/media-bodies.ts';
import { copyFixture, FIXTURES, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';

const CORPUS = join(FIXTURES, 'media-corpus');
const reference = async () =>
  JSON.parse(await readFile(join(CORPUS, 'typemill-media.json'), 'utf8')) as {
    bodies: Record<string, string>;
    patterns: string[][];
  };
/** The endpoints PHP's reference covers; filerestrictions needs Symfony's YAML and is covered in media-bodies.test.ts.
 *  */
const COMPARED = [KEYS.images, KEYS.image, KEYS.files, KEYS.file, KEYS.pageMedia].map((kind) => kind.prefix);
const compared = (key: string) => COMPARED.some((prefix) => key === prefix || key.startsWith(`${prefix}:`));

const corpus = suite('media bodies against PHP');

corpus('every media body of the fixture site equals the one PHP computes for it', async () => {
  const { bodies: expected } = await reference();
  const site = await copyFixture('site');
  const out = await temporaryDir('media-corpus-dist');
  try {
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost' });
    assert.ok(outcome.ok);
    const { bodies } = await readSnapshot(out);
    const ours = [...bodies].filter(([key]) => compared(key));
    assert.ok(ours.length > 30, `only ${ours.length} media bodies`);
    // A page whose file is not at its pathWithoutType (`01-version.2.md`, a folder without index) has no file for
    // Typemill to read there: PHP's reference has no entry, and Typemill answers an empty list.
    for (const [key, body] of ours)
      assert.is(body, expected[key] ?? (key.startsWith('pagemedia:') ? '{"pagemedia":[]}' : undefined), key);
    // PHP also lists content files that are not pages (a hidden `.md`); every image and file body is in both.
    const phpOnly = Object.keys(expected).filter((key) => !bodies.has(key) && !key.startsWith('pagemedia:'));
    assert.equal(phpOnly, []);
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

corpus("finds exactly what preg_match_all finds in texts chosen for the pattern's edges", async () => {
  const { patterns } = await reference();
  const texts = JSON.parse(await readFile(join(CORPUS, 'pattern-cases.json'), 'utf8')) as string[];
  assert.is(texts.length, patterns.length);
  texts.forEach((text, position) => {
    const plan = planMedia(undefined, [{ pathWithoutType: '/page', markdown: text, meta: '' }]);
    const found = (
      JSON.parse(plan.responses.find((response) => response.key === 'pagemedia:/page')?.body ?? '') as {
        pagemedia: string[];
      }
    ).pagemedia;
    assert.equal([text, found], [text, patterns[position]]);
  });
});

corpus.run();
