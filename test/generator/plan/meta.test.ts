// Specification of metadata fields and values
// (docs/typemill.md: Meta fields come from the built-in tab, active plugins and the theme; Meta values are the stored value, else a default, else null).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson } from '../../../generator/php/php-json.ts';
import {
  BUILT_IN_TABS,
  FALLBACK_THEME_TABS,
  fieldsFor,
  mergeTabs,
  parseMetatabs,
} from '../../../generator/plan/meta-definitions.ts';
import { fileDate, metaBody } from '../../../generator/plan/meta-values.ts';

/** `metatabs:` of the demo plugin yaml, as parsed. */
const DEMO_METATABS = parseMetatabs({
  demo: {
    fields: {
      fieldsetdemo: {
        type: 'fieldset',
        legend: 'Demo',
        fields: { demoimage: { type: 'image' }, demoimagealt: { type: 'text' } },
      },
      democheckbox: { type: 'checkbox' },
      democustomfield: { type: 'customfields' },
    },
  },
});

const WITH_DEMO_AND_FALLBACK = mergeTabs(mergeTabs(BUILT_IN_TABS, DEMO_METATABS), FALLBACK_THEME_TABS);

const FOLDER_META = [
  'navtitle',
  'title',
  'description',
  'heroimage',
  'heroimagealt',
  'owner',
  'author',
  'allowedrole',
  'alloweduser',
  'manualdate',
  'modified',
  'created',
  'time',
  'reference',
  'referencetype',
  'hide',
  'noindex',
  'contains',
  'glossary',
  'template',
  'pagelisting',
  'shorttitle',
];
const DEMO_FIELDS = ['demoimage', 'demoimagealt', 'democheckbox', 'democustomfield'];

const definitions = suite('fieldsFor: field lists');

definitions('lists the folder fields with the demo plugin and the fallback theme fields (docs example)', () => {
  assert.equal(fieldsFor(WITH_DEMO_AND_FALLBACK, { pageaccess: true, folder: true }), [
    { tab: 'meta', fields: FOLDER_META },
    { tab: 'demo', fields: DEMO_FIELDS },
  ]);
});

definitions('lists the page fields without contains and glossary', () => {
  assert.equal(fieldsFor(WITH_DEMO_AND_FALLBACK, { pageaccess: true, folder: false }), [
    { tab: 'meta', fields: FOLDER_META.filter((field) => field !== 'contains' && field !== 'glossary') },
    { tab: 'demo', fields: DEMO_FIELDS },
  ]);
});

definitions('drops allowedrole and alloweduser without pageaccess', () => {
  const [meta] = fieldsFor(WITH_DEMO_AND_FALLBACK, { pageaccess: false, folder: false });
  assert.equal(meta?.fields, [
    'navtitle',
    'title',
    'description',
    'heroimage',
    'heroimagealt',
    'owner',
    'author',
    'manualdate',
    'modified',
    'created',
    'time',
    'reference',
    'referencetype',
    'hide',
    'noindex',
    'template',
    'pagelisting',
    'shorttitle',
  ]);
});

definitions('lists only the built-in fields without plugin and theme', () => {
  assert.equal(fieldsFor(BUILT_IN_TABS, { pageaccess: false, folder: true }), [
    {
      tab: 'meta',
      fields: [
        'navtitle',
        'title',
        'description',
        'heroimage',
        'heroimagealt',
        'owner',
        'author',
        'manualdate',
        'modified',
        'created',
        'time',
        'reference',
        'referencetype',
        'hide',
        'noindex',
        'contains',
      ],
    },
  ]);
});

definitions('merges a theme yaml instead of the fallback, appending into same-named fieldsets', () => {
  const theme = parseMetatabs({
    meta: {
      fields: {
        fieldsetfolder: { type: 'fieldset', fields: { glossary: { type: 'checkbox' } } },
        layout: { type: 'select' },
      },
    },
  });
  const [meta] = fieldsFor(mergeTabs(BUILT_IN_TABS, theme), { pageaccess: false, folder: true });
  assert.equal(meta?.fields.slice(-3), ['contains', 'glossary', 'layout']);
});

definitions('merges plugins in order, new tabs appended, a field already defined kept in place', () => {
  const first = parseMetatabs({
    seo: { fields: { keywords: {} } },
    meta: { fields: { title: { type: 'text' }, subtitle: {} } },
  });
  const second = parseMetatabs({ seo: { fields: { canonical: {} } } });
  assert.equal(fieldsFor(mergeTabs(mergeTabs(BUILT_IN_TABS, first), second), { pageaccess: false, folder: false }), [
    {
      tab: 'meta',
      fields: [
        'navtitle',
        'title',
        'description',
        'heroimage',
        'heroimagealt',
        'owner',
        'author',
        'manualdate',
        'modified',
        'created',
        'time',
        'reference',
        'referencetype',
        'hide',
        'noindex',
        'subtitle',
      ],
    },
    { tab: 'seo', fields: ['keywords', 'canonical'] },
  ]);
});

definitions('keeps a tab without fields as an empty list', () => {
  assert.equal(
    fieldsFor(mergeTabs(BUILT_IN_TABS, parseMetatabs({ empty: { title: 'Empty' } })), {
      pageaccess: false,
      folder: false,
    })[1],
    { tab: 'empty', fields: [] },
  );
});

