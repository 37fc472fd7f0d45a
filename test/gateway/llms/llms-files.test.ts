// The AI files of the sample site over real HTTP, for every demo user and in the public view (docs/ai.md): llms.txt
// in the llmstxt.org form listing exactly the pages article/content answers 200 for minus hidden and noindex, each
// `.md` the blocks of that answer joined by a blank line, llms-full.txt the template applied in order.
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startGateway } from '../../../gateway/http/server.ts';
import type { Gateway } from '../../../gateway/http/server.ts';
import { SAMPLE_USERS, basicHeader, buildSampleDist } from '../../search/sample-dist.ts';
import { removeDir } from '../../helpers/fixture-site.ts';
import { send } from '../http-client.ts';
import type { RawResponse } from '../http-client.ts';

const BASE = 'http://localhost:8080';
type User = { username: string; password: string };
const READERS = [SAMPLE_USERS.author, SAMPLE_USERS.editor, SAMPLE_USERS.manager, SAMPLE_USERS.administrator];

interface Context {
  dist: string;
  closed: Gateway;
  open: Gateway;
}

const get = (gateway: Gateway, path: string, user?: User, headers: Record<string, string> = {}, method = 'GET') =>
  send(gateway.url, path, {
    method,
    headers: { ...(user ? { Authorization: basicHeader(user) } : {}), ...headers },
  });

interface Listed {
  title: string;
  url: string;
  description: string;
}

/** llmstxt.org: an H1 first, an optional blockquote, then H2 sections holding only link lists; every link absolute. */
function parseLlmsTxt(text: string): { title: string; sections: Array<{ heading: string; links: Listed[] }> } {
  assert.ok(text.endsWith('\n') && !text.endsWith('\n\n'), 'ends with one newline');
  const blocks = text.slice(0, -1).split('\n\n');
  const title = /^# (.+)$/.exec(blocks.shift() ?? '')?.[1];
  assert.ok(title, 'an H1 first');
  if (blocks[0]?.startsWith('> ')) assert.ok(!blocks.shift()?.includes('\n'), 'the blockquote is one line');
  const sections: Array<{ heading: string; links: Listed[] }> = [];
  while (blocks.length > 0) {
    const heading = /^## (.+)$/.exec(blocks.shift() ?? '')?.[1];
    assert.ok(heading, 'an H2 heads each section');
    const list = blocks.shift() ?? '';
    const links = list.split('\n').map((line) => {
      const match = /^- \[((?:[^\]\\]|\\.)+)\]\((\S+)\)(?:: (.+))?$/.exec(line);
      assert.ok(match, `a link line: ${line}`);
      assert.ok(match?.[2]?.startsWith(`${BASE}/`), `an absolute link: ${line}`);
      return { title: match?.[1] ?? '', url: match?.[2] ?? '', description: match?.[3] ?? '' };
    });
    sections.push({ heading: heading ?? '', links });
  }
  return { title: title ?? '', sections };
}

/** A `.md` link's page URL: `/index.md` is the home page. */
const pageOf = (link: string) => {
  const path = decodeURI(link.slice(BASE.length, -'.md'.length));
  return path === '/index' ? '/' : path;
};
const listedUrls = (text: string) =>
  parseLlmsTxt(text).sections.flatMap((section) => section.links.map((l) => pageOf(l.url)));

/** Every page of the site in navigation order, home first, from the administrator's draft navigation. */
async function allPages(context: Context): Promise<string[]> {
  const navigation = JSON.parse(
    (await get(context.closed, '/api/v1/navigation?draft=true', SAMPLE_USERS.administrator)).text,
  );
  const urls = ['/'];
  const walk = (items: Array<{ urlRelWoF: string; folderContent?: unknown[] }>) => {
    for (const item of items) {
      urls.push(item.urlRelWoF);
      if (Array.isArray(item.folderContent)) walk(item.folderContent as typeof items);
    }
  };
  walk(navigation.navigation);
  return urls;
}

const contentPath = (url: string, draft = false) =>
  `/api/v1/article/content?url=${encodeURIComponent(url)}${draft ? '&draft=true' : ''}`;
const markdownPath = (url: string) => `${url === '/' ? '/index' : encodeURI(url)}.md`;
const joined = (content: RawResponse) =>
  (JSON.parse(content.text).content as Array<{ markdown: string }>)
    .map((block) => block.markdown.replace(/\n+$/, ''))
    .join('\n\n');

async function hiddenOrNoindex(context: Context, url: string): Promise<boolean> {
  const meta = JSON.parse(
    (await get(context.closed, `/api/v1/article/meta?url=${encodeURIComponent(url)}`, SAMPLE_USERS.administrator)).text,
  );
  const fields = meta.metadata.meta as Record<string, unknown>;
  return fields.hide === true || fields.noindex === true;
}

