// The MCP server: five tools and one resource per page, answered through the API's own endpoints for the caller's user.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import type { ServingState } from '../snapshot/serving-state.ts';
import { callEndpoint, endpointText } from './endpoint-call.ts';
import type { EndpointResult } from './endpoint-call.ts';
import { registerMediaTool } from './media-tool.ts';
import { registerChangesTool } from './changes-tool.ts';
import {
  blocksOf,
  firstItemUrl,
  joinMarkdown,
  metadataSummary,
  navigationOutline,
  navigationUrls,
  pageTitle,
} from './page-views.ts';

export const MCP_SERVER_INFO = { name: 'snapi', version: '0.1.0' } as const;
export const PAGE_URI_TEMPLATE = 'snapi://page{+url}';
export const LLMS_TXT_URI = 'snapi://llms.txt';

/** Per call: the snapshot being served and the user the server acts for (checked like Basic auth). */
export interface McpContext {
  state(): ServingState;
  user(): Promise<AuthenticatedUser>;
}

/** A tool failure the model can read and act on; the SDK turns thrown errors into `isError` results. */
class ToolError extends Error {}

function unwrap(result: EndpointResult): unknown {
  if (!result.ok) throw new ToolError(`${result.message} (HTTP ${result.status})`);
  return result.value;
}

const asText = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});
const flag = (value: boolean | undefined) => (value ? 'true' : undefined);

