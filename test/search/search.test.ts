// Search on the sample site: title quality, prefix and typo tolerance, snippets, drafts and restrictions, and parameter
// errors.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import type { SearchRequest } from '../../gateway/search/search-query.ts';
import { escapeHtml, snippetOf } from '../../gateway/search/snippet.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { buildSampleDist, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

let dist = '';
let index: SearchIndex;

function request(q: string, extra: Partial<SearchRequest> = {}): SearchRequest {
  const parsed = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}`));
  if (!isSearchRequest(parsed)) throw new Error(`"${q}" is not a valid query`);
  return { ...parsed, ...extra };
}

const urls = async (
  q: string,
  user: { username: string; role: string } = SAMPLE_USERS.administrator,
  extra: Partial<SearchRequest> = {},
) => (await runSearch(index, request(q, { limit: 50, ...extra }), user)).results.map((result) => result.url);

const quality = suite('search quality on the sample site');
quality.before(async () => {
  dist = await buildSampleDist('search-sample');
  index = await sampleSearchIndex(dist);
});
quality.after(() => removeDir(dist));

quality('finds each live page by its title in the top 3 for at least 95 % of pages', async () => {
  const pages = index.documents.filter((document) => document.live);
  const missed = [];
  for (const page of pages) {
    const answer = await runSearch(index, request(page.title, { limit: 3 }), SAMPLE_USERS.administrator);
    if (!answer.results.some((result) => result.url === page.url)) missed.push(page);
  }
  assert.ok(pages.length >= 30, `only ${pages.length} pages`);
  assert.ok(
    missed.length <= pages.length * 0.05,
    `missed: ${missed.map((page) => `${page.title} (${page.url})`).join(', ')}`,
  );
});

quality('answers the first result with url, title, slug, section, a marked snippet and a score', async () => {
  const answer = await runSearch(index, request('docker image'), SAMPLE_USERS.author);
  const first = answer.results[0];
  assert.equal(
    { ...first, score: typeof first?.score },
    {
      url: '/getting-started/installation',
      title: 'Installing Lumen',
      slug: 'installation',
      section: 'Installation',
      snippet:
        'There are two supported ways to install Lumen: the <mark>Docker</mark> <mark>image</mark> and the static binary. Both read the same configuration file.',
      score: 'number',
    },
  );
  assert.is(answer.query, 'docker image');
  assert.is(answer.total >= answer.results.length, true);
});

quality('matches a prefix of the last word only', async () => {
  assert.is((await urls('dashb'))[0], '/guides/dashboards');
  assert.equal((await urls('dashb widgets')).includes('/guides/dashboards'), true);
  assert.equal((await urls('dashb widgets', SAMPLE_USERS.administrator)).length > 0, true);
});

quality('tolerates one typo in words of five letters or more, none in shorter words', async () => {
  assert.is((await urls('dashbord'))[0], '/guides/dashboards');
  assert.equal(await urls('dahsbord'), [], 'two edits are not tolerated');
  assert.equal(await urls('helm', SAMPLE_USERS.author, { draft: true }), ['/getting-started/installation']);
  assert.equal(await urls('halm', SAMPLE_USERS.author, { draft: true }), [], 'no typo tolerance below five letters');
});

quality('stems words with the site language (en): "installing" finds "installation"', async () => {
  assert.ok((await urls('installing')).includes('/news/release-2-0'));
});

quality('treats query syntax and regular-expression characters as plain text', async () => {
  for (const q of [
    'docker*',
    '(docker)',
    'docker~',
    '+docker -image',
    'dock.*',
    '[docker]',
    'title:docker',
    '\\docker',
  ]) {
    assert.is((await urls(q))[0], '/getting-started/installation', q);
  }
  assert.equal(await urls('*** ??? ...'), []);
});

quality('pages with limit and offset and reports the total', async () => {
  const all = await runSearch(index, request('lumen', { limit: 50 }), SAMPLE_USERS.administrator);
  const second = await runSearch(index, request('lumen', { limit: 2, offset: 2 }), SAMPLE_USERS.administrator);
  assert.is(second.total, all.total);
  assert.equal(
    second.results.map((result) => result.url),
    all.results.slice(2, 4).map((result) => result.url),
  );
  assert.equal((await runSearch(index, request('lumen', { offset: 10_000 }), SAMPLE_USERS.administrator)).results, []);
});

const visibility = suite('search visibility follows article/content');
visibility.before(async () => {
  dist = await buildSampleDist('search-visibility');
  index = await sampleSearchIndex(dist);
});
visibility.after(() => removeDir(dist));

visibility('finds draft-only text only with draft, and live text of a modified page only without', async () => {
  assert.equal(await urls('kubernetes helm'), []);
  assert.equal(await urls('kubernetes helm', SAMPLE_USERS.author, { draft: true }), ['/getting-started/installation']);
  const draftHit = (await runSearch(index, request('kubernetes', { draft: true }), SAMPLE_USERS.author)).results[0];
  assert.is(draftHit?.section, 'Install on Kubernetes');
  assert.equal((await urls('upgrading migrates')).includes('/getting-started/upgrade-from-1-x'), false);
  assert.equal(
    (await urls('upgrading migrates', SAMPLE_USERS.author, { draft: true }))[0],
    '/getting-started/upgrade-from-1-x',
  );
});

visibility('hides a page restricted to editors from authors, shows it to editors and above', async () => {
  assert.equal((await urls('backup create', SAMPLE_USERS.author)).includes('/administration/backups'), false);
  assert.equal((await urls('backup create', SAMPLE_USERS.editor))[0], '/administration/backups');
  assert.equal((await urls('backup create', SAMPLE_USERS.administrator))[0], '/administration/backups');
});

visibility('shows a page restricted to named users only to them and administrators', async () => {
  assert.equal((await urls('hardening checklist', SAMPLE_USERS.editor))[0], '/administration/security-hardening');
  assert.equal(
    (await urls('hardening checklist', SAMPLE_USERS.manager)).includes('/administration/security-hardening'),
    false,
  );
  assert.equal(
    (await urls('hardening checklist', SAMPLE_USERS.administrator))[0],
    '/administration/security-hardening',
  );
});

const parameters = suite('parseSearchRequest');

parameters('answers 400 with the field and what to fix', async () => {
  const cases: Array<[string, string, string]> = [
    ['', 'q', 'Q is required'],
    ['q=', 'q', 'Q is required'],
    ['q=%20%20', 'q', 'Q is required'],
    ['q[]=docker', 'q', 'Q is required'],
    [`q=${'a'.repeat(201)}`, 'q', 'Q must be at most 200 characters'],
    [`q=${Array.from({ length: 21 }, (_, position) => `w${position}`).join('+')}`, 'q', 'Q must have at most 20 terms'],
    ['q=x&limit=0', 'limit', 'Limit must be an integer from 1 to 50'],
    ['q=x&limit=51', 'limit', 'Limit must be an integer from 1 to 50'],
    ['q=x&limit=2.5', 'limit', 'Limit must be an integer from 1 to 50'],
    ['q=x&limit=', 'limit', 'Limit must be an integer from 1 to 50'],
    ['q=x&offset=-1', 'offset', 'Offset must be a non-negative integer'],
    ['q=x&offset=1e3', 'offset', 'Offset must be a non-negative integer'],
    ['q=x&offset=99999999999999999999', 'offset', 'Offset must be a non-negative integer'],
  ];
  for (const [queryString, field, message] of cases) {
    const reply = parseSearchRequest(parseQuery(queryString));
    assert.ok(!isSearchRequest(reply), queryString);
    if (isSearchRequest(reply)) continue;
    assert.is(reply.status, 400, queryString);
    assert.equal(
      JSON.parse(reply.body.kind === 'bytes' ? reply.body.bytes.toString() : ''),
      { message, errors: { [field]: message } },
      queryString,
    );
  }
});

parameters('accepts 200 characters, 20 terms, limit 1 and 50, offset 0, and draft only as true or 1', async () => {
  const accepted = (queryString: string) => {
    const parsed = parseSearchRequest(parseQuery(queryString));
    return isSearchRequest(parsed)
      ? { limit: parsed.limit, offset: parsed.offset, draft: parsed.draft, words: parsed.words.length }
      : null;
  };
  assert.equal(accepted(`q=${'a'.repeat(200)}`), { limit: 10, offset: 0, draft: false, words: 1 });
  assert.equal(accepted(`q=${Array.from({ length: 20 }, () => 'w').join('+')}&limit=50&offset=0`), {
    limit: 50,
    offset: 0,
    draft: false,
    words: 20,
  });
  assert.equal(accepted('q=x&limit=1&draft=true'), { limit: 1, offset: 0, draft: true, words: 1 });
  assert.equal(accepted('q=x&draft=1'), { limit: 10, offset: 0, draft: true, words: 1 });
  assert.equal(accepted('q=x&draft=false'), { limit: 10, offset: 0, draft: false, words: 1 });
});

const snippets = suite('snippetOf');

snippets('escapes every character of the text and marks only the matched words', async () => {
  const isMatch = (word: string) => word.toLowerCase() === 'script';
  assert.is(
    snippetOf('Put <script src="a&b"> in \'head\'', isMatch),
    'Put &lt;<mark>script</mark> src=&quot;a&amp;b&quot;&gt; in &#39;head&#39;',
  );
  assert.is(escapeHtml('<mark>'), '&lt;mark&gt;');
});

snippets('cuts long text around the first match at word boundaries with ellipses', async () => {
  const text = `${'alpha '.repeat(40)}needle ${'omega '.repeat(60)}`.trim();
  const snippet = snippetOf(text, (word) => word === 'needle');
  assert.ok(snippet.startsWith('…alpha '), snippet);
  assert.ok(snippet.endsWith('omega…'), snippet);
  assert.ok(snippet.includes('<mark>needle</mark>'));
  assert.ok(snippet.replace(/<\/?mark>/g, '').length <= 202, String(snippet.length));
});

quality.run();
visibility.run();
parameters.run();
snippets.run();