const Llms = suite<Context>('the AI files of the sample site');

Llms.before(async (context) => {
  context.dist = await buildSampleDist('llms-files');
  const quiet = { dist: context.dist, port: 0, host: '127.0.0.1', log: () => {} };
  context.closed = await startGateway(quiet);
  context.open = await startGateway({ ...quiet, publicLlms: true });
});

Llms.after(async (context) => {
  await context.closed.close();
  await context.open.close();
  await removeDir(context.dist);
});

Llms('llms.txt follows the llmstxt.org form, and every link answers 200 with the same credentials', async (context) => {
  for (const user of READERS) {
    const answer = await get(context.closed, '/llms.txt', user);
    assert.is(answer.status, 200);
    assert.is(answer.headers['content-type'], 'text/plain; charset=utf-8');
    assert.is(answer.headers['cache-control'], 'private, no-cache');
    const parsed = parseLlmsTxt(answer.text);
    assert.is(parsed.title, 'Lumen Documentation');
    assert.is(parsed.sections[0]?.heading, 'Overview');
    for (const section of parsed.sections)
      for (const link of section.links) {
        const page = await get(context.closed, link.url.slice(BASE.length), user);
        assert.is(page.status, 200, `${user.username}: ${link.url}`);
        assert.is(page.headers['content-type'], 'text/markdown; charset=utf-8');
      }
  }
});

Llms(
  'for every demo user: listed exactly where article/content answers 200, minus hidden and noindex; each .md answers as article/content does, its blocks joined',
  async (context) => {
    const pages = await allPages(context);
    const excluded = new Map<string, boolean>();
    for (const url of pages) excluded.set(url, await hiddenOrNoindex(context, url));
    assert.ok([...excluded.values()].some(Boolean), 'the sample site has hidden or noindex pages');
    for (const user of [SAMPLE_USERS.member, ...READERS]) {
      const expected: string[] = [];
      for (const url of pages)
        for (const draft of [false, true]) {
          const content = await get(context.closed, contentPath(url, draft), user);
          const markdown = await get(context.closed, markdownPath(url) + (draft ? '?draft=true' : ''), user);
          assert.is(markdown.status, content.status, `${user.username}: ${url} draft ${draft}`);
          if (content.status === 200) assert.is(markdown.text, joined(content), `${user.username}: ${url}`);
          else assert.is(markdown.text, content.text, `${user.username}: ${url}`);
          if (!draft && content.status === 200 && excluded.get(url) !== true && !expected.includes(url))
            expected.push(url);
        }
      const llms = await get(context.closed, '/llms.txt', user);
      if (user === SAMPLE_USERS.member) {
        assert.is(llms.status, 403);
        assert.is(llms.text, '{"message":"Permission denied. Your are an member and you cannot read this content"}');
        continue;
      }
      assert.equal(listedUrls(llms.text).slice().sort(), expected.slice().sort(), user.username);
    }
  },
);

Llms('restricted pages are left out for lower roles and listed for those they name', async (context) => {
  const listed = async (user: User) => listedUrls((await get(context.closed, '/llms.txt', user)).text);
  // backups: allowedrole editor; security-hardening: alloweduser editor1,admin.
  assert.not.ok((await listed(SAMPLE_USERS.author)).includes('/administration/backups'));
  assert.ok((await listed(SAMPLE_USERS.editor)).includes('/administration/backups'));
  assert.ok((await listed(SAMPLE_USERS.editor)).includes('/administration/security-hardening'));
  assert.not.ok((await listed(SAMPLE_USERS.manager)).includes('/administration/security-hardening'));
  assert.ok((await listed(SAMPLE_USERS.administrator)).includes('/administration/security-hardening'));
});

Llms(
  'llms-full.txt is the template applied to the pages llms.txt lists, in order, as identity or gzip',
  async (context) => {
    for (const user of READERS) {
      const listed = parseLlmsTxt((await get(context.closed, '/llms.txt', user)).text).sections.flatMap((s) => s.links);
      let expected = '';
      for (const link of listed) {
        const markdown = (await get(context.closed, link.url.slice(BASE.length), user)).text;
        const url = pageOf(link.url);
        expected += `# ${link.title.replace(/\\(.)/g, '$1')}\n\nSource: ${BASE}${url}\n\n${markdown}\n\n`;
      }
      const full = await get(context.closed, '/llms-full.txt', user);
      assert.is(full.status, 200);
      assert.is(full.headers['content-type'], 'text/plain; charset=utf-8');
      assert.is(full.headers['content-length'], String(Buffer.byteLength(expected)));
      const at = [...expected].findIndex((character, position) => full.text[position] !== character);
      assert.is(
        full.text,
        expected,
        `${user.username}: differs at ${at}: ${JSON.stringify(full.text.slice(at - 80, at + 40))}`,
      );
      const gzip = await get(context.closed, '/llms-full.txt', user, { 'Accept-Encoding': 'br, gzip' });
      assert.is(gzip.headers['content-encoding'], 'gzip');
      assert.is(gunzipSync(gzip.body).toString('utf8'), expected);
      const brotliOnly = await get(context.closed, '/llms-full.txt', user, { 'Accept-Encoding': 'br' });
      assert.is(brotliOnly.headers['content-encoding'], undefined);
      assert.is(brotliOnly.text, expected);
      const etag = String(full.headers.etag);
      const again = await get(context.closed, '/llms-full.txt', user, { 'If-None-Match': etag });
      assert.equal([again.status, again.text, again.headers.etag], [304, '', etag]);
      const head = await get(context.closed, '/llms-full.txt', user, {}, 'HEAD');
      assert.equal([head.status, head.text, head.headers['content-length']], [200, '', full.headers['content-length']]);
    }
  },
);

