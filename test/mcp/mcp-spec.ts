// The MCP behaviours both transports must show, run once per transport by mcp-http.test.ts and mcp-stdio.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { SAMPLE_USERS } from '../search/sample-dist.ts';
import { callJson } from './mcp-client.ts';

export interface McpSetup {
  site: string;
  connect(user: { username: string; password: string }): Promise<Client>;
  /** Rebuilds the site into the served dist and waits until the server may have taken the new snapshot. */
  rebuild(): Promise<void>;
}

type User = { username: string; password: string };

/** Passes when the call fails with an MCP error (uvu has no `rejects`). */
async function rejects(call: () => Promise<unknown>): Promise<void> {
  const outcome = await call().then(
    () => 'resolved',
    (error: unknown) => (error instanceof Error ? error.name : 'rejected'),
  );
  assert.is.not(outcome, 'resolved');
}

async function withClient<T>(setup: McpSetup, user: User, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await setup.connect(user);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** The sample site's pages whose published content an author may read, in tree order. Not among them: the unpublished
 *  upgrade-from-1-x, news/release-2-1 and roadmap folder (drafts only), and the two restricted administration pages. */
const PUBLISHED_PAGES = [
  '/',
  '/getting-started',
  '/getting-started/what-is-lumen',
  '/getting-started/system-requirements',
  '/getting-started/installation',
  '/getting-started/first-login',
  '/getting-started/faq',
  '/guides',
  '/guides/tracking-snippet',
  '/guides/dashboards',
  '/guides/dashboards/widgets',
  '/guides/dashboards/widgets/line-charts',
  '/guides/dashboards/widgets/funnel-widget',
  '/guides/dashboards/widgets/retention-cohorts',
  '/guides/dashboards/sharing-dashboards',
  '/guides/dashboards/scheduled-reports',
  '/guides/events-and-goals',
  '/guides/events-and-goals/custom-events',
  '/guides/events-and-goals/goals',
  '/guides/events-and-goals/faq',
  '/guides/privacy-mode',
  '/guides/data-retention',
  '/administration',
  '/administration/user-management',
  '/administration/reverse-proxy',
  '/administration/on-call-runbook',
  '/administration/debug-endpoints',
  '/reference',
  '/reference/configuration-file',
  '/reference/http-api',
  '/reference/cli',
  '/reference/style-guide',
  '/reference/glossary',
  '/news',
  '/news/lumen-cloud-beta',
  '/news/release-2-0',
  '/news/release-1-9',
  '/roadmap/ideas',
  '/archive/lumen-1-x-overview',
  '/archive/faq',
  '/changelog',
];

const searchUrls = async (client: Client, query: string, draft = false) =>
  (
    (await callJson(client, 'search_pages', { query, limit: 50, draft })).value as { results: Array<{ url: string }> }
  ).results.map((result) => result.url);

export function defineMcpSpec(test: Test, setup: () => McpSetup): void {
  test('lists the five tools, each with a description and a JSON schema of its arguments', async () => {
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((tool) => [
          tool.name,
          Object.keys(tool.inputSchema.properties ?? {}),
          tool.inputSchema.required ?? [],
        ]),
        [
          ['search_pages', ['query', 'limit', 'offset', 'draft'], ['query']],
          ['get_page', ['url', 'slug', 'draft', 'html'], []],
          ['get_navigation', ['url', 'depth', 'draft'], []],
          ['get_page_metadata', ['url'], ['url']],
          ['list_media', ['url'], []],
          ['get_changes', ['since', 'limit', 'cursor'], []],
        ],
      );
      for (const tool of tools) assert.ok((tool.description ?? '').length > 80, tool.name);
      assert.is(tools[0]?.inputSchema.type, 'object');
    });
  });

  test('calls each tool and answers from the snapshot', async () => {
    const markdown = (
      await readFile(join(setup().site, 'content', '00-getting-started', '00-what-is-lumen.md'), 'utf8')
    ).trim();
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      const search = (await callJson(client, 'search_pages', { query: 'docker image', limit: 1 })).value as {
        query: string;
        results: Array<Record<string, unknown>>;
      };
      assert.equal(
        search.results.map(({ score: _score, ...rest }) => rest),
        [
          {
            url: '/getting-started/installation',
            title: 'Installing Lumen',
            slug: 'installation',
            section: 'Installation',
            snippet:
              'There are two supported ways to install Lumen: the <mark>Docker</mark> <mark>image</mark> and the static binary. Both read the same configuration file.',
          },
        ],
      );
      const expectedPage = {
        url: '/getting-started/what-is-lumen',
        title: 'What is Lumen',
        slug: 'what-is-lumen',
        status: 'published',
        hidden: false,
        metadata: {
          title: 'What is Lumen',
          description:
            'Lumen is a small, fast, cookie-free analytics server that keeps all data on your own infrastructure.',
          author: 'Ada Lindqvist',
          owner: 'admin',
          created: '2024-01-15',
          modified: '2024-03-18',
        },
        markdown,
      };
      assert.equal((await callJson(client, 'get_page', { url: '/getting-started/what-is-lumen' })).value, expectedPage);
      assert.equal((await callJson(client, 'get_page', { slug: 'what-is-lumen' })).value, expectedPage);
      const withHtml = (await callJson(client, 'get_page', { url: '/getting-started/what-is-lumen', html: true }))
        .value as { html: string };
      assert.ok(
        withHtml.html.startsWith('<h1 id="h-what-is-lumen">What is Lumen</h1>\n<p>Lumen is a small'),
        withHtml.html.slice(0, 80),
      );
      const navigation = (await callJson(client, 'get_navigation', { url: '/getting-started', depth: 2 })).value as {
        navigation: Array<{ url: string; children?: Array<{ url: string }> }>;
      };
      assert.equal(
        navigation.navigation.map((node) => [node.url, (node.children ?? []).map((child) => child.url)]),
        [
          [
            '/getting-started',
            [
              '/getting-started/what-is-lumen',
              '/getting-started/system-requirements',
              '/getting-started/installation',
              '/getting-started/first-login',
              '/getting-started/faq',
            ],
          ],
        ],
      );
      const meta = (await callJson(client, 'get_page_metadata', { url: '/getting-started/what-is-lumen' })).value as {
        metadata: { meta: { title: string; owner: string } };
      };
      assert.equal([meta.metadata.meta.title, meta.metadata.meta.owner], ['What is Lumen', 'admin']);
      const resource = await client.readResource({ uri: 'snapi://page/getting-started/what-is-lumen' });
      assert.equal(resource.contents, [
        { uri: 'snapi://page/getting-started/what-is-lumen', mimeType: 'text/markdown', text: markdown },
      ]);
    });
  });

  test('hides a page restricted to editors from an author and shows it to an editor', async () => {
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      assert.equal(await callJson(client, 'get_page', { url: '/administration/backups' }), {
        error: true,
        value: 'You do not have enough rights. (HTTP 403)',
      });
      assert.equal(await callJson(client, 'get_page_metadata', { url: '/administration/backups' }), {
        error: true,
        value: 'You do not have enough rights. (HTTP 403)',
      });
      assert.equal((await searchUrls(client, 'backup create')).includes('/administration/backups'), false);
      const { resources } = await client.listResources();
      assert.equal(
        resources.some((resource) => resource.uri === 'snapi://page/administration/backups'),
        false,
      );
      assert.ok(resources.some((resource) => resource.uri === 'snapi://page/getting-started/installation'));
      await rejects(() => client.readResource({ uri: 'snapi://page/administration/backups' }));
    });
    await withClient(setup(), SAMPLE_USERS.editor, async (client) => {
      const page = (await callJson(client, 'get_page', { url: '/administration/backups' })).value as {
        title: string;
        metadata: { allowedrole: string };
      };
      assert.equal([page.title, page.metadata.allowedrole], ['Backups and Restore', 'editor']);
      assert.is((await searchUrls(client, 'backup create'))[0], '/administration/backups');
      const { resources } = await client.listResources();
      assert.ok(resources.some((resource) => resource.uri === 'snapi://page/administration/backups'));
    });
  });

  test("lists media with the paths to fetch them, the role a restricted file needs, and only a page's media for its url", async () => {
    type Media = { images: Array<Record<string, unknown>>; files: Array<Record<string, unknown>> };
    const withoutTimes = (list: Array<Record<string, unknown>>) =>
      list
        .map(({ timestamp: _timestamp, ...rest }) => rest)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    // MCP needs the author role (docs/mcp.md), above the media endpoints' contributor minimum.
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      const all = (await callJson(client, 'list_media', {})).value as Media;
      assert.equal(withoutTimes(all.images), [
        {
          name: 'dashboard-chart.png',
          path: '/media/live/dashboard-chart.png',
          thumbnail: '/media/thumbs/dashboard-chart.png',
        },
        { name: 'lumen-logo.svg', path: '/media/live/lumen-logo.svg', thumbnail: '/media/thumbs/lumen-logo.svg' },
      ]);
      assert.equal(
        withoutTimes(all.files).map((file) => [file.name, file.path, file.restriction]),
        [
          ['dashboard-overview.png', '/media/files/dashboard-overview.png', 'all'],
          ['incident-runbook.pdf', '/media/files/incident-runbook.pdf', 'editor'],
          ['launch-checklist.txt', '/media/files/launch-checklist.txt', 'all'],
          ['lumen-sample.toml', '/media/files/lumen-sample.toml', 'all'],
        ],
      );
      const page = (await callJson(client, 'list_media', { url: '/guides/dashboards' })).value as Media;
      assert.equal(
        [page.images.map((image) => image.name), page.files.map((file) => file.name)],
        [['dashboard-chart.png'], ['dashboard-overview.png']],
      );
      assert.equal(await callJson(client, 'list_media', { url: '/no/such/page' }), {
        error: true,
        value: 'page not found (HTTP 404)',
      });
    });
  });

  test('returns a draft only when draft is asked for', async () => {
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      assert.equal(await callJson(client, 'get_page', { url: '/getting-started/upgrade-from-1-x' }), {
        error: true,
        value: 'page not found (HTTP 404)',
      });
      const draft = (await callJson(client, 'get_page', { url: '/getting-started/upgrade-from-1-x', draft: true }))
        .value as { title: string; status: string; markdown: string };
      assert.equal(
        [draft.title, draft.status, draft.markdown.split('\n')[0]],
        ['Upgrading from Lumen 1.x', 'unpublished', '# Upgrading from Lumen 1.x'],
      );
      assert.equal(await searchUrls(client, 'helm'), []);
      assert.equal(await searchUrls(client, 'helm', true), ['/getting-started/installation']);
    });
  });

  test('answers bad arguments with MCP errors and keeps serving', async () => {
    await withClient(setup(), SAMPLE_USERS.author, async (client) => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['search_pages', {}, 'Input validation error'],
        ['search_pages', { query: 'x', limit: 0 }, 'Input validation error'],
        ['search_pages', { query: 'x', limit: 'ten' }, 'Input validation error'],
        [
          'search_pages',
          { query: Array.from({ length: 21 }, () => 'w').join(' ') },
          'Q must have at most 20 terms (HTTP 400)',
        ],
        ['get_page', {}, 'Give exactly one of url or slug.'],
        ['get_page', { url: '/a', slug: 'a' }, 'Give exactly one of url or slug.'],
        ['get_page', { url: '/no/such/page' }, 'page not found (HTTP 404)'],
        ['get_page', { slug: 'no-such-slug' }, 'page not found (HTTP 404)'],
        ['get_navigation', { depth: 0 }, 'Input validation error'],
        ['get_navigation', { url: '/nowhere' }, 'no page or folder with url /nowhere in the navigation (HTTP 404)'],
        ['get_page_metadata', { url: 5 }, 'Input validation error'],
        ['no_such_tool', {}, 'Tool no_such_tool not found'],
      ];
      for (const [name, args, message] of cases) {
        const result = await callJson(client, name, args);
        assert.ok(
          result.error && String(result.value).includes(message),
          `${name} ${JSON.stringify(args)}: ${String(result.value)}`,
        );
      }
      await rejects(() => client.readResource({ uri: 'snapi://page/%E0%A4%A' }));
      await rejects(() => client.readResource({ uri: 'snapi://page/no/such/page' }));
      assert.is((await searchUrls(client, 'docker'))[0], '/getting-started/installation');
    });
  });

  test('lists as resources exactly the published pages each caller may read: no unpublished page, no restricted one', async () => {
    // The caller's llms.txt comes first, then the pages.
    const uris = async (user: User) =>
      withClient(setup(), user, async (client) => {
        const listed = (await client.listResources()).resources.map((resource) => resource.uri);
        assert.is(listed[0], 'snapi://llms.txt');
        return listed.slice(1);
      });
    const author = await uris(SAMPLE_USERS.author);
    assert.equal(
      author,
      PUBLISHED_PAGES.map((url) => `snapi://page${url}`),
    );
    // backups: allowedrole editor; security-hardening: alloweduser editor1,admin, so not manager1 despite the higher
    // role.
    const withRestricted = (...extra: string[]) =>
      PUBLISHED_PAGES.flatMap((url) => (url === '/administration/user-management' ? [url, ...extra] : [url])).map(
        (url) => `snapi://page${url}`,
      );
    assert.equal(await uris(SAMPLE_USERS.manager), withRestricted('/administration/backups'));
    assert.equal(
      await uris(SAMPLE_USERS.editor),
      withRestricted('/administration/backups', '/administration/security-hardening'),
    );
  });

  test("the llms.txt resource is the caller's own llms.txt: restricted pages only for those who may read them", async () => {
    const llmsTxt = (user: User) =>
      withClient(setup(), user, async (client) => {
        const [content] = (await client.readResource({ uri: 'snapi://llms.txt' })).contents;
        return String((content as { text?: unknown } | undefined)?.text);
      });
    const author = await llmsTxt(SAMPLE_USERS.author);
    const editor = await llmsTxt(SAMPLE_USERS.editor);
    assert.ok(author.startsWith('# Lumen Documentation\n\n## Overview\n\n- [Lumen Documentation]('), author);
    assert.match(author, '/getting-started/installation.md): Install Lumen');
    assert.not.match(author, '/administration/backups.md');
    assert.match(editor, '/administration/backups.md');
    assert.match(editor, '/administration/security-hardening.md');
  });

  test('every tool and resource answers the published version of a page whose draft differs; the draft only with draft: true', async () => {
    const current = setup();
    const published = (
      await readFile(join(current.site, 'content', '00-getting-started', '02-installation.md'), 'utf8')
    ).trim();
    const draftBlocks = JSON.parse(
      await readFile(join(current.site, 'content', '00-getting-started', '02-installation.txt'), 'utf8'),
    ) as string[];
    const draft = draftBlocks.map((block) => block.replace(/\n+$/, '')).join('\n\n');
    const folderPublished = (
      await readFile(join(current.site, 'content', '02-administration', 'index.md'), 'utf8')
    ).trim();
    // The fixture holds: a test that read the draft instead would see other text.
    assert.ok(
      published.includes('lumenanalytics/lumen:2.0') &&
        draft.includes('lumenanalytics/lumen:2.1') &&
        !draft.includes('lumen:2.0'),
    );
    await withClient(current, SAMPLE_USERS.author, async (client) => {
      const page = async (args: Record<string, unknown>) => {
        const value = (await callJson(client, 'get_page', args)).value as {
          url: string;
          title: string;
          status: string;
          markdown: string;
        };
        return [value.url, value.title, value.status, value.markdown];
      };
      const expected = ['/getting-started/installation', 'Installing Lumen', 'modified'];
      assert.equal(await page({ url: '/getting-started/installation' }), [...expected, published]);
      assert.equal(await page({ slug: 'installation' }), [...expected, published]);
      assert.equal(await page({ url: '/getting-started/installation', draft: false }), [...expected, published]);
      assert.equal(await page({ url: '/getting-started/installation', draft: true }), [...expected, draft]);
      assert.equal((await client.readResource({ uri: 'snapi://page/getting-started/installation' })).contents, [
        { uri: 'snapi://page/getting-started/installation', mimeType: 'text/markdown', text: published },
      ]);
      assert.equal((await client.readResource({ uri: 'snapi://page/administration' })).contents, [
        { uri: 'snapi://page/administration', mimeType: 'text/markdown', text: folderPublished },
      ]);
      await rejects(() => client.readResource({ uri: 'snapi://page/getting-started/upgrade-from-1-x' }));
      assert.equal(await searchUrls(client, 'helm'), []);
      assert.equal(await searchUrls(client, 'helm', true), ['/getting-started/installation']);
      const children = async (draftAsked: boolean) => {
        const outline = (
          await callJson(client, 'get_navigation', { url: '/getting-started', depth: 2, draft: draftAsked })
        ).value as { navigation: Array<{ children?: Array<{ url: string; status: string }> }> };
        return (outline.navigation[0]?.children ?? []).map((child) => `${child.url} ${child.status}`);
      };
      const live = [
        'what-is-lumen published',
        'system-requirements published',
        'installation modified',
        'first-login published',
        'faq published',
      ].map((entry) => `/getting-started/${entry}`);
      assert.equal(await children(false), live);
      assert.equal(await children(true), [...live, '/getting-started/upgrade-from-1-x unpublished']);
    });
  });

  test('a page restricted to named users is absent for a caller outside the list, even one of a higher role', async () => {
    const forbidden = { error: true, value: 'You do not have enough rights. (HTTP 403)' };
    await withClient(setup(), SAMPLE_USERS.manager, async (client) => {
      assert.equal(await callJson(client, 'get_page', { url: '/administration/security-hardening' }), forbidden);
      assert.equal(
        await callJson(client, 'get_page', { url: '/administration/security-hardening', draft: true }),
        forbidden,
      );
      // article/items names only pages the caller may read, so by slug the page does not exist for them.
      assert.equal(await callJson(client, 'get_page', { slug: 'security-hardening' }), {
        error: true,
        value: 'page not found (HTTP 404)',
      });
      assert.equal(
        await callJson(client, 'get_page_metadata', { url: '/administration/security-hardening' }),
        forbidden,
      );
      assert.equal(
        (await searchUrls(client, 'hardening checklist')).includes('/administration/security-hardening'),
        false,
      );
      assert.equal(
        (await searchUrls(client, 'hardening checklist', true)).includes('/administration/security-hardening'),
        false,
      );
      await rejects(() => client.readResource({ uri: 'snapi://page/administration/security-hardening' }));
    });
    await withClient(setup(), SAMPLE_USERS.editor, async (client) => {
      const page = (await callJson(client, 'get_page', { url: '/administration/security-hardening' })).value as {
        title: string;
        metadata: { alloweduser: string };
      };
      assert.equal([page.title, page.metadata.alloweduser], ['Security Hardening Checklist', 'editor1,admin']);
      assert.is((await searchUrls(client, 'hardening checklist'))[0], '/administration/security-hardening');
      const resource = await client.readResource({ uri: 'snapi://page/administration/security-hardening' });
      assert.is((resource.contents[0] as { text: string }).text.split('\n')[0], '# Security Hardening');
    });
  });

  test('answers from a new snapshot published while a session is open', async () => {
    const current = setup();
    await withClient(current, SAMPLE_USERS.author, async (client) => {
      assert.equal(await searchUrls(client, 'quokka'), []);
      await writeFile(
        join(current.site, 'content', '08-quokka.md'),
        '# Quokka Facts\n\nThe quokka is a small marsupial.\n',
      );
      await current.rebuild();
      let found: string[] = [];
      for (let attempt = 0; attempt < 50 && found.length === 0; attempt++) {
        found = await searchUrls(client, 'quokka');
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(found, ['/quokka']);
      assert.is(
        ((await callJson(client, 'get_page', { url: '/quokka' })).value as { markdown: string }).markdown,
        '# Quokka Facts\n\nThe quokka is a small marsupial.',
      );
    });
  });
}
