// Specification of the draft tree's items
// (docs/typemill.md: Item fields are derived as Typemill derives them; Item fields keep Typemill's order).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { orderedItem, type Item } from '../../../../generator/plan/tree/item.ts';
import { draftTree, outline } from './tree-helpers.ts';

const BASE = { basePath: '/typemill', baseUrl: 'http://localhost/typemill' };

/** A guide with every status, a draft merge and a folder without index files. */
const GUIDE = [
  '00-welcome.md',
  '01-guide/index.md',
  '01-guide/index.txt',
  '01-guide/00-install.md',
  '01-guide/01-setup.md',
  '01-guide/01-setup.txt',
  '01-guide/02-draft.txt',
  '01-guide/03-deep/00-leaf.md',
  '02-about.md',
];

function child(items: readonly Item[], ...keys: number[]): Item {
  let current: Item | undefined;
  let level: readonly Item[] = items;
  for (const key of keys) {
    current = level[key];
    if (!current) throw new Error(`no item at ${keys.join('.')}`);
    level = current.folderContent ?? [];
  }
  if (!current) throw new Error('no keys given');
  return current;
}

const fields = suite('buildItems: every field of a file and a folder');

fields('derives every field of a top-level file, chapter as integer key+1', () => {
  assert.equal(orderedItem(child(draftTree(GUIDE, BASE), 0)), {
    originalName: '00-welcome.md',
    elementType: 'file',
    status: 'published',
    fileType: 'md',
    order: '00',
    name: 'welcome',
    slug: 'welcome',
    path: '/00-welcome.md',
    pathWithoutType: '/00-welcome',
    key: 0,
    keyPath: 0,
    keyPathArray: ['0'],
    chapter: 1,
    urlRelWoF: '/welcome',
    urlRel: '/typemill/welcome',
    urlAbs: 'http://localhost/typemill/welcome',
    active: false,
    activeParent: false,
    hide: false,
    noindex: false,
  });
});

fields('derives every field of a nested modified file, with the .txtmd name and path', () => {
  assert.equal(orderedItem(child(draftTree(GUIDE, BASE), 1, 1)), {
    originalName: '01-setup.txtmd',
    elementType: 'file',
    status: 'modified',
    fileType: 'txt',
    order: '01',
    name: 'setup',
    slug: 'setup',
    path: '/01-guide/01-setup.txtmd',
    pathWithoutType: '/01-guide/01-setup',
    key: 1,
    keyPath: '1.1',
    keyPathArray: ['1', '1'],
    chapter: '2.2',
    urlRelWoF: '/guide/setup',
    urlRel: '/typemill/guide/setup',
    urlAbs: 'http://localhost/typemill/guide/setup',
    active: false,
    activeParent: false,
    hide: false,
    noindex: false,
  });
});

fields('derives every field of a folder without index files, status "undefined"', () => {
  assert.equal(orderedItem(child(draftTree(GUIDE, BASE), 1, 3)), {
    originalName: '03-deep',
    elementType: 'folder',
    contains: 'pages',
    status: 'undefined',
    fileType: '',
    order: '03',
    name: 'deep',
    slug: 'deep',
    path: '/01-guide/03-deep',
    pathWithoutType: '/01-guide/03-deep/index',
    urlRelWoF: '/guide/deep',
    urlRel: '/typemill/guide/deep',
    urlAbs: 'http://localhost/typemill/guide/deep',
    key: 3,
    keyPath: '1.3',
    keyPathArray: ['1', '3'],
    chapter: '2.4',
    active: false,
    activeParent: false,
    hide: false,
    folderContent: [
      {
        originalName: '00-leaf.md',
        elementType: 'file',
        status: 'published',
        fileType: 'md',
        order: '00',
        name: 'leaf',
        slug: 'leaf',
        path: '/01-guide/03-deep/00-leaf.md',
        pathWithoutType: '/01-guide/03-deep/00-leaf',
        key: 0,
        keyPath: '1.3.0',
        keyPathArray: ['1', '3', '0'],
        chapter: '2.4.1',
        urlRelWoF: '/guide/deep/leaf',
        urlRel: '/typemill/guide/deep/leaf',
        urlAbs: 'http://localhost/typemill/guide/deep/leaf',
        active: false,
        activeParent: false,
        hide: false,
        noindex: false,
      },
    ],
    noindex: false,
  });
});

