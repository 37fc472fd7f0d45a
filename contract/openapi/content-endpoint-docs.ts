// What the document says about the content endpoints beside their table entries: the tree, pages and search.
import { SEARCH_LIMITS } from '../endpoints.ts';
import type { EndpointName } from '../endpoints.ts';
import type { EndpointDoc } from './doc-shapes.ts';
import { bodyObject, schemaRef } from './json.ts';

const { maxQueryLength, maxTerms, maxLimit, defaultLimit } = SEARCH_LIMITS;

export const CONTENT_DOCS = {
  navigation: {
    tag: 'content',
    operationId: 'getNavigation',
    summary: 'The page tree',
    description:
      'Without `draft`, the published tree (hidden and unpublished items left out, their keys ' +
      'kept); with `draft=true`, every item.',
    success: {
      description: 'The tree, folders carry their children in `folderContent`.',
      body: bodyObject({ navigation: { type: 'array', items: schemaRef('TreeItem') } }),
    },
    notFound: 'NotFound',
  },
  content: {
    tag: 'content',
    operationId: 'getArticleContent',
    summary: 'The blocks of a page, markdown and HTML',
    description: 'With `draft=true`, the draft version when the page has one, else the published one.',
    success: {
      description: 'One block per markdown block, in order.',
      body: bodyObject({ content: { type: 'array', items: schemaRef('ContentBlock') } }),
    },
    forbidden: 'ForbiddenOrRestricted',
    notFound: 'NotFound',
  },
  meta: {
    tag: 'content',
    operationId: 'getArticleMeta',
    summary: 'The metadata of a page, one object per meta tab',
    success: {
      description: 'Tab name → field name → value.',
      body: bodyObject({ metadata: schemaRef('Metadata') }),
    },
    forbidden: 'ForbiddenOrRestricted',
    notFound: 'NotFound',
  },
  item: {
    tag: 'content',
    operationId: 'getArticleItem',
    summary: 'One item by relative URL, a folder with its whole draft subtree',
    success: {
      description: 'The item from the draft tree; `url=/` gives the home item.',
      body: bodyObject({ item: schemaRef('Item') }),
    },
    forbidden: 'ForbiddenOrRestricted',
    notFound: 'NotFound',
  },
  items: {
    tag: 'content',
    operationId: 'getArticleItems',
    summary: 'Every item with a slug, in tree order',
    description: 'Items the caller may not read (`allowedrole`, `alloweduser`) are left out; none left is a 404.',
    parameters: { slug: { description: 'The slug, exact and case-sensitive.', example: 'faq' } },
    success: {
      description: 'The matching items.',
      body: bodyObject({ items: { type: 'array', minItems: 1, items: schemaRef('TreeItem') } }),
    },
    notFound: 'NotFound',
  },
  search: {
    tag: 'content',
    operationId: 'searchPages',
    summary: 'Full-text search over the pages the caller may read',
    description:
      "Ranked results from the snapshot's search index, built at build time. Visibility follows `article/content`: " +
      'without `draft` only published content is searched, with `draft=true` drafts (and published pages without a ' +
      'draft); pages whose `allowedrole`/`alloweduser` exclude the caller are never found; hidden pages are found. ' +
      'Title and headings weigh more than body text; the last word also matches as a prefix; words of five or more ' +
      'letters tolerate one typo; the site `language` chooses stemming and stop words. Every character other than ' +
      'letters and digits only separates words, so query syntax and regular-expression characters are plain text.',
    parameters: {
      q: {
        description: `The words to search for; at most ${maxQueryLength} characters and ${maxTerms} words.`,
        example: 'install docker',
      },
      limit: {
        description: `Results per page, an integer from 1 to ${maxLimit}; default ${defaultLimit}.`,
      },
      offset: { description: 'Results to skip, a non-negative integer; default 0.' },
    },
    success: {
      description: 'The matching pages, best first, and how many there are in all.',
      body: schemaRef('SearchResults'),
    },
    badRequest: {
      description:
        `\`q\` missing or blank (\`Q is required\`), over ${maxQueryLength} characters or ${maxTerms} ` +
        `words; \`limit\` not an integer from 1 to ${maxLimit}; \`offset\` not a non-negative integer.`,
      content: {
        'application/json': {
          schema: schemaRef('ValidationError'),
          example: { message: 'Q is required', errors: { q: 'Q is required' } },
        },
      },
    },
    notFound: 'NotFound',
  },
} satisfies Partial<Record<EndpointName, EndpointDoc>>;
