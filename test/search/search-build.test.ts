// The build's search step: term counts written as MiniSearch's own index, page bodies read one page at a time, and
// the faster HTML-to-text giving the text the four-pass version gave.
import { resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlText } from '../../contract/search/content-sections.ts';
import { commonTermsOf, indexedFields, newMiniSearch, SEARCH_FORMAT } from '../../contract/search/search-format.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import { finishBuild, planBuild, renderPages } from '../../generator/build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { buildSearchIndex, searchIndexResponse } from '../../generator/search/build-search-index.ts';
import { searchDocuments } from '../../generator/search/search-documents.ts';
import type { IndexedDocument } from '../../generator/search/search-documents.ts';
import { siteSearchResponse } from '../../generator/search/search-step.ts';
import { contentReader } from '../helpers/content-reader.ts';
import { createRandom } from '../bench/prng.ts';
import { SAMPLE_SITE } from './sample-dist.ts';

/** What the index was before the term-count writer: MiniSearch's own `addAll` and serialisation. */
async function miniSearchIndex(documents: readonly IndexedDocument[], language: string) {
  const tools = await languageTools(language);
  const fields = documents.map(({ document, sections }, id) => indexedFields(document.title, sections, id));
  const commonTerms = commonTermsOf(
    fields.map((field) => `${field.headings}\n${field.text}`),
    tools,
  );
  const search = newMiniSearch(tools, commonTerms);
  search.addAll(fields);
  return {
    format: SEARCH_FORMAT,
    language,
    documents: documents.map(({ document }) => document),
    commonTerms: [...commonTerms].sort(),
    index: search.toJSON(),
  };
}

const WORDS = [
  'Install',
  'installing',
  'installation',
  'server',
  'servers',
  'Übersicht',
  'naïve',
  'the',
  'and',
  'Docker',
  'docker',
  'route',
  'routing',
  'x',
  '42',
  'API',
  'über',
  'Straße',
  'café',
];

function generatedDocuments(count: number): IndexedDocument[] {
  const random = createRandom(5);
  const words = (length: number) =>
    Array.from({ length }, () => random.pick(WORDS)).join(random.chance(0.2) ? ', ' : ' ');
  return Array.from({ length: count }, (_, id) => ({
    document: {
      url: `/page-${id}`,
      title: words(random.int(0, 4)),
      slug: `page-${id}`,
      live: true,
      draft: random.chance(0.8),
      key: `content:live:/page-${id}`,
    },
    sections: Array.from({ length: random.int(0, 3) }, (): [string | null, string] => [
      random.chance(0.3) ? null : words(random.int(1, 3)),
      words(random.int(0, 40)),
    ]),
  }));
}

const writer = suite('search index writer');

writer(
  'stores exactly what MiniSearch stores, with common terms (a large site) and without (a small one), in any language',
  async () => {
    for (const [count, language] of [
      [260, 'en'],
      [40, 'en'],
      [260, 'de'],
      [30, 'xx'],
    ] as const) {
      const documents = generatedDocuments(count);
      const expected = await miniSearchIndex(documents, language);
      if (count >= 200 && language === 'en')
        assert.ok(expected.commonTerms.length > 0, 'the large English site has common terms');
      assert.is(
        JSON.stringify(await buildSearchIndex(documents, language)),
        JSON.stringify(expected),
        `${count} documents, language ${language}`,
      );
    }
  },
);

const step = suite('the build search step');

step(
  'reads content bodies through the reader and gives the index the built bodies give, on the sample and fixture sites',
  async () => {
    for (const site of [SAMPLE_SITE, resolve(import.meta.dirname, '..', 'fixtures', 'site')]) {
      const plan = planBuild((await loadSite(site, 'http://localhost:8080')).source);
      const { responses } = finishBuild(plan, renderPages(plan));
      const pages = plan.pages.map((page) => ({
        url: page.url,
        slug: page.item?.slug ?? '',
        name: page.item === undefined ? 'home' : String(page.item.name),
      }));
      const language = typeof plan.model.settings.language === 'string' ? plan.model.settings.language : '';
      const fromMemory = await searchIndexResponse(searchDocuments(pages, responses), language);
      const asked: string[] = [];
      const reader = contentReader(responses);
      const streamed = await siteSearchResponse(plan, (key) => (asked.push(key), reader(key)));
      assert.is(streamed.body, fromMemory.body, site);
      assert.ok(
        asked.every((key) => key.startsWith('content:live:') || key.startsWith('content:draft:')),
        'only content bodies are read',
      );
      assert.is(asked.length, plan.pages.length * 2);
    }
  },
);

/** The four passes htmlText made before, the reference its single-purpose passes must agree with. */
function fourPasses(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '' };
  const point = (value: number, entity: string) =>
    Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) =>
      /^#[xX]/.test(body)
        ? point(parseInt(body.slice(2), 16), entity)
        : body.startsWith('#')
          ? point(parseInt(body.slice(1), 10), entity)
          : (named[body] ?? entity),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const text = suite('htmlText');

text('drops tags, scripts and styles, decodes entities and collapses every kind of white space', () => {
  assert.is(
    htmlText(
      '<p>A&nbsp;&amp;\tB</p>\n<SCRIPT>x()</script><style a>b</STYLE> &#x20;&#160;C&shy;D &#0; &bogus; <unclosed',
    ),
    'A & B CD &#0; &bogus; <unclosed',
  );
});

text('gives the text the four-pass version gave, on 50,000 generated fragments', () => {
  const random = createRandom(11);
  const pieces = [
    '<',
    '>',
    '&',
    ';',
    '#',
    'x',
    'X',
    '1',
    'a',
    'F',
    ' ',
    '  ',
    '\n',
    '\t',
    '\u00a0',
    '\u2003',
    '\ufeff',
    'amp',
    'nbsp',
    'shy',
    'lt',
    '#160',
    '#x20',
    '#10',
    'script',
    'SCRIPT',
    'style',
    '</',
    'é',
    '😀',
    '"',
    'p',
  ];
  for (let fragment = 0; fragment < 50_000; fragment++) {
    const html = Array.from({ length: random.int(0, 24) }, () => random.pick(pieces)).join('');
    if (htmlText(html) !== fourPasses(html)) assert.is(htmlText(html), fourPasses(html), JSON.stringify(html));
  }
});

writer.run();
step.run();
text.run();
