// The site checker: each rule on plain values, and `npm run check` on a folder (output and exit code).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkLoadedSite } from '../../generator/check/check-loaded-site.ts';
import { formatFinding } from '../../generator/check/findings.ts';
import { findLinks, reachesSomething } from '../../generator/check/links.ts';
import type { LoadedSite } from '../../generator/load/load-site.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';

/** A loaded site from file texts, as `loadSite` would return it (other paths: files that exist but are not read). */
function siteFrom(
  texts: Record<string, string>,
  otherPaths: string[] = [],
  baseUrl = 'http://localhost',
): Pick<LoadedSite, 'source' | 'errors'> {
  const paths = [...Object.keys(texts), ...otherPaths];
  const directories = new Set(
    paths.flatMap((path) =>
      path
        .split('/')
        .slice(1, -1)
        .map((_, index, parts) => `content/${parts.slice(0, index + 1).join('/')}/`),
    ),
  );
  const contentEntries = [
    ...paths.filter((path) => path.startsWith('content/')),
    ...[...directories].filter((path) => paths.some((file) => file.startsWith('content/') && file.startsWith(path))),
  ].sort();
  return {
    source: {
      rootPath: '/srv/site',
      baseUrl,
      contentEntries,
      files: new Map(Object.entries(texts).map(([path, text]) => [path, { path, text, mtimeMs: 0 }])),
      mtimes: new Map(contentEntries.map((path) => [path.replace(/\/$/, ''), 0])),
      knownPaths: new Set(paths),
    },
    errors: [],
  };
}

const check = (texts: Record<string, string>, otherPaths: string[] = [], baseUrl?: string) =>
  checkLoadedSite(siteFrom(texts, otherPaths, baseUrl)).map(formatFinding);

/** The home page and one user who may call the API, so that the build has nothing to say about either. */
const HOME = {
  'content/index.md': '# Home\n',
  'settings/users/author1.yaml':
    'username: author1\nuserrole: author\npassword: $2y$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\napiaccess: true\n',
};

const rules = suite('checkLoadedSite');

rules('warns at settings/users/ when no user may call the API', () => {
  assert.equal(check({ 'content/index.md': '# Home\n' }), [
    'settings/users/:1: warning: no user may call the API (none has apiaccess: true, a password and a role above guest), so every request gets 401; add one with: snapi user add NAME --role author',
  ]);
});

rules('reports a YAML error with its line as an error', () => {
  assert.equal(
    check({
      ...HOME,
      'content/00-page.md': '# Page\n',
      'content/00-page.yaml': "meta:\n  title: ok\n  description: 'closed' trailing text\n",
    }).map((line) => line.replace(/YAML: .*/, 'YAML: …')),
    ['content/00-page.yaml:3: error: YAML: …'],
  );
});

rules('reports a draft that is not a JSON array of block strings as an error', () => {
  assert.equal(
    check({ ...HOME, 'content/00-page.txt': '# Not JSON\n' }).map((line) => line.replace(/\(.*\)/s, '(…)')),
    [
      'content/00-page.txt:1: error: draft is not valid JSON (…); Typemill stores drafts as a JSON array of block strings',
    ],
  );
});

rules('reports two pages with the same URL as the build does: a warning at the entry URL lookups never return', () => {
  assert.equal(check({ ...HOME, 'content/01-faq.md': '# FAQ one\n', 'content/02-faq.md': '# FAQ two\n' }), [
    'content/01-faq.md:1: warning: another entry has the same URL /faq; lookups by URL return content/02-faq.md, the later entry',
    'content/01-faq.md:1: info: slug "faq" is used by 2 pages (content/01-faq.md, content/02-faq.md); article/items returns them all',
  ]);
});

rules("does not call a page untitled when its front matter is broken: the build's warning names it already", () => {
  assert.equal(
    check({ ...HOME, 'content/00-page.md': '---\ntitle: [unclosed\n---\n\nBody text.\n' }).map((line) =>
      line.replace(/YAML: .*?;/, 'YAML: …;'),
    ),
    [
      'content/00-page.md:2: warning: YAML: …; the page starts with --- but this is not YAML front matter, so it is read as markdown',
    ],
  );
});

rules('refuses a trusted IP the gateway would refuse, at its line in settings.yaml', () => {
  assert.equal(
    check({
      ...HOME,
      'settings/settings.yaml': "title: Docs\ntrustedipsforapi: '10.0.0.1, not-an-ip'\ntrustedproxies: 10.0.0.0/33\n",
    }),
    [
      'settings/settings.yaml:2: error: trustedipsforapi: trusted IP "not-an-ip" is not an address or CIDR range (write addresses such as 203.0.113.7 or ranges such as 10.0.0.0/8, separated by commas); the gateway would refuse this snapshot',
      'settings/settings.yaml:3: error: trustedproxies: trusted proxy "10.0.0.0/33" is not an address or CIDR range (write addresses such as 203.0.113.7 or ranges such as 10.0.0.0/8, separated by commas); the gateway would refuse this snapshot',
    ],
  );
});

