// The change feed against the answers themselves: over a seeded random run of edits to the fixture site (text, title,
// restriction, add, delete, settings), the feed from every earlier snapshot to the latest, for every viewer, names
// exactly the pages, slugs and site-wide endpoints whose answer that viewer gets differs between the two snapshots.
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import type { LoadedSnapshot } from '../../../gateway/snapshot/serving-state.ts';
import { ENDPOINTS } from '../../../gateway/api/endpoints.ts';
import type { EndpointName } from '../../../gateway/api/endpoints.ts';
import { meetsMinimumRole } from '../../../gateway/auth/roles.ts';
import { feedBetween } from '../../../gateway/changes/changes-endpoint.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';

const test = suite('change feed equals the difference of the answers');

/** Users of the fixture site, and two callers without a user name (a token, a webhook receiver). */
const VIEWERS = [
  { role: 'member', username: 'member' },
  { role: 'author', username: 'author2' },
  { role: 'author', username: 'author10' },
  { role: 'editor', username: 'editor' },
  { role: 'manager', username: 'manager' },
  { role: 'administrator', username: 'admin' },
  { role: 'editor', username: '' },
  { role: 'administrator', username: '' },
];
const SITE_WIDE: EndpointName[] = ['navigation', 'settings', 'mainnavi', 'systemnavi'];

/** Mulberry32: the same edits for the same seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Viewer = (typeof VIEWERS)[number];

/** The answer a viewer gets, as a version: its ETag, or null for no answer (403, 404, a role below the minimum). */
function answerOf(snapshot: LoadedSnapshot, name: EndpointName, query: Record<string, string>, viewer: Viewer) {
  if (!meetsMinimumRole(viewer.role, ENDPOINTS[name].minRole)) return null;
  const answer = ENDPOINTS[name].answer({
    query: new Map(Object.entries(query)),
    user: viewer,
    snapshot,
  }) as ReturnType<typeof ENDPOINTS.item.lookup>;
  if ('kind' in answer && answer.kind === 'entry') return answer.entry.etag;
  if ('kind' in answer && answer.kind === 'composed') return answer.body.etag;
  return null;
}

const PAGE_ANSWERS: Array<[EndpointName, Record<string, string>]> = [
  ['content', {}],
  ['content', { draft: 'true' }],
  ['meta', {}],
];

function valuesOf(snapshot: LoadedSnapshot, prefix: string): string[] {
  return [...snapshot.entries.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/** What the feed must say, from the answers of both snapshots. */
function expectedFeed(before: LoadedSnapshot, after: LoadedSnapshot, viewer: Viewer) {
  const urls = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const url of new Set([...valuesOf(before, 'item:'), ...valuesOf(after, 'item:')])) {
    const was = answerOf(before, 'item', { url }, viewer);
    const is = answerOf(after, 'item', { url }, viewer);
    if (was === null && is !== null) urls.added.push(url);
    else if (was !== null && is === null) urls.removed.push(url);
    else if (
      was !== is ||
      PAGE_ANSWERS.some(
        ([name, extra]) =>
          answerOf(before, name, { url, ...extra }, viewer) !== answerOf(after, name, { url, ...extra }, viewer),
      )
    )
      urls.changed.push(url);
  }
  const slugs = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  const slugNames = (snapshot: LoadedSnapshot) => [...valuesOf(snapshot, 'items:'), ...snapshot.restrictedSlugs.keys()];
  for (const slug of new Set([...slugNames(before), ...slugNames(after)])) {
    const was = answerOf(before, 'items', { slug }, viewer);
    const is = answerOf(after, 'items', { slug }, viewer);
    if (was === is) continue;
    (was === null ? slugs.added : is === null ? slugs.removed : slugs.changed).push(slug);
  }
  const endpoints = SITE_WIDE.filter(
    (name) =>
      answerOf(before, name, {}, viewer) !== answerOf(after, name, {}, viewer) ||
      (name === 'navigation' &&
        answerOf(before, name, { draft: 'true' }, viewer) !== answerOf(after, name, { draft: 'true' }, viewer)),
  );
  const sort = (lists: typeof urls) => ({
    added: lists.added.sort(),
    changed: lists.changed.sort(),
    removed: lists.removed.sort(),
  });
  return { urls: sort(urls), slugs: sort(slugs), endpoints };
}

/** One random edit of the site folder; returns what it did, for the failure message. */
async function edit(site: string, pick: () => number, step: number): Promise<string> {
  const content = join(site, 'content');
  const choice = Math.floor(pick() * 7);
  if (choice === 0) {
    await appendFile(join(content, '06-contact.md'), `\nMore text ${step}.\n`);
    return 'text of /contact';
  }
  if (choice === 1) {
    const file = join(content, '02-status', '05-faq.yaml');
    const yaml = await readFile(file, 'utf8');
    await writeFile(file, yaml.replace(/title: .*/, `title: 'FAQ ${step}'`));
    return 'title of /status/faq';
  }
  if (choice === 2) {
    await writeFile(join(content, `09-added-${step}.md`), `# Added ${step}\n\nNew page.\n`);
    return `add /added-${step}`;
  }
  if (choice === 3) {
    const file = join(content, '08-both-rules.yaml');
    const yaml = await readFile(file, 'utf8');
    const rule = ['editor', 'author', 'manager'][Math.floor(pick() * 3)] as string;
    await writeFile(file, yaml.replace(/allowedrole: .*/, `allowedrole: ${rule}`));
    return `restrict /both-rules to ${rule}`;
  }
  if (choice === 4) {
    const file = join(content, '06-contact.md');
    await writeFile(
      file,
      `---\nmeta:\n  allowedrole: ${pick() < 0.5 ? 'manager' : 'member'}\n---\n# Contact\n\nRestricted ${step}.\n`,
    );
    return 'restriction of /contact';
  }
  if (choice === 5) {
    await rm(join(content, '07-front-matter.md'), { force: true });
    return 'delete /front-matter';
  }
  const file = join(site, 'settings', 'settings.yaml');
  await appendFile(file, `\n# edit ${step}\n`);
  const yaml = await readFile(file, 'utf8');
  await writeFile(file, yaml.replace(/^title: .*/m, `title: 'Site ${step}'`));
  return 'settings title';
}

test('every earlier snapshot, every viewer, a seeded run of edits', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const pick = random(3407);
  const states: LoadedSnapshot[] = [];
  const done: string[] = [];
  try {
    for (let step = 0; step < 7; step++) {
      if (step > 0) done.push(await edit(site, pick, step));
      const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
      assert.ok(outcome.ok, `build ${step} failed`);
      states.push((await loadSnapshot(out, { lookup: async () => [] })).snapshot);
    }
    const latest = states.at(-1) as LoadedSnapshot;
    for (const [position, earlier] of states.entries())
      for (const viewer of VIEWERS) {
        const feed = await feedBetween(latest, earlier.id, latest.id, viewer);
        assert.ok(feed, `snapshot ${position} is kept`);
        const expected = expectedFeed(earlier, latest, viewer);
        const where = `from snapshot ${position} after ${done.join(', ')}, ${viewer.role} "${viewer.username}"`;
        assert.equal(feed.urls, expected.urls, `urls ${where}`);
        assert.equal(feed.slugs, expected.slugs, `slugs ${where}`);
        assert.equal(
          feed.endpoints.filter((name) => (SITE_WIDE as string[]).includes(name)),
          expected.endpoints,
          `endpoints ${where}`,
        );
      }
  } finally {
    await removeDir(join(site, '..'));
  }
});

test.run();