fields('gives a top-level folder integer keyPath and chapter, and its children dotted strings', () => {
  const guide = child(draftTree(GUIDE, BASE), 1);
  assert.equal([guide.key, guide.keyPath, guide.keyPathArray, guide.chapter], [1, 1, ['1'], 2]);
  assert.equal(
    guide.folderContent?.map((item) => [item.originalName, item.key, item.keyPath, item.chapter]),
    [
      ['00-install.md', 0, '1.0', '2.1'],
      ['01-setup.txtmd', 1, '1.1', '2.2'],
      ['02-draft.txt', 2, '1.2', '2.3'],
      ['03-deep', 3, '1.3', '2.4'],
    ],
  );
});

fields('numbers past ten as "0.10" and "1.11"', () => {
  const files = Array.from({ length: 11 }, (_, index) => `00-many/${String(index).padStart(2, '0')}-page.md`);
  const many = child(draftTree(files), 0);
  assert.equal(many.folderContent?.[10]?.keyPath, '0.10');
  assert.equal(many.folderContent?.[10]?.keyPathArray, ['0', '10']);
  assert.equal(many.folderContent?.[10]?.chapter, '1.11');
});

fields('does not count index files in key or chapter', () => {
  const tree = draftTree(['00-a/index.md', '00-a/index.txt', '00-a/01-x.md', 'index.md', 'index.txt']);
  assert.equal(outline(tree), [['00-a', ['01-x.md']]]);
  assert.equal(child(tree, 0, 0).keyPath, '0.0');
});

fields('cuts pathWithoutType at the first dot of the file name', () => {
  const item = child(draftTree(['00-names/01-version.2.md']), 0, 0);
  assert.equal(
    [item.path, item.pathWithoutType, item.slug],
    ['/00-names/01-version.2.md', '/00-names/01-version', 'version-2'],
  );
});

fields('builds urlRel without a base path equal to urlRelWoF', () => {
  const item = child(
    draftTree(['01-guide/00-install.md'], { basePath: '', baseUrl: 'https://docs.example.org' }),
    0,
    0,
  );
  assert.equal(
    [item.urlRelWoF, item.urlRel, item.urlAbs],
    ['/guide/install', '/guide/install', 'https://docs.example.org/guide/install'],
  );
});

fields('uses the language for slugs at every level', () => {
  const item = child(draftTree(['01-Über uns/00-Äpfel.md'], { langattr: 'de' }), 0, 0);
  assert.equal([item.name, item.urlRelWoF], ['Äpfel', '/ueber-uns/aepfel']);
});

fields('keeps a file with a CJK name with an empty slug', () => {
  const item = child(draftTree(['00-日本語.md']), 0);
  assert.equal([item.name, item.slug, item.urlRelWoF], ['日本語', '', '/']);
});
fields.run();

const order = suite('orderedItem: field order');

order('orders the fields of a file as Typemill does', () => {
  assert.equal(Object.keys(orderedItem(child(draftTree(GUIDE), 0))), [
    'originalName',
    'elementType',
    'status',
    'fileType',
    'order',
    'name',
    'slug',
    'path',
    'pathWithoutType',
    'key',
    'keyPath',
    'keyPathArray',
    'chapter',
    'urlRelWoF',
    'urlRel',
    'urlAbs',
    'active',
    'activeParent',
    'hide',
    'noindex',
  ]);
});