rules('notes a slug used in two folders as information only', () => {
  assert.equal(
    check({
      ...HOME,
      'content/00-a/00-faq.md': '# A FAQ\n',
      'content/01-b/00-faq.md': '# B FAQ\n',
      'content/00-a/index.md': '# A\n',
      'content/01-b/index.md': '# B\n',
    }),
    ['content/00-a/00-faq.md:1: info: slug "faq" is used by 2 pages (/a/faq, /b/faq); article/items returns them all'],
  );
});

rules('warns about a page with neither a meta title nor a leading # heading, and not about the others', () => {
  assert.equal(
    check({
      ...HOME,
      'content/00-untitled.md': 'Just a paragraph.\n\n# A heading too late\n',
      'content/01-subtitle.md': '## Only a second-level heading\n',
      'content/02-meta-title.md': 'No heading here.\n',
      'content/02-meta-title.yaml': 'meta:\n  title: Titled in meta\n',
      'content/03-heading.md': '# Heading title\n\nText.\n',
    }),
    [
      'content/00-untitled.md:1: warning: page /untitled has no title: no meta title and no leading "# " heading',
      'content/01-subtitle.md:1: warning: page /subtitle has no title: no meta title and no leading "# " heading',
    ],
  );
});

rules(
  'warns about internal links and images that point nowhere, with their lines, ignoring code and external links',
  () => {
    const page = [
      '# Links', // 1
      '', // 2
      'See [the other page](/other) and [home](/).', // 3
      'Broken: [gone](/gone#part) and ![missing](media/missing.png "title").', // 4
      'Fine: ![logo](media/logo.png) and [file](/media/files/guide.pdf?download=1).', // 5
      '```', // 6
      '[in code](/not-checked)', // 7
      '```', // 8
      'Inline `[code](/also-not-checked)`, [external](https://example.org/x), [relative](other).', // 9
      '', // 10
      '[ref]: /nowhere/at-all', // 11
    ].join('\n');
    assert.equal(
      check({ ...HOME, 'content/00-links.md': page, 'content/01-other.md': '# Other\n' }, [
        'media/logo.png',
        'media/files/guide.pdf',
      ]),
      [
        'content/00-links.md:4: warning: image "media/missing.png" points to no page or file',
        'content/00-links.md:4: warning: link "/gone#part" points to no page or file',
        'content/00-links.md:11: warning: link "/nowhere/at-all" points to no page or file',
      ],
    );
  },
);

const links = suite('findLinks and reachesSomething');

links('finds inline links, images and reference definitions with their lines', () => {
  assert.equal(findLinks('# T\n[a](/a) ![b](<media/b c.png>)\n    [indented](/code)\n[r]: media/r.pdf\n'), [
    { line: 2, target: '/a', image: false },
    { line: 2, target: 'media/b c.png', image: true },
    { line: 4, target: 'media/r.pdf', image: false },
  ]);
});

links('accepts links that carry the base path, a trailing slash or percent-encoding', () => {
  const targets = { basePath: '/handbook', pageUrls: new Set(['/', '/guides/faq']), files: new Set(['media/a b.png']) };
  assert.equal(
    [
      '/handbook/guides/faq/',
      '/guides/faq',
      '/handbook/',
      'media/a%20b.png',
      '/handbook/media/a%20b.png',
      '/handbook/guides',
      'media/c.png',
    ].map((target) => reachesSomething(target, targets)),
    [true, true, true, true, true, false, false],
  );
});

const cli = suite('npm run check on the command line');

cli('prints path:line: severity: message for each finding and exits 1 when there is an error', async () => {
  const folder = await temporaryDir('check-site');
  const files = {
    ...HOME,
    'content/00-page.md': 'No title, and a [dead link](/nowhere).\n',
    'content/01-bad.yaml': "meta:\n  title: 'closed' trailing text\n",
  };
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    const failure = await runProcess('generator/cli/check.ts', ['--site', folder]);
    assert.is(failure.code, 1);
    assert.equal(
      failure.stdout.split('\n').map((line) => line.replace(/YAML: .*/, 'YAML: …')),
      [
        'content/00-page.md:1: warning: link "/nowhere" points to no page or file',
        'content/00-page.md:1: warning: page /page has no title: no meta title and no leading "# " heading',
        'content/01-bad.yaml:2: error: YAML: …',
        '',
      ],
    );
    assert.is(failure.stderr, `snapi check: 1 error(s), 2 warning(s), 0 note(s) in ${folder}\n`);
  } finally {
    await removeDir(folder);
  }
});

cli('exits 0 on the fixture site, which has only notes', async () => {
  const site = await copyFixture('site');
  try {
    const { code, stdout, stderr } = await runProcess('generator/cli/check.ts', ['--site', site]);
    assert.is(code, 0, stderr);
    assert.is(
      stdout,
      'content/02-status/05-faq.md:1: info: slug "faq" is used by 2 pages (/status/faq, /no-index/faq); article/items returns them all\n',
    );
  } finally {
    await removeDir(join(site, '..'));
  }
});

rules('warns about a title search cannot find', () => {
  assert.equal(
    check({
      ...HOME,
      'content/00-symbols.md': '# ???\n\nSome words.\n',
      'content/01-unicode.md': '# Ünïcødé 😀\n',
      'content/02-fine.md': '# Fine\n\nWords.\n',
    }),
    [
      'content/00-symbols.md:1: warning: page /symbols has the title "???" without letters or digits; search cannot find it by title',
    ],
  );
});

rules.run();
links.run();
cli.run();
