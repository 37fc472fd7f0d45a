// Specification of scanning content/: byte order, ignored names, draft merging
// (docs/typemill.md: The content folder is scanned in byte order).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toListing } from '../../../../generator/plan/tree/scan-folder.ts';
import { scanPaths } from './tree-helpers.ts';

const names = (paths: string[]) => scanPaths(paths).map((entry) => entry.name);

const order = suite('scanFolder: order');

order('sorts entries by bytes, so 10-ten.md comes before 3-three.md', () => {
  assert.equal(names(['3-three.md', '10-ten.md']), ['10-ten.md', '3-three.md']);
});

order('sorts digits before upper case, upper case before lower case, ASCII before non-ASCII', () => {
  assert.equal(names(['Äpfel.md', 'alpha.md', 'Zeta.md', '9-nine.md', 'beta.md']), [
    '9-nine.md',
    'Zeta.md',
    'alpha.md',
    'beta.md',
    'Äpfel.md',
  ]);
});

order('sorts folders and files together by name', () => {
  assert.equal(names(['01-b.md', '00-a/x.md', '02-c/']), ['00-a', '01-b.md', '02-c']);
});
order.run();

const ignored = suite('scanFolder: what is skipped');

ignored('skips names starting with a dot, files and folders alike', () => {
  assert.equal(names(['.yaml', '.gitignore', '.hidden.md', '.git/config', 'page.md']), ['page.md']);
});

ignored('keeps only files whose last part is exactly md or txt', () => {
  assert.equal(names(['a.MD', 'b.markdown', 'c.yaml', 'd.png', 'README', 'e.TXT', 'f.md', 'g.txt']), ['f.md', 'g.txt']);
});

ignored('keeps a folder of any name, even without order prefix and even empty', () => {
  assert.equal(scanPaths(['blog/', 'Empty Folder/']), [
    { kind: 'folder', name: 'Empty Folder', entries: [] },
    { kind: 'folder', name: 'blog', entries: [] },
  ]);
});

ignored('keeps index files in the scanned list of their folder', () => {
  assert.equal(scanPaths(['00-a/index.md', '00-a/index.yaml', '00-a/01-x.md']), [
    {
      kind: 'folder',
      name: '00-a',
      entries: [
        { kind: 'file', name: '01-x.md' },
        { kind: 'file', name: 'index.md' },
      ],
    },
  ]);
});

ignored('treats Index.md as a normal page (case matters)', () => {
  assert.equal(names(['Index.md', 'index.md']), ['Index.md', 'index.md']);
});
ignored.run();

const drafts = suite('scanFolder: merging drafts');

drafts('merges x.md followed by x.txt into one entry x.txtmd', () => {
  assert.equal(names(['01-a.md', '01-a.txt']), ['01-a.txtmd']);
});

drafts('merges index.md and index.txt into index.txtmd', () => {
  assert.equal(names(['index.md', 'index.txt']), ['index.txtmd']);
});

drafts('keeps a lone .txt as an unpublished entry', () => {
  assert.equal(names(['01-a.txt']), ['01-a.txt']);
});

drafts('does not merge when an intervening 01-a.md.bak breaks the sequence', () => {
  assert.equal(names(['01-a.md', '01-a.md.bak', '01-a.txt']), ['01-a.md', '01-a.txt']);
});

drafts('merges when the previous ignored file has the same joined name parts', () => {
  assert.equal(names(['01-a.png', '01-a.txt']), ['01-a.txtmd']);
});

drafts('compares the name parts joined without separators', () => {
  assert.equal(names(['a-b.md', 'ab.txt']), ['ab.txtmd']);
});

drafts('merges inside sub-folders too', () => {
  assert.equal(scanPaths(['00-guide/00-x.md', '00-guide/00-x.txt']), [
    { kind: 'folder', name: '00-guide', entries: [{ kind: 'file', name: '00-x.txtmd' }] },
  ]);
});
drafts.run();

const listing = suite('toListing: loader entries to a directory listing');

listing('groups entries by parent folder and marks directories', () => {
  assert.equal(
    [...toListing(['/00-a/', '/00-a/x.md', '/index.md'])],
    [
      [
        '',
        [
          { name: '00-a', isDirectory: true },
          { name: 'index.md', isDirectory: false },
        ],
      ],
      ['/00-a', [{ name: 'x.md', isDirectory: false }]],
    ],
  );
});
listing.run();