order('orders the fields of a folder as Typemill does, folderContent before noindex', () => {
  assert.equal(Object.keys(orderedItem(child(draftTree(GUIDE), 1))), [
    'originalName',
    'elementType',
    'contains',
    'status',
    'fileType',
    'order',
    'name',
    'slug',
    'path',
    'pathWithoutType',
    'urlRelWoF',
    'urlRel',
    'urlAbs',
    'key',
    'keyPath',
    'keyPathArray',
    'chapter',
    'active',
    'activeParent',
    'hide',
    'folderContent',
    'noindex',
  ]);
});

order('orders the fields of children inside folderContent too', () => {
  const guide = orderedItem(child(draftTree(GUIDE), 1));
  const children = guide.folderContent as Array<Record<string, unknown>>;
  assert.equal(Object.keys(children[0] ?? {})[12], 'chapter');
  assert.equal(Object.keys(children[3] ?? {}).slice(-2), ['folderContent', 'noindex']);
});

order('gives an empty folder an empty folderContent list', () => {
  assert.equal(orderedItem(child(draftTree(['00-empty/']), 0)).folderContent, []);
});
order.run();

const status = suite('buildItems: status and fileType');

const FILE_STATUS: Array<[paths: string[], originalName: string, status: string, fileType: string, path: string]> = [
  [['x.md'], 'x.md', 'published', 'md', '/x.md'],
  [['x.txt'], 'x.txt', 'unpublished', 'txt', '/x.txt'],
  [['x.md', 'x.txt'], 'x.txtmd', 'modified', 'txt', '/x.txtmd'],
];
for (const [paths, originalName, expectedStatus, fileType, path] of FILE_STATUS) {
  status(
    `gives ${paths.join(' + ')} status ${expectedStatus}, fileType ${fileType}, originalName ${originalName}`,
    () => {
      const item = child(draftTree(paths), 0);
      assert.equal(
        [item.originalName, item.status, item.fileType, item.path],
        [originalName, expectedStatus, fileType, path],
      );
    },
  );
}

const FOLDER_STATUS: Array<[indexFiles: string[], status: string, fileType: string]> = [
  [['index.md'], 'published', 'md'],
  [['index.txt'], 'unpublished', 'txt'],
  [['index.md', 'index.txt'], 'modified', 'txt'],
  [[], 'undefined', ''],
];
for (const [indexFiles, expectedStatus, fileType] of FOLDER_STATUS) {
  status(
    `gives a folder with ${indexFiles.join(' + ') || 'no index file'} status ${expectedStatus}, fileType ${JSON.stringify(fileType)}`,
    () => {
      const item = child(draftTree(['00-f/00-page.md', ...indexFiles.map((file) => `00-f/${file}`)]), 0);
      assert.equal([item.status, item.fileType], [expectedStatus, fileType]);
    },
  );
}
status.run();

const contains = suite('buildItems: contains and posts order');

const DEMO_NEWS = [
  '02-news/index.md',
  '02-news/202405171834-fast-websites.md',
  '02-news/202405171843-reports-and-handbooks.md',
  '02-news/202405171855-documentations-and-manuals.md',
];

contains('labels the demo news folder posts and lists the newest first with keys 0, 1, 2', () => {
  const news = child(draftTree(DEMO_NEWS, { texts: { '/02-news/index.yaml': 'meta:\n  contains: posts\n' } }), 0);
  assert.is(news.contains, 'posts');
  assert.equal(
    news.folderContent?.map((item) => [item.originalName, item.key, item.keyPath]),
    [
      ['202405171855-documentations-and-manuals.md', 0, '0.0'],
      ['202405171843-reports-and-handbooks.md', 1, '0.1'],
      ['202405171834-fast-websites.md', 2, '0.2'],
    ],
  );
  assert.equal(
    news.folderContent?.map((item) => item.slug),
    ['documentations-and-manuals', 'reports-and-handbooks', 'fast-websites'],
  );
});

