// The shapes of the search answer and the health check.
import { type JsonObject, schemaRef } from './json.ts';

export const SERVICE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  SearchResults: {
    type: 'object',
    required: ['query', 'total', 'results'],
    additionalProperties: false,
    properties: {
      query: { type: 'string', description: '`q` as given.' },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'All matches the caller may see, before `limit` and `offset`.',
      },
      results: {
        type: 'array',
        items: {
          type: 'object',
          required: ['url', 'title', 'slug', 'section', 'snippet', 'score'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', description: 'The page URL, for `article/content?url=`.' },
            title: {
              type: 'string',
              description: 'The meta title, else the first heading, else the item name.',
            },
            slug: { type: 'string', description: 'The page slug (`""` for the home page).' },
            section: {
              type: ['string', 'null'],
              description: 'The heading above the best-matching text; null before the first heading.',
            },
            snippet: {
              type: 'string',
              description:
                'Plain text, HTML-escaped (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`), with each matched ' +
                'word wrapped in `<mark>`…`</mark>`; `…` marks a cut.',
            },
            score: {
              type: 'number',
              minimum: 0,
              description: 'Relevance (BM25 with field weights); only comparable within one answer.',
            },
          },
        },
      },
    },
  },
  Health: {
    type: 'object',
    required: ['status', 'snapshot', 'builtAt', 'counts'],
    additionalProperties: false,
    properties: {
      status: { const: 'ok' },
      snapshot: { type: 'string' },
      builtAt: { type: 'string', format: 'date-time' },
      follow: schemaRef('FollowStatus'),
      counts: {
        type: 'object',
        required: ['pages', 'folders', 'drafts', 'users', 'responses', 'bytes'],
        properties: {
          pages: { type: 'integer' },
          folders: { type: 'integer' },
          drafts: { type: 'integer' },
          users: { type: 'integer' },
          responses: { type: 'integer' },
          bytes: { type: 'integer' },
        },
      },
    },
  },
  HealthWaiting: {
    type: 'object',
    required: ['status', 'message'],
    additionalProperties: false,
    properties: {
      status: { const: 'waiting' },
      message: { type: 'string' },
      follow: schemaRef('FollowStatus'),
    },
  },
  FollowStatus: {
    description: 'Only on a gateway started with `serve --from s3://BUCKET/PREFIX`.',
    type: 'object',
    required: ['source', 'snapshot', 'lastCheck', 'lastSuccess', 'lagSeconds', 'error'],
    additionalProperties: false,
    properties: {
      source: { type: 'string', description: 'The followed location, `s3://BUCKET/PREFIX`.' },
      snapshot: {
        type: ['string', 'null'],
        description: "The snapshot id the gateway's cache holds as current.",
      },
      lastCheck: { type: ['string', 'null'], format: 'date-time' },
      lastSuccess: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'The last time the cache was confirmed to hold what the pointer names.',
      },
      lagSeconds: { type: ['integer', 'null'], description: 'Seconds since lastSuccess.' },
      error: {
        type: ['string', 'null'],
        description: 'The last problem reaching or reading the store, or null.',
      },
    },
  },
};
