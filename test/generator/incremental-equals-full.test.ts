// A site built again and again into the same folder (render cache, reused body files) answers every request exactly
// as a build from scratch of the same files, through a scripted series of edits an editor would make.
import { appendFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/build-site.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const BASE_URL = 'http://localhost/handbook';

/** Each step changes the site folder the way an editor or Typemill would. */
const EDITS: Array<[string, (site: string) => Promise<void>]> = [
  [
    'page text',
    (site) => appendFile(join(site, 'content', '06-contact.md'), '\nA new paragraph about [the FAQ](/status/faq).\n'),
  ],
  [
    'page meta',
    (site) =>
      writeFile(
        join(site, 'content', '06-contact.yaml'),
        "meta:\n  title: 'Contact us'\n  description: 'How to reach the team'\n",
      ),
  ],
  [
    'rename a page',
    (site) =>
      rename(join(site, 'content', '06-contact.md'), join(site, 'content', '06-reach-us.md')).then(() =>
        rename(join(site, 'content', '06-contact.yaml'), join(site, 'content', '06-reach-us.yaml')),
      ),
  ],
  [
    'move a page into a folder',
    (site) =>
      rename(join(site, 'content', '06-reach-us.md'), join(site, 'content', '02-status', '09-reach-us.md')).then(() =>
        rename(join(site, 'content', '06-reach-us.yaml'), join(site, 'content', '02-status', '09-reach-us.yaml')),
      ),
  ],
  [
    'delete a page',
    (site) =>
      rm(join(site, 'content', '07-front-matter.md')).then(() => rm(join(site, 'content', '07-front-matter.yaml'))),
  ],
  [
    'new folder with pages',
    async (site) => {
      await mkdir(join(site, 'content', '09-guides'));
      await writeFile(join(site, 'content', '09-guides', 'index.md'), '# Guides\n\nAll guides.\n');
      await writeFile(
        join(site, 'content', '09-guides', '00-install.md'),
        '# Install\n\n## Before you start\n\nRun the installer.\n',
      );
    },
  ],
  [
    'draft only',
    (site) =>
      writeFile(
        join(site, 'content', '09-guides', '00-install.txt'),
        JSON.stringify(['# Install', 'Run the new installer.']),
      ),
  ],
  // Anchors change the HTML of every heading of level 2 or more (the guides page has one).
  ['settings', async (site) => appendFile(join(site, 'settings', 'settings.yaml'), 'headlineanchors: true\n')],
  [
    'users',
    async (site) => {
      await writeFile(
        join(site, 'settings', 'users', 'newbie.yaml'),
        'username: newbie\nemail: newbie@fixture.test\nuserrole: editor\npassword: $2y$04$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\napiaccess: true\n',
      );
      await rm(join(site, 'settings', 'users', 'author10.yaml'));
    },
  ],
  [
    'plugins',
    (site) => writeFile(join(site, 'plugins', 'dormant', 'dormant.yaml'), 'name: Dormant Plugin\nversion: 0.2.0\n'),
  ],
];

const Incremental = suite('incremental builds equal full builds');

Incremental("after every edit, every response of the rebuilt snapshot is the fresh build's", async () => {
  const site = await copyFixture('site');
  const repeated = await temporaryDir('incremental-repeated');
  try {
    const first = await buildSite({ site, out: repeated, baseUrl: BASE_URL });
    assert.ok(first.ok);
    for (const [name, edit] of EDITS) {
      await edit(site);
      const fresh = await temporaryDir('incremental-fresh');
      try {
        const [again, scratch] = [
          await buildSite({ site, out: repeated, baseUrl: BASE_URL }),
          await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 }),
        ];
        assert.ok(again.ok && scratch.ok, name);
        const [rebuilt, expected] = [(await readSnapshot(repeated)).bodies, (await readSnapshot(fresh)).bodies];
        assert.equal([...rebuilt.keys()].sort(), [...expected.keys()].sort(), `${name}: the same keys`);
        for (const [key, body] of expected) assert.is(rebuilt.get(key), body, `${name}: ${key}`);
      } finally {
        await removeDir(fresh);
      }
    }
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(repeated);
  }
});

Incremental.run();
