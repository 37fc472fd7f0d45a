// What the OpenAPI document says before and around its paths: info, servers, security, tags and shared components.
import type { ParameterDoc } from './parameter-doc.ts';
import type { JsonObject } from './json.ts';

export const OPENAPI_VERSION = '3.1.0';

export const INFO: JsonObject = {
  title: 'snapi — Typemill read API',
  version: '1.0.0',
  summary: 'Page tree, page blocks, metadata, lookups, settings, menus and user records of a Typemill site.',
  description: [
    'Every endpoint answers `GET` and `HEAD` with `application/json; charset=utf-8`, under `/api/v1/` and under ' +
      "`<base path>/api/v1/` when the site's base URL has a sub-path. A trailing slash is optional; paths are " +
      "case-sensitive. Bodies are byte for byte what Typemill's `json_encode` gives (`\\/`, `\\uXXXX`).",
    'The gateway decides in this order, the first match answers: not an API route (404), method other than ' +
      'GET/HEAD (405), address not trusted (403), too many failed logins (429), no credentials (401), wrong ' +
      'credentials (401), role too low (403), parameter missing or invalid (400), page not found (404), else 200 ' +
      'or 304.',
    'Responses carry a strong `ETag`; send it back in `If-None-Match` for a 304. `Accept-Encoding: br` or ' +
      '`gzip` gets a precompressed body.',
  ].join('\n\n'),
  license: { name: 'MIT', identifier: 'MIT' },
};

export const SERVERS: readonly JsonObject[] = [
  {
    url: '{origin}{basePath}',
    description: "A snapi gateway; `basePath` is the installation sub-path of the site's base URL, if any.",
    variables: { origin: { default: 'http://127.0.0.1:8080' }, basePath: { default: '' } },
  },
];

/** Every operation needs Basic credentials unless it says otherwise (media files, health, this document). */
export const SECURITY: readonly JsonObject[] = [{ basicAuth: [] }];

export const SECURITY_SCHEMES: JsonObject = {
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description:
      'A user of `settings/users/` whose `apiaccess` is true. Unknown users and wrong passwords get the same 401 ' +
      'after the same time.',
  },
};

/** The groups operations are listed under, in order; each operation names one. */
export const TAGS = {
  content: 'The page tree and the pages (minimum role member for navigation, author for article/*).',
  system: 'Settings and the author-interface menus.',
  users: 'User records (administrator only; never cached).',
  media:
    "Typemill's media library (minimum role contributor) and the media files themselves (public, or as " +
    '`filerestrictions.yaml` says).',
  service: 'Health and this document; no credentials, subject to the trusted addresses.',
} as const;
export type TagName = keyof typeof TAGS;

export const HEADERS: JsonObject = {
  ETag: {
    description: 'Strong content hash of the identity body.',
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]+"$' },
  },
};
export const ETAG_HEADER: JsonObject = { ETag: { $ref: '#/components/headers/ETag' } };

/** The prose of the table's shared parameters (SHARED_PARAMETERS), described once as components/parameters. */
export const SHARED_PARAMETER_DOCS: Readonly<Record<string, ParameterDoc>> = {
  url: {
    description:
      'Relative URL of the page. Leading and trailing slashes are ignored, `tm/content/visual` and ' +
      '`tm/content/raw` prefixes are removed, `/` is the home page. Exact and case-sensitive.',
    example: '/getting-started/installation',
  },
  draft: { description: '`true` or `1` asks for the draft version; any other value for the published one.' },
};