contains('labels a top-level folder by its index.yaml (rule Y) but orders its children by rule H', () => {
  const tree = draftTree(
    ['00-labelled/00-a.md', '00-labelled/01-b.md', '01-dated/20240101-x.md', '01-dated/20240202-y.md'],
    {
      texts: { '/00-labelled/index.yaml': 'meta:\n  contains: posts\n' },
    },
  );
  assert.equal(outline(tree), [
    ['00-labelled', ['00-a.md', '01-b.md']],
    ['01-dated', ['20240202-y.md', '20240101-x.md']],
  ]);
  assert.equal(
    tree.map((folder) => folder.contains),
    ['posts', 'pages'],
  );
});

contains('applies rule Y to a top-level folder only as a raw substring of index.yaml', () => {
  const yamls: Array<[text: string, expected: string]> = [
    ['meta:\n  contains: posts\n', 'posts'],
    ['# contains: posts\n', 'posts'],
    ["meta:\n  contains: 'posts'\n", 'pages'],
    ['meta:\n  contains:  posts\n', 'pages'],
    ['meta:\n  contains: pages\n', 'pages'],
  ];
  for (const [text, expected] of yamls) {
    assert.is(
      child(draftTree(['00-blog/00-a.md', '00-blog/01-b.md'], { texts: { '/00-blog/index.yaml': text } }), 0).contains,
      expected,
      text,
    );
  }
});

const RULE_H: Array<[firstEntry: string, expected: 'pages' | 'posts']> = [
  ['202405171834-x.md', 'posts'],
  ['20240517-x.md', 'posts'],
  ['0000009-x.md', 'posts'],
  ['0000008-x.md', 'pages'],
  ['00-x.md', 'pages'],
  ['2024-x.md', 'pages'],
  ['202405-x.md', 'pages'],
  ['about.md', 'pages'],
];
for (const [firstEntry, expected] of RULE_H) {
  contains(`labels a deeper folder whose first entry is ${firstEntry} ${expected} (rule H)`, () => {
    const folder = child(
      draftTree([`00-top/00-sub/${firstEntry}`, '00-top/00-sub/zz-last.md', '00-top/00-sub/index.md']),
      0,
      0,
    );
    assert.is(folder.contains, expected);
  });
}

contains('labels a deeper folder whose first entry is a sub-folder pages, whatever its name', () => {
  const folder = child(draftTree(['00-top/00-sub/20240517-folder/x.md', '00-top/00-sub/20240518-x.md']), 0, 0);
  assert.is(folder.contains, 'pages');
});

contains('ignores index.yaml in a deeper folder with more than one entry', () => {
  const folder = child(
    draftTree(['00-top/00-sub/00-a.md', '00-top/00-sub/index.md'], {
      texts: { '/00-top/00-sub/index.yaml': 'contains: posts' },
    }),
    0,
    0,
  );
  assert.is(folder.contains, 'pages');
});

contains('uses rule Y for a deeper folder with only an index file, or empty', () => {
  const texts = {
    '/00-top/00-only-index/index.yaml': 'meta:\n  contains: posts\n',
    '/00-top/01-empty/index.yaml': 'meta:\n  contains: posts\n',
  };
  const top = child(
    draftTree(['00-top/00-only-index/index.md', '00-top/01-empty/', '00-top/02-plain/index.md'], { texts }),
    0,
  );
  assert.equal(
    top.folderContent?.map((folder) => folder.contains),
    ['posts', 'posts', 'pages'],
  );
});

contains('sorts unpublished and modified posts by name with the others', () => {
  const blog = child(
    draftTree([
      '00-top/blog/20231201-old.md',
      '00-top/blog/20240101-a.md',
      '00-top/blog/20240301-c.txt',
      '00-top/blog/20240201-b.md',
      '00-top/blog/20240201-b.txt',
      '00-top/blog/index.md',
    ]),
    0,
    0,
  );
  assert.equal(outline(blog.folderContent ?? []), [
    '20240301-c.txt',
    '20240201-b.txtmd',
    '20240101-a.md',
    '20231201-old.md',
  ]);
  assert.equal(
    blog.folderContent?.map((item) => item.chapter),
    ['1.1.1', '1.1.2', '1.1.3', '1.1.4'],
  );
});
contains.run();
