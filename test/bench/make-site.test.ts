// Specification of the benchmark site generator: deterministic, and shaped like a real documentation site (2–3 folder
// levels, 10–30 pages a folder, a few drafts and duplicate slugs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { makeSite, SITE_TIME, type MadeSite } from './make-site.ts';

function filesUnder(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

let root = '';
let first: MadeSite;
let firstFiles: Map<string, string>;
const pages = (files: Map<string, string>) =>
  [...files].filter(([path]) => /^site\/content\/.+\/\d\d-[^/]+\.(md|txt)$/.test(path));

const deterministic = suite('makeSite is deterministic');
deterministic.before(async () => {
  root = await temporaryDir('make-site');
  first = makeSite({ directory: join(root, 'a'), pages: 120 });
  firstFiles = filesUnder(join(root, 'a'));
});
deterministic.after(() => removeDir(root));

deterministic('two sites made with the same seed have the same files with the same bytes and times', () => {
  makeSite({ directory: join(root, 'b'), pages: 120 });
  const second = filesUnder(join(root, 'b'));
  assert.equal([...second.keys()].sort(), [...firstFiles.keys()].sort());
  for (const [path, text] of firstFiles) assert.ok(second.get(path) === text, `${path} differs`);
  assert.equal(statSync(join(root, 'b', 'site', 'content', 'index.md')).mtimeMs, SITE_TIME.getTime());
});

deterministic('another seed gives other markdown', () => {
  makeSite({ directory: join(root, 'c'), pages: 120, seed: 99 });
  assert.not.equal(
    readFileSync(join(root, 'c', 'site', 'content', 'index.md'), 'utf8'),
    firstFiles.get('site/content/index.md'),
  );
});

const shape = suite('makeSite writes a site of the benchmark shape');
shape.before(async () => {
  root = await temporaryDir('make-site');
  first = makeSite({ directory: join(root, 'a'), pages: 120 });
  firstFiles = filesUnder(join(root, 'a'));
});
shape.after(() => removeDir(root));

shape('it writes exactly the requested number of pages, in folders two or three deep', () => {
  const pageFiles = new Set(pages(firstFiles).map(([path]) => path.replace(/\.(md|txt)$/, '')));
  assert.is(pageFiles.size, 120);
  assert.is(first.pages, 120);
  for (const path of pageFiles) assert.ok([2, 3].includes(path.split('/').length - 3), path);
});

shape('every folder holds 10 to 30 pages, except the last one, which holds the rest', () => {
  const perFolder = new Map<string, number>();
  for (const path of new Set(pages(firstFiles).map(([file]) => file.replace(/\.(md|txt)$/, '')))) {
    const folder = path.slice(0, path.lastIndexOf('/'));
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const counts = [...perFolder.values()];
  for (const count of counts.slice(0, -1)) assert.ok(count >= 10 && count <= 30, String(count));
  assert.ok(counts[counts.length - 1]! <= 30);
});

shape('pages hold 2 to 20 KB of markdown with headings, lists, tables, fenced code, links and images', () => {
  const markdown = pages(firstFiles).filter(([path]) => path.endsWith('.md'));
  for (const [path, text] of markdown)
    assert.ok(text.length >= 2048 && text.length <= 20 * 1024, `${path}: ${text.length}`);
  const all = markdown.map(([, text]) => text).join('\n');
  for (const pattern of [
    /^## /m,
    /^- /m,
    /^1\. /m,
    /^\| --- \|/m,
    /^```js$/m,
    /\]\(\/[a-z]/,
    /\]\(https:\/\//,
    /!\[[^\]]+\]\(media\//,
  ])
    assert.match(all, pattern);
});

shape('about 5% of pages are drafts and 5% modified, most pages have meta yaml, and a few slugs repeat', () => {
  assert.ok(first.drafts >= 2 && first.drafts <= 15, `drafts ${first.drafts}`);
  assert.ok(first.modified >= 2 && first.modified <= 15, `modified ${first.modified}`);
  assert.ok(first.metaFiles >= 0.75 * (first.pages + first.folders), `meta ${first.metaFiles}`);
  assert.is(first.duplicateSlugs, 1);
  const drafts = pages(firstFiles).filter(([path]) => path.endsWith('.txt'));
  assert.is(drafts.length, first.drafts + first.modified);
  for (const [, text] of drafts) assert.ok(Array.isArray(JSON.parse(text)));
});

shape('there is one user per role, with a bcrypt hash of the password given back', () => {
  assert.equal(
    first.users.map((user) => user.role),
    ['guest', 'member', 'contributor', 'author', 'editor', 'manager', 'administrator'],
  );
  assert.match(firstFiles.get('site/settings/users/administrator1.yaml') ?? '', /^password: \$2y\$10\$/m);
});

shape(
  'the plain folder holds the same markdown, folder pages as _index.md, with a Hugo config and an Eleventy config',
  () => {
    const plain = [...firstFiles].filter(([path]) => path.startsWith('plain/'));
    assert.is(plain.length, first.pages + first.folders + 1);
    assert.is(firstFiles.get('plain/_index.md'), firstFiles.get('site/content/index.md'));
    assert.match(firstFiles.get('hugo/hugo.toml') ?? '', "contentDir = '../plain'");
    assert.match(firstFiles.get('eleventy.config.mjs') ?? '', 'setUseGitIgnore(false)');
  },
);

shape('snapi builds the site without errors', async () => {
  const outcome = await buildSite({ site: first.site, out: join(root, 'dist'), baseUrl: 'http://localhost:8080' });
  assert.ok(outcome.ok);
  if (outcome.ok) assert.equal({ pages: outcome.stats.pages, users: outcome.stats.users }, { pages: 120, users: 7 });
});

deterministic.run();
shape.run();