definitions('does not change the built-in definitions when merging', () => {
  mergeTabs(BUILT_IN_TABS, parseMetatabs({ meta: { fields: { fieldsetcontent: { fields: { extra: {} } } } } }));
  assert.equal(fieldsFor(BUILT_IN_TABS, { pageaccess: false, folder: false })[0]?.fields.slice(0, 6), [
    'navtitle',
    'title',
    'description',
    'heroimage',
    'heroimagealt',
    'owner',
  ]);
});
definitions.run();

const values = suite('metaBody: values');

const PAGE_TABS = fieldsFor(WITH_DEMO_AND_FALLBACK, { pageaccess: true, folder: false });
const FOLDER_TABS = fieldsFor(WITH_DEMO_AND_FALLBACK, { pageaccess: true, folder: true });
const FILE_TIME = Date.UTC(2024, 4, 17, 18, 34, 56);

values('keeps stored values, false and "" included, fills defaults and gives null for the rest', () => {
  const stored = {
    meta: {
      title: 'Stored title',
      description: '',
      hide: false,
      owner: null,
      author: 'Ann',
      created: '2024-01-02',
      unknownkey: 'dropped',
      template: 'wide',
    },
    demo: { democheckbox: true, notdefined: 1 },
  };
  assert.is(
    encodePhpJson(
      metaBody(
        PAGE_TABS,
        stored,
        { name: 'Page name', isFolder: false },
        { author: 'Site author', pageFileMtimeMs: FILE_TIME },
      ),
    ),
    '{"metadata":{"meta":{"navtitle":"Page name","title":"Stored title","description":"","heroimage":null,"heroimagealt":null,"owner":null,' +
      '"author":"Ann","allowedrole":null,"alloweduser":null,"manualdate":null,"modified":"2024-05-17","created":"2024-01-02","time":"18-34-56",' +
      '"reference":null,"referencetype":null,"hide":false,"noindex":null,"template":"wide","pagelisting":null,"shorttitle":null},' +
      '"demo":{"demoimage":null,"demoimagealt":null,"democheckbox":true,"democustomfield":null}}}',
  );
});

values('fills author from the settings, created and time from the file time, modified likewise', () => {
  const body = metaBody(
    PAGE_TABS,
    undefined,
    { name: 'Page', isFolder: false },
    { author: 'Site author', pageFileMtimeMs: FILE_TIME },
  ) as { metadata: { meta: Record<string, unknown> } };
  assert.equal(
    [body.metadata.meta.author, body.metadata.meta.created, body.metadata.meta.time, body.metadata.meta.modified],
    ['Site author', '2024-05-17', '18-34-56', '2024-05-17'],
  );
});

values('keeps a stored modified date and stored types such as integer dates', () => {
  const body = metaBody(
    PAGE_TABS,
    { meta: { modified: '2023-12-24', created: 1714003200, navtitle: 42 } },
    { name: 'Page', isFolder: false },
    { author: 'A', pageFileMtimeMs: FILE_TIME },
  ) as { metadata: { meta: Record<string, unknown> } };
  assert.equal(
    [body.metadata.meta.modified, body.metadata.meta.created, body.metadata.meta.navtitle],
    ['2023-12-24', 1714003200, 42],
  );
});

values('treats a stored null like an absent value for defaults', () => {
  const body = metaBody(
    PAGE_TABS,
    { meta: { author: null, navtitle: null } },
    { name: 'Computed', isFolder: false },
    { author: 'Site author', pageFileMtimeMs: FILE_TIME },
  ) as { metadata: { meta: Record<string, unknown> } };
  assert.equal([body.metadata.meta.author, body.metadata.meta.navtitle], ['Site author', 'Computed']);
});

values("fills a folder's contains from the item, and keeps a stored one", () => {
  const computed = metaBody(
    FOLDER_TABS,
    {},
    { name: 'News', isFolder: true, contains: 'posts' },
    { author: 'A', pageFileMtimeMs: 0 },
  ) as { metadata: { meta: Record<string, unknown> } };
  const stored = metaBody(
    FOLDER_TABS,
    { meta: { contains: 'pages' } },
    { name: 'News', isFolder: true, contains: 'posts' },
    { author: 'A', pageFileMtimeMs: 0 },
  ) as { metadata: { meta: Record<string, unknown> } };
  assert.equal(
    [computed.metadata.meta.contains, computed.metadata.meta.glossary, stored.metadata.meta.contains],
    ['posts', null, 'pages'],
  );
});

values('gives a tab without fields as []', () => {
  const tabs = [
    { tab: 'meta', fields: ['navtitle'] },
    { tab: 'empty', fields: [] },
  ];
  assert.is(
    encodePhpJson(
      metaBody(tabs, { empty: { x: 1 } }, { name: 'N', isFolder: false }, { author: 'A', pageFileMtimeMs: 0 }),
    ),
    '{"metadata":{"meta":{"navtitle":"N"},"empty":[]}}',
  );
});
values.run();

const dates = suite('fileDate: UTC date and time of a file time');

dates('formats a time as YYYY-MM-DD and HH-MM-SS in UTC', () => {
  assert.equal(fileDate(Date.UTC(2024, 0, 5, 3, 4, 5, 999)), { date: '2024-01-05', time: '03-04-05' });
  assert.equal(fileDate(0), { date: '1970-01-01', time: '00-00-00' });
});
dates.run();
