// Specification of order, name and slug from a file or folder name
// (docs/typemill.md: Order, name and slug come from the entry name).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nameParts, parseEntryName } from '../../../../generator/plan/tree/entry-name.ts';

const table = suite('parseEntryName: the order/name/slug table');

const ROWS: Array<{
  entry: string;
  isFile: boolean;
  langattr: string;
  order: string | null;
  name: string;
  slug: string;
  type: string;
}> = [
  {
    entry: '00-create-your-first-page.md',
    isFile: true,
    langattr: 'en',
    order: '00',
    name: 'create your first page',
    slug: 'create-your-first-page',
    type: 'md',
  },
  {
    entry: '202405171834-fast-websites.md',
    isFile: true,
    langattr: 'en',
    order: '202405171834',
    name: 'fast websites',
    slug: 'fast-websites',
    type: 'md',
  },
  { entry: '01-Über uns', isFile: false, langattr: 'en', order: '01', name: 'Über uns', slug: 'uber-uns', type: '' },
  { entry: '01-Über uns', isFile: false, langattr: 'de', order: '01', name: 'Über uns', slug: 'ueber-uns', type: '' },
  {
    entry: '00-Äpfel & Birnen.md',
    isFile: true,
    langattr: 'en',
    order: '00',
    name: 'Äpfel & Birnen',
    slug: 'apfel-birnen',
    type: 'md',
  },
  { entry: '01-Straße.md', isFile: true, langattr: 'en', order: '01', name: 'Straße', slug: 'strasse', type: 'md' },
  {
    entry: '00-My_Page (Draft)!.md',
    isFile: true,
    langattr: 'en',
    order: '00',
    name: 'My Page  Draft  ',
    slug: 'my-page-draft',
    type: 'md',
  },
  {
    entry: '01-version.2.md',
    isFile: true,
    langattr: 'en',
    order: '01',
    name: 'version 2',
    slug: 'version-2',
    type: 'md',
  },
  {
    entry: '08-UPPER-Case.md',
    isFile: true,
    langattr: 'en',
    order: '08',
    name: 'UPPER Case',
    slug: 'upper-case',
    type: 'md',
  },
  { entry: 'other.md', isFile: true, langattr: 'en', order: null, name: 'other', slug: 'other', type: 'md' },
  { entry: 'readme.md', isFile: true, langattr: 'en', order: null, name: 'readme', slug: 'readme', type: 'md' },
  { entry: 'my-page.md', isFile: true, langattr: 'en', order: 'my', name: 'page', slug: 'page', type: 'md' },
  { entry: '00-guide.txtmd', isFile: true, langattr: 'en', order: '00', name: 'guide', slug: 'guide', type: 'txtmd' },
  {
    entry: 'getting-started',
    isFile: false,
    langattr: 'en',
    order: 'getting',
    name: 'started',
    slug: 'started',
    type: '',
  },
  { entry: 'blog', isFile: false, langattr: 'en', order: null, name: 'blog', slug: 'blog', type: '' },
  { entry: '02-a.b', isFile: false, langattr: 'en', order: '02', name: 'a b', slug: 'a-b', type: '' },
];

for (const row of ROWS) {
  table(
    `reads ${row.isFile ? 'file' : 'folder'} ${JSON.stringify(row.entry)} (${row.langattr}) as order ${JSON.stringify(row.order)}, name ${JSON.stringify(row.name)}, slug ${JSON.stringify(row.slug)}`,
    () => {
      assert.equal(parseEntryName(row.entry, row.isFile, row.langattr), {
        order: row.order,
        name: row.name,
        slug: row.slug,
        type: row.type,
      });
    },
  );
}
table.run();

const parts = suite('nameParts: the separator class');

parts('splits on every one of - . _ = + ? ! * # ( ) / and space, keeping empty parts', () => {
  assert.equal(nameParts('a-b.c_d=e+f?g!h*i#j(k)l/m n'), [
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'i',
    'j',
    'k',
    'l',
    'm',
    'n',
  ]);
  assert.equal(nameParts('x--y'), ['x', '', 'y']);
});

parts('does not split on other punctuation', () => {
  assert.equal(nameParts('a&b,c;d@e.md'), ['a&b,c;d@e', 'md']);
});
parts.run();