const DESCRIPTIONS = {
  search_pages:
    'Full-text search over the documentation pages this user may read. Returns {query,total,results:[{url,title,slug,section,snippet,score}]}, best first; snippets are HTML-escaped text with matched words in <mark>…</mark>. The last word matches as a prefix; words of 5+ letters tolerate one typo. Use get_page with a result url to read the whole page.',
  get_page:
    'Reads one documentation page by its url (e.g. "/getting-started/installation") or its slug (e.g. "installation"): title, a metadata summary and the page markdown, optionally the rendered HTML. Give exactly one of url or slug. With draft=true the unpublished draft is returned where one exists.',
  get_navigation:
    "The documentation's page tree as an outline (title, url, slug, type, status, hidden, children). Optionally only the subtree at url, and only depth levels deep (default 2). With draft=true unpublished pages are included.",
  get_page_metadata:
    'All metadata fields of one page by url (title, description, author, dates, access restrictions, plugin fields), as the article/meta endpoint returns them.',
} as const;

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {}, resources: {} } });
  const call = async (endpoint: Parameters<typeof callEndpoint>[0], parameters: Record<string, string | undefined>) =>
    callEndpoint(endpoint, parameters, await context.user(), context.state().snapshot);

  server.registerTool(
    'search_pages',
    {
      description: DESCRIPTIONS.search_pages,
      inputSchema: {
        query: z.string().min(1).max(200).describe('Words to search for; at most 20 words and 200 characters.'),
        limit: z.number().int().min(1).max(50).optional().describe('Results to return, 1–50 (default 10).'),
        offset: z.number().int().min(0).optional().describe('Results to skip, for paging (default 0).'),
        draft: z.boolean().optional().describe('Search drafts and unpublished pages instead of published content.'),
      },
    },
    async ({ query, limit, offset, draft }) =>
      asText(
        unwrap(
          await call('search', {
            q: query,
            limit: limit === undefined ? undefined : String(limit),
            offset: offset === undefined ? undefined : String(offset),
            draft: flag(draft),
          }),
        ),
      ),
  );

  server.registerTool(
    'get_page',
    {
      description: DESCRIPTIONS.get_page,
      inputSchema: {
        url: z.string().min(1).max(2000).optional().describe('The page URL path, as in search results.'),
        slug: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe('The page slug (last URL segment); the first page with it is returned.'),
        draft: z.boolean().optional().describe('Return the draft version where one exists.'),
        html: z.boolean().optional().describe('Also return the rendered HTML.'),
      },
    },
    async ({ url, slug, draft, html }) => {
      if ((url === undefined) === (slug === undefined)) throw new ToolError('Give exactly one of url or slug.');
      const pageUrl = url ?? firstItemUrl(unwrap(await call('items', { slug })));
      if (pageUrl === undefined) throw new ToolError('page not found (HTTP 404)');
      const content = unwrap(await call('content', { url: pageUrl, draft: flag(draft) }));
      const meta = unwrap(await call('meta', { url: pageUrl }));
      const item = unwrap(await call('item', { url: pageUrl })) as {
        item?: { urlRelWoF?: unknown; slug?: unknown; status?: unknown; hide?: unknown };
      };
      const blocks = blocksOf(content);
      return asText({
        url: item.item?.urlRelWoF ?? pageUrl,
        title: pageTitle(meta, blocks, item),
        slug: item.item?.slug ?? '',
        status: item.item?.status ?? 'published',
        hidden: item.item?.hide === true,
        metadata: metadataSummary(meta),
        markdown: joinMarkdown(blocks),
        ...(html ? { html: blocks.map((block) => block.html).join('\n') } : {}),
      });
    },
  );

  server.registerTool(
    'get_navigation',
    {
      description: DESCRIPTIONS.get_navigation,
      inputSchema: {
        url: z.string().min(1).max(2000).optional().describe('Only the subtree of this folder or page URL.'),
        depth: z.number().int().min(1).max(20).optional().describe('Levels to include, 1–20 (default 2).'),
        draft: z.boolean().optional().describe('Include unpublished pages and folders.'),
      },
    },
    async ({ url, depth, draft }) => {
      const outline = navigationOutline(unwrap(await call('navigation', { draft: flag(draft) })), url, depth ?? 2);
      if (outline === undefined) throw new ToolError(`no page or folder with url ${url} in the navigation (HTTP 404)`);
      return asText({ navigation: outline });
    },
  );

  server.registerTool(
    'get_page_metadata',
    {
      description: DESCRIPTIONS.get_page_metadata,
      inputSchema: { url: z.string().min(1).max(2000).describe('The page URL path.') },
    },
    async ({ url }) => asText(unwrap(await call('meta', { url }))),
  );

  registerMediaTool(server, call, () => context.state().snapshot.basePath, unwrap);
  registerChangesTool(server, call, unwrap);

  server.registerResource(
    'llms.txt',
    LLMS_TXT_URI,
    {
      description: "The site's pages this user may read, as llms.txt (llmstxt.org): titles, descriptions, .md links.",
      mimeType: 'text/plain',
    },
    async (uri) => {
      const text = await endpointText('llmsTxt', {}, await context.user(), context.state().snapshot);
      if (!text.ok) throw new ToolError(`${text.message} (HTTP ${text.status})`);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: text.value }] };
    },
  );

  server.registerResource(
    'page',
    new ResourceTemplate(PAGE_URI_TEMPLATE, {
      list: async () => {
        const user = await context.user();
        const { snapshot } = context.state();
        const navigation = unwrap(await callEndpoint('navigation', { draft: 'true' }, user, snapshot));
        const resources = [];
        // Listed: the pages whose published content this user may read, each checked as article/content would.
        for (const url of navigationUrls(navigation)) {
          const content = await callEndpoint('content', { url }, user, snapshot);
          if (!content.ok) continue;
          const meta = await callEndpoint('meta', { url }, user, snapshot);
          resources.push({
            uri: `snapi://page${url}`,
            name: pageTitle(meta.ok ? meta.value : undefined, blocksOf(content.value), undefined) || url,
            mimeType: 'text/markdown',
          });
        }
        return { resources };
      },
    }),
    {
      description: 'The markdown of one documentation page; the URI is snapi://page followed by the page URL.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const raw = variables.url;
      const url = decodeURIComponent(Array.isArray(raw) ? raw.join(',') : String(raw ?? ''));
      const content = unwrap(await call('content', { url }));
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: joinMarkdown(blocksOf(content)) }] };
    },
  );

  return server;
}
