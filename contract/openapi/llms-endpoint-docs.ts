// What the document says about the AI files beside their table entries (docs/ai.md).
import type { EndpointName } from '../endpoints.ts';
import { MARKDOWN_CONTENT_TYPE, TEXT_CONTENT_TYPE } from '../endpoints.ts';
import type { EndpointDoc } from './doc-shapes.ts';

const PUBLIC_NOTE =
  'Without credentials: 401, unless the gateway runs with `serve --public-llms`; then the public view (published ' +
  'pages without `allowedrole` or `alloweduser`, never hidden, noindex or drafts), answered `public, no-cache`.';

export const LLMS_DOCS = {
  llmsTxt: {
    tag: 'content',
    operationId: 'getLlmsTxt',
    summary: 'The pages the caller may read as an llms.txt index (llmstxt.org)',
    description:
      '`# <site title>`, `> <description>`, `## Overview` (home and top-level pages), then one `## <folder>` per ' +
      'top-level folder; each line `- [title](<absolute url>.md): description`. Listed: every page whose ' +
      `\`article/content\` answers 200 to the caller, neither hidden nor noindex. ${PUBLIC_NOTE}`,
    success: { description: 'The index.', text: TEXT_CONTENT_TYPE },
    notFound: 'NotFound',
  },
  llmsFullTxt: {
    tag: 'content',
    operationId: 'getLlmsFullTxt',
    summary: 'Every page llms.txt lists, whole, in the same order',
    description:
      'For each page: `# <title>`, `Source: <absolute url>`, its markdown, each part followed by a blank line. ' +
      `Streamed; identity or gzip, never brotli. ${PUBLIC_NOTE}`,
    success: { description: 'The pages.', text: TEXT_CONTENT_TYPE },
    notFound: 'NotFound',
  },
  pageMarkdown: {
    tag: 'content',
    operationId: 'getPageMarkdown',
    summary: "A page's markdown: its article/content blocks one blank line apart",
    description:
      'The path is the page URL followed by `.md`; the home page is `/index.md`. With `draft=true`, the draft as ' +
      `\`article/content\` gives it. ${PUBLIC_NOTE} The public view has only the pages its llms.txt lists.`,
    pathParameters: { url: 'The page URL without its leading slash (it may hold slashes), e.g. `guides/faq`.' },
    success: { description: 'The markdown.', text: MARKDOWN_CONTENT_TYPE },
    forbidden: 'ForbiddenOrRestricted',
    notFound: 'NotFound',
  },
} satisfies Partial<Record<EndpointName, EndpointDoc>>;
