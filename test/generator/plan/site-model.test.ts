// Specification of yaml values on items, the home item and the model's trees
// (docs/typemill.md: navtitle, hide and noindex come from the page yaml, keyed by URL; The home item is synthetic).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ParsedSources } from '../../../generator/plan/parse-sources.ts';
import { basePathOf, buildSiteModel, restrictionOf } from '../../../generator/plan/site-model.ts';
import { walkItems } from '../../../generator/plan/tree/build-items.ts';
import type { SiteSource } from '../../../generator/types.ts';

/** A site from content paths (folders implied), parsed page yaml by path and extra files by path. */
function site(
  paths: string[],
  yaml: Record<string, unknown> = {},
  files: string[] = [],
): { source: SiteSource; sources: ParsedSources } {
  const entries = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) entries.add(`content/${segments.slice(0, depth).join('/')}/`);
    entries.add(`content/${path}`);
  }
  const source: SiteSource = {
    rootPath: '/srv/site',
    baseUrl: 'http://localhost/typemill',
    contentEntries: [...entries],
    files: new Map(files.map((path) => [path, { path, text: '', mtimeMs: 0 }])),
    mtimes: new Map(),
    knownPaths: new Set([...paths.map((path) => `content/${path}`), ...files]),
  };
  return {
    source,
    sources: {
      yaml: new Map(Object.entries(yaml)),
      drafts: new Map(),
      markdown: new Map(),
      renamedEntries: new Map(),
      errors: [],
      warnings: [],
    },
  };
}

function model(paths: string[], yaml: Record<string, unknown> = {}, files: string[] = []) {
  const { source, sources } = site(paths, yaml, files);
  return buildSiteModel(source, sources);
}

const values = suite('buildSiteModel: navtitle, hide and noindex from the page yaml');

values('replaces the name by navtitle, keeping the slug (demo: page status)', () => {
  const folder = model(['01-publish-status/index.md'], {
    'content/01-publish-status/index.yaml': { meta: { navtitle: 'page status' } },
  }).draftTree[0];
  assert.equal([folder?.name, folder?.slug, folder?.urlRelWoF], ['page status', 'publish-status', '/publish-status']);
});

const NAVTITLES: Array<[navtitle: unknown, name: unknown]> = [
  ['Custom', 'Custom'],
  ['', 'page'],
  [null, 'page'],
  [42, 42],
  [0, 0],
  [false, 'page'],
];
for (const [navtitle, name] of NAVTITLES) {
  values(`gives navtitle ${JSON.stringify(navtitle)} the name ${JSON.stringify(name)}`, () => {
    assert.is(model(['00-page.md'], { 'content/00-page.yaml': { meta: { navtitle } } }).draftTree[0]?.name, name);
  });
}

const FLAGS: Array<[value: unknown, flag: boolean]> = [
  [true, true],
  ['true', false],
  [1, false],
  ['yes', false],
  [false, false],
  [null, false],
];
for (const [value, flag] of FLAGS) {
  values(`reads hide and noindex ${JSON.stringify(value)} as ${flag}`, () => {
    const page = model(['00-page.md'], { 'content/00-page.yaml': { meta: { hide: value, noindex: value } } })
      .draftTree[0];
    assert.equal([page?.hide, page?.noindex], [flag, flag]);
  });
}

values('reads the yaml of a file under its first-dot pathWithoutType', () => {
  const page = model(['00-names/01-version.2.md'], {
    'content/00-names/01-version.yaml': { meta: { navtitle: 'Version two' } },
  }).draftTree[0]?.folderContent?.[0];
  assert.is(page?.name, 'Version two');
});

values("gives two items with the same URL the later one's yaml values", () => {
  const tree = model(['00-a/00-Same.md', '00-a/01-same.md'], {
    'content/00-a/00-Same.yaml': { meta: { navtitle: 'Earlier', noindex: true } },
    'content/00-a/01-same.yaml': { meta: { navtitle: 'Later', hide: true } },
  }).draftTree;
  assert.equal(
    tree[0]?.folderContent?.map((item) => [item.originalName, item.name, item.hide, item.noindex]),
    [
      ['00-Same.md', 'Later', true, false],
      ['01-same.md', 'Later', true, false],
    ],
  );
});

