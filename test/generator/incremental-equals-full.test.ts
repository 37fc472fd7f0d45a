// A site built again and again into the same folder (render cache, reused body files), and by a resident builder that
// keeps what it read, parsed and rendered, answers every request exactly as a build from scratch of the same files,
// through a scripted series of edits an editor would make.
import { appendFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem } from '../../generator/build-site.ts';
import { residentBuilder } from '../../generator/resident/resident-build.ts';
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

/** Every file and folder below the site with its size and time, as the watcher would see them change. */
async function listing(site: string): Promise<Map<string, string>> {
  const entries = await readdir(site, { recursive: true });
  const stamps = await Promise.all(
    entries.map(async (path) => {
      const stats = await stat(join(site, path));
      return [path.split('\\').join('/'), `${stats.size}:${stats.mtimeMs}`] as const;
    }),
  );
  return new Map(stamps);
}

/** The paths an edit touched: what the watcher reports to the resident builder. */
function touched(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
}

/** Edits the resident builder is not told about. */
const UNREPORTED = new Set(['a save the watcher missed']);

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
        if (!scratch.ok) continue;
        const expected = (await readSnapshot(fresh)).bodies;
        for (const [builder, out] of [
          ['repeated', repeated],
          ['resident', residentOut],
        ] as const) {
          const rebuilt = (await readSnapshot(out)).bodies;
          assert.equal([...rebuilt.keys()].sort(), [...expected.keys()].sort(), `${name} (${builder}): the same keys`);
          for (const [key, body] of expected) assert.is(rebuilt.get(key), body, `${name} (${builder}): ${key}`);
        }
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

Incremental.run();