Llms(
  'llms.txt and .md carry ETags, answer 304, and come gzip-compressed where the body pays for it',
  async (context) => {
    const user = SAMPLE_USERS.author;
    for (const path of ['/llms.txt', '/getting-started/installation.md']) {
      const first = await get(context.closed, path, user);
      const again = await get(context.closed, path, user, { 'If-None-Match': String(first.headers.etag) });
      assert.is(again.status, 304, path);
    }
    const compressed = await get(context.closed, '/llms.txt', user, { 'Accept-Encoding': 'gzip' });
    assert.is(compressed.headers['content-encoding'], 'gzip');
    assert.is(gunzipSync(compressed.body).toString('utf8'), (await get(context.closed, '/llms.txt', user)).text);
  },
);

Llms(
  'without credentials: 401, unless serve --public-llms; then the public view, public, no-cache',
  async (context) => {
    for (const path of ['/llms.txt', '/llms-full.txt', '/getting-started/installation.md']) {
      const closed = await get(context.closed, path);
      assert.equal([closed.status, closed.text], [401, '{"message":"Authentication required."}'], path);
      const open = await get(context.open, path);
      assert.is(open.status, 200, path);
      assert.is(open.headers['cache-control'], 'public, no-cache', path);
      const credentialed = await get(context.open, path, SAMPLE_USERS.author);
      assert.is(credentialed.headers['cache-control'], 'private, no-cache', path);
      const wrong = await get(context.open, path, { username: 'author1', password: 'wrong' });
      assert.equal([wrong.status, wrong.text], [401, '{"message":"Authentication failed."}'], path);
    }
    // The API stays closed.
    assert.is((await get(context.open, contentPath('/'))).status, 401);
  },
);

Llms(
  'the public view: published pages without allowedrole or alloweduser, never hidden, noindex or drafts',
  async (context) => {
    const pages = await allPages(context);
    const expected: string[] = [];
    for (const url of pages) {
      const content = await get(context.closed, contentPath(url), SAMPLE_USERS.administrator);
      const meta = JSON.parse(
        (await get(context.closed, `/api/v1/article/meta?url=${encodeURIComponent(url)}`, SAMPLE_USERS.administrator))
          .text,
      ).metadata.meta;
      const restricted = (meta.allowedrole ?? '') !== '' || (meta.alloweduser ?? '') !== '';
      const listable = content.status === 200 && !restricted && !(await hiddenOrNoindex(context, url));
      if (listable) expected.push(url);
      const markdown = await get(context.open, `${markdownPath(url)}?draft=true`);
      if (listable) assert.is(markdown.text, joined(content), `${url}: the published text, never the draft`);
      else assert.equal([markdown.status, markdown.text], [404, '{"message":"page not found"}'], url);
    }
    const text = (await get(context.open, '/llms.txt')).text;
    assert.equal(listedUrls(text).slice().sort(), expected.slice().sort());
    assert.ok(expected.length > 10 && expected.length < pages.length, 'some pages are public, some are not');
  },
);

Llms('a .md path never reaches an API route, and a hostile one is a 404', async (context) => {
  const user = SAMPLE_USERS.administrator;
  for (const path of ['/api/v1/navigation.md', '/..%2F..%2Fetc%2Fpasswd.md', '/llms.txt.md']) {
    const answer = await get(context.closed, path, user);
    assert.equal([answer.status, answer.text], [404, '{"message":"page not found"}'], path);
  }
  // Not a page's path at all: no URL decodes from it.
  for (const path of ['/%ZZ.md', '/.md', '/index.md/']) {
    const answer = await get(context.closed, path, user);
    assert.equal([answer.status, answer.text], [404, '{"message":"Not found. The API lives under /api/v1/."}'], path);
  }
  assert.is(
    (await get(context.closed, '/api/v1/navigation', user)).headers['content-type'],
    'application/json; charset=utf-8',
  );
});

Llms.run();
