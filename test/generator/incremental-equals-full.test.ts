// A site built again and again into the same folder (render cache, reused body files), and by a resident builder that
// keeps what it read, parsed and rendered, answers every request exactly as a build from scratch of the same files,
// through a scripted series of edits an editor would make.
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem } from '../../generator/resident/choose-build.ts';
import { scopeOfBuild } from '../helpers/build-scope.ts';
import { residentBuilder } from '../../generator/resident/resident-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { assertAnswersOf, changeReport, listing, poolAndNamed, touched } from '../helpers/incremental-compare.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const BASE_URL = 'http://localhost/handbook';

/** Each step changes the site folder the way an editor or Typemill would. */
const EDITS: Array<[string, (site: string) => Promise<void>]> = [
  [
    'page text',
    (site) => appendFile(join(site, 'content', '06-contact.md'), '\nA new paragraph about [the FAQ](/status/faq).\n'),
  ],
  [
    'page text naming media',
    (site) => appendFile(join(site, 'content', '02-status', '05-faq.md'), '\n![Chart](media/live/chart.png)\n'),
  ],
  [
    'draft of a modified page',
    (site) =>
      writeFile(
        join(site, 'content', '02-status', '00-modified.txt'),
        JSON.stringify(['# Modified (draft)', 'A newer draft, about the [contact page](/contact).']),
      ),
  ],
  [
    'draft of a page that has no markdown file',
    (site) =>
      writeFile(
        join(site, 'content', '02-status', '01-unpublished.txt'),
        JSON.stringify(['# Unpublished', 'Still only a draft, now longer.', '## Next steps']),
      ),
  ],
  [
    'two pages at once, the home page one of them',
    async (site) => {
      await appendFile(join(site, 'content', 'index.md'), '\nWelcome back.\n');
      await appendFile(join(site, 'content', '03-posts', '20240101-new-year.md'), '\nA late addition.\n');
    },
  ],
  ['text below front matter', (site) => appendFile(join(site, 'content', '07-front-matter.md'), '\nMore text.\n')],
  [
    'front matter title',
    async (site) => {
      const file = join(site, 'content', '07-front-matter.md');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('navtitle: Front matter navtitle', 'navtitle: Renamed'),
      );
    },
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
  // A half-saved file: every builder refuses the same way, and the next save builds again.
  ['broken meta', (site) => writeFile(join(site, 'content', '09-guides', '00-install.yaml'), 'meta:\n  title: [\n')],
  [
    'meta fixed',
    (site) => writeFile(join(site, 'content', '09-guides', '00-install.yaml'), "meta:\n  title: 'Setup'\n"),
  ],
  [
    'page text back as it was',
    (site) => writeFile(join(site, 'content', '09-guides', 'index.md'), '# Guides\n\nAll guides.\n'),
  ],
  // The watcher dropped this event: the resident builder must notice the changed size and time itself.
  [
    'a save the watcher missed',
    (site) => writeFile(join(site, 'content', '09-guides', 'index.md'), '# Guides\n\nAll the guides.\n'),
  ],
];

/** Edits the resident builder is not told about. */
const UNREPORTED = new Set(['a save the watcher missed']);

/** Edits of pages' own texts, which the resident builder publishes by patching the last snapshot; every other edit
 *  builds the site. */
const PAGE_LOCAL = new Set([
  'page text',
  'page text naming media',
  'draft of a modified page',
  'draft of a page that has no markdown file',
  'two pages at once, the home page one of them',
  'text below front matter',
  'page text back as it was',
]);

const Incremental = suite('incremental builds equal full builds');

Incremental("after every edit, every response of the rebuilt snapshot is the fresh build's", async () => {
  const site = await copyFixture('site');
  const repeated = await temporaryDir('incremental-repeated');
  const residentOut = await temporaryDir('incremental-resident');
  const resident = residentBuilder({ site, out: residentOut, baseUrl: BASE_URL });
  const errorsOf = (outcome: Awaited<ReturnType<typeof buildSite>>) =>
    outcome.ok ? [] : outcome.errors.map(formatProblem);
  try {
    assert.ok((await buildSite({ site, out: repeated, baseUrl: BASE_URL })).ok);
    assert.ok((await resident.build()).ok);
    for (const [name, edit] of EDITS) {
      const before = await listing(site);
      await edit(site);
      const changed = UNREPORTED.has(name) ? [] : touched(before, await listing(site));
      const fresh = await temporaryDir('incremental-fresh');
      try {
        const [again, kept, scratch] = [
          await buildSite({ site, out: repeated, baseUrl: BASE_URL }),
          await resident.build(changed),
          await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 }),
        ];
        assert.equal(errorsOf(again), errorsOf(scratch), `${name}: the same errors`);
        assert.equal(errorsOf(kept), errorsOf(scratch), `${name}: the same errors (resident)`);
        assert.is(again.ok && kept.ok, scratch.ok, name);
        if (!scratch.ok || !kept.ok) continue;
        assert.is(kept.scope, PAGE_LOCAL.has(name) ? 'pages' : 'site', `${name}: the resident builder's scope`);
        // A one-off build lists the folder, so it sees the save the watcher missed as the page edit it is.
        const locally = PAGE_LOCAL.has(name) || UNREPORTED.has(name);
        assert.is(again.ok && again.scope, locally ? 'pages' : 'site', `${name}: the one-off build's scope`);
        assert.equal(await changeReport(residentOut), await changeReport(repeated), `${name}: the same change report`);
        const { pool, named } = await poolAndNamed(residentOut);
        assert.equal(pool, named, `${name}: the pool holds what the kept snapshots name, no more`);
        const expected = (await readSnapshot(fresh)).bodies;
        // The AI files are among the bodies compared: llms.txt, the llms-full.txt manifest and its parts, the .md.
        for (const key of ['llms:txt:author', 'llms:full:author', 'llms:part:/', 'markdown:live:/', 'markdown:draft:/'])
          assert.ok(expected.has(key), `${name}: the fresh build has ${key}`);
        for (const [builder, out] of [
          ['repeated', repeated],
          ['resident', residentOut],
        ] as const)
          await assertAnswersOf(out, fresh, `${name} (${builder})`);
      } finally {
        await removeDir(fresh);
      }
    }
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(repeated);
    await removeDir(residentOut);
  }
});

Incremental('a one-off build patches only the snapshot its saved plan names, for the same base URL', async () => {
  const site = await copyFixture('site');
  const out = await temporaryDir('incremental-saved-plan');
  const page = join(site, 'content', '06-contact.md');
  const scopeOf = (baseUrl: string) => scopeOfBuild({ site, out, baseUrl });
  try {
    assert.is(await scopeOf(BASE_URL), 'site');
    await appendFile(page, '\nOne.\n');
    assert.is(await scopeOf(BASE_URL), 'pages');
    await appendFile(page, '\nTwo.\n');
    assert.is(await scopeOf('http://localhost/other'), 'site', 'another base URL changes every URL');
    // A resident builder publishes into the same folder: the saved plan no longer names `current`.
    assert.ok((await residentBuilder({ site, out, baseUrl: 'http://localhost/other' }).build()).ok);
    await appendFile(page, '\nThree.\n');
    assert.is(await scopeOf('http://localhost/other'), 'site', "current is not the saved plan's snapshot");
    await appendFile(page, '\nFour.\n');
    assert.is(await scopeOf('http://localhost/other'), 'pages');
  } finally {
    await removeDir(join(site, '..'));
    await removeDir(out);
  }
});

Incremental.run();