values("gives the earlier item the later one's computed name when the later has no yaml", () => {
  const tree = model(['00-a/00-Same.md', '00-a/01-same.md'], {
    'content/00-a/00-Same.yaml': { meta: { navtitle: 'Earlier', hide: true } },
  }).draftTree;
  assert.equal(
    tree[0]?.folderContent?.map((item) => [item.name, item.hide]),
    [
      ['same', false],
      ['same', false],
    ],
  );
});

values('drops hidden items from the live tree only', () => {
  const built = model(['00-shown.md', '01-hidden.md'], { 'content/01-hidden.yaml': { meta: { hide: true } } });
  assert.equal(
    built.draftTree.map((item) => item.originalName),
    ['00-shown.md', '01-hidden.md'],
  );
  assert.equal(
    built.liveTree.map((item) => item.originalName),
    ['00-shown.md'],
  );
});
values.run();

const home = suite('buildSiteModel: home item');

home("builds the published home item with Typemill's field order", () => {
  const built = model(['index.md', '00-page.md'], {}, ['content/index.md']);
  assert.equal(
    Object.entries(built.home),
    Object.entries({
      status: 'published',
      originalName: 'home',
      elementType: 'folder',
      fileType: 'md',
      order: false,
      name: 'home',
      slug: '',
      path: '',
      pathWithoutType: '/index',
      key: false,
      keyPath: '',
      keyPathArray: [''],
      chapter: false,
      urlRel: '/',
      urlRelWoF: '/',
      urlAbs: 'http://localhost/typemill/',
      active: false,
      activeParent: false,
      hide: false,
    }),
  );
});

home('marks the home item modified with fileType mdtxt when content/index.txt exists', () => {
  const built = model(['index.md', 'index.txt'], {}, ['content/index.md', 'content/index.txt']);
  assert.equal([built.home.status, built.home.fileType], ['modified', 'mdtxt']);
});

home('keeps the home page out of the navigation', () => {
  const built = model(['index.md', 'index.txt', '00-page.md']);
  assert.equal(
    [...walkItems(built.draftTree)].map((item) => item.originalName),
    ['00-page.md'],
  );
});
home.run();

const basics = suite('buildSiteModel: settings, base path and lookups');

basics('takes langattr from the settings for slugs', () => {
  const { source, sources } = site(['01-Über uns/index.md']);
  sources.yaml.set('settings/settings.yaml', { langattr: 'de' });
  const built = buildSiteModel(source, sources);
  assert.equal([built.langattr, built.draftTree[0]?.slug], ['de', 'ueber-uns']);
});

basics('derives the base path from the base URL', () => {
  assert.equal(
    [basePathOf('http://localhost/typemill'), basePathOf('https://docs.example.org'), basePathOf('https://x.org/a/b/')],
    ['/typemill', '', '/a/b'],
  );
});

basics('indexes the draft tree by URL and by slug', () => {
  const built = model(['00-guide/index.md', '00-guide/00-intro.txt', '01-intro.md']);
  assert.equal([...built.byUrl.keys()], ['/guide', '/guide/intro', '/intro']);
  assert.equal(
    built.bySlug.get('intro')?.map((item) => item.path),
    ['/00-guide/00-intro.txt', '/01-intro.md'],
  );
});
basics.run();

const restriction = suite('restrictionOf: allowedrole and alloweduser');

const RESTRICTIONS: Array<[meta: Record<string, unknown>, expected: unknown]> = [
  [{}, undefined],
  [{ allowedrole: '', alloweduser: '' }, undefined],
  [{ allowedrole: 'editor' }, { role: 'editor' }],
  [{ alloweduser: 'anna, bob ,,' }, { users: ['anna', 'bob'] }],
  [
    { allowedrole: ' member ', alloweduser: 'anna' },
    { role: 'member', users: ['anna'] },
  ],
];
for (const [meta, expected] of RESTRICTIONS) {
  restriction(`reads ${JSON.stringify(meta)} as ${JSON.stringify(expected) ?? 'no restriction'}`, () => {
    assert.equal(restrictionOf(meta), expected);
  });
}
restriction.run();
