// The API as data, one entry per endpoint: path, minimum role, parameters and the snapshot keys behind it. The
// generator writes bodies under these keys; the gateway binds an answer to each entry (gateway/api/endpoints.ts);
// routing, the change report, the OpenAPI check, the client and the endpoint tests read the same entries.
import type { Role } from './snapshot.ts';

/** The snapshot index entry holding the search index (not an API route: only the search endpoint reads it). */
export const SEARCH_INDEX_KEY = 'search:index';
/** The prefix of the search index's shards (`search:shard:0`, …), which the entry above names by count. */
export const SEARCH_SHARD_PREFIX = 'search:shard';

export type ValueKind = 'none' | 'url' | 'slug' | 'role' | 'email' | 'name' | 'path';

/** One kind of snapshot key: `content:live:/guides/faq` is kind `content:live` with the value `/guides/faq`. */
export interface KeyKind {
  prefix: string;
  value: ValueKind;
  /** The query string (without `?`) of the request that reaches this key's body; undefined: never cached, never purged. */
  query?: (value: string) => string;
  /** Applied to the value before it becomes part of a key. */
  normalize?: (value: string) => string;
  /** How a changed key shows in the change report's page list: `item` keys also mark pages added and removed. */
  page?: 'item' | 'part';
}

/** One query parameter and its rules: the gateway validates every request by them, in table order, first failure
 *  wins, before the endpoint's answer runs (gateway/api/parameters.ts); the messages are Typemill's. */
export interface Parameter {
  /** As written in the query string; a list is written `name[]` and repeated. */
  name: string;
  required: boolean;
  /** `flag`: on for `true` or `1`, off otherwise; `text`; `integer` (digits only); `list` (`name[]`); `role`: one of
   *  the roles; `email`: an address of at most 254 characters. */
  kind: 'flag' | 'text' | 'integer' | 'list' | 'role' | 'email';
  /** When a required value is missing: `blank` (absent or only whitespace: Typemill's API validator, the default) or
   *  `falsy` (absent, empty or "0": PHP's `!$value` in Typemill's media controllers). */
  missingWhen?: 'blank' | 'falsy';
  /** The 400 for a missing value, and whether its body carries Typemill's `errors` map (default) or only the message. */
  missing?: { message: string; errors: boolean };
  /** The 400 for a value that breaks the kind or the limits (with `errors`). */
  invalid?: string;
  /** `text`: at most this many characters (else `invalid`), and at most `maxWords.limit` words as search splits them. */
  maxLength?: number;
  maxWords?: { limit: number; message: string };
  /** `integer`: bounds and the value when absent. */
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** A path the gateway answers, with the snapshot keys behind it. */
export interface Route {
  /** Matched exactly, with or without a trailing slash, also under the installation's base path. */
  path: string;
  /** Typemill's own clients write this path with a trailing slash; purge paths do too. */
  trailingSlash?: true;
  parameters: readonly Parameter[];
  keys: Readonly<Record<string, KeyKind>>;
}

export interface EndpointSpec extends Route {
  minRole: Role;
  /** Resource and privilege named in the 403 message for a role below the minimum. */
  resource: string;
  privilege: string;
  cacheControl: string;
  /** Methods other than GET and HEAD (the MCP endpoint: POST only). */
  methods?: readonly string[];
}

const SHARED_CACHE = 'private, no-cache';
const USER_CACHE = 'private, no-store';

/** Query values as a client would write them: `/` stays readable, everything else is percent-encoded. */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/g, '/');
}

/** Typemill's validator's message: `Url is required`, `Usernames is required`. */
const requiredMessage = (name: string) => ({
  message: `${name[0]!.toUpperCase()}${name.slice(1)} is required`,
  errors: true,
});
const URL_PARAMETER: Parameter = { name: 'url', required: true, kind: 'text', missing: requiredMessage('url') };
const DRAFT_PARAMETER: Parameter = { name: 'draft', required: false, kind: 'flag' };
/** Typemill's media controllers answer a missing name with a plain message (docs/typemill.md: Media). */
const mediaName = (message: string): Parameter => ({
  name: 'name',
  required: true,
  kind: 'text',
  missingWhen: 'falsy',
  missing: { message, errors: false },
});
export const SEARCH_LIMITS = { maxQueryLength: 200, maxTerms: 20, defaultLimit: 10, maxLimit: 50 } as const;

const KEY_TABLE = {
  navigationLive: { prefix: 'navigation:live', value: 'none', query: () => '' },
  navigationDraft: { prefix: 'navigation:draft', value: 'none', query: () => 'draft=true' },
  contentLive: { prefix: 'content:live', value: 'url', query: (url) => `url=${queryValue(url)}`, page: 'part' },
  contentDraft: {
    prefix: 'content:draft',
    value: 'url',
    query: (url) => `url=${queryValue(url)}&draft=true`,
    page: 'part',
  },
  meta: { prefix: 'meta', value: 'url', query: (url) => `url=${queryValue(url)}`, page: 'part' },
  item: { prefix: 'item', value: 'url', query: (url) => `url=${queryValue(url)}`, page: 'item' },
  items: { prefix: 'items', value: 'slug', query: (slug) => `slug=${queryValue(slug)}` },
  settings: { prefix: 'settings', value: 'none', query: () => '' },
  // One body per role; every role's answer is reached by the same request path.
  mainnavi: { prefix: 'mainnavi', value: 'role', query: () => '' },
  systemnavi: { prefix: 'systemnavi', value: 'role', query: () => '' },
  // User answers are never cached (`no-store`), so they have no path to purge.
  usersByRole: { prefix: 'users:role', value: 'role' },
  usersByEmail: { prefix: 'users:email', value: 'email', normalize: (email) => email.toLowerCase() },
  noUsers: { prefix: 'users:none', value: 'none' },
  openapi: { prefix: 'openapi', value: 'none', query: () => '' },
  // Never served as a body; any search answer may change with it, so its purge path is a prefix.
  searchIndex: { prefix: SEARCH_INDEX_KEY, value: 'none', query: () => '' },
  // One body per shard of the search index, its number the value; never served, purged as the index is.
  searchShard: { prefix: SEARCH_SHARD_PREFIX, value: 'name', query: () => '' },
  images: { prefix: 'images', value: 'none', query: () => '' },
  image: { prefix: 'image', value: 'name', query: (name) => `name=${queryValue(name)}` },
  files: { prefix: 'files', value: 'none', query: () => '' },
  file: { prefix: 'file', value: 'name', query: (name) => `name=${queryValue(name)}` },
  pageMedia: { prefix: 'pagemedia', value: 'path', query: (path) => `path=${queryValue(path)}` },
  fileRestriction: {
    prefix: 'filerestrictions',
    value: 'path',
    query: (filename) => `filename=${queryValue(filename)}`,
  },
  noFileRestriction: { prefix: 'filerestrictions-none', value: 'none', query: () => '' },
  // The media files themselves, reached by path (gateway/media/media-path.ts); answered `no-cache`, so never purged.
  mediaLive: { prefix: 'media:live', value: 'name' },
  mediaThumbs: { prefix: 'media:thumbs', value: 'name' },
  mediaFiles: { prefix: 'media:files', value: 'name' },
} satisfies Record<string, KeyKind>;

/** The keys the generator writes, by name: `KEYS.contentLive`. */
export const KEYS: Readonly<Record<keyof typeof KEY_TABLE, KeyKind>> = KEY_TABLE;
const KEY = KEYS;

export type EndpointName =
  | 'navigation'
  | 'content'
  | 'meta'
  | 'item'
  | 'items'
  | 'settings'
  | 'mainnavi'
  | 'systemnavi'
  | 'usersByNames'
  | 'usersByRole'
  | 'usersByEmail'
  | 'search'
  | 'images'
  | 'image'
  | 'files'
  | 'file'
  | 'pageMedia'
  | 'fileRestrictions';

export const ENDPOINT_SPECS: Readonly<Record<EndpointName, EndpointSpec>> = {
  navigation: {
    path: '/api/v1/navigation',
    minRole: 'member',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [DRAFT_PARAMETER],
    keys: { live: KEY.navigationLive, draft: KEY.navigationDraft },
  },
  content: {
    path: '/api/v1/article/content',
    minRole: 'author',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [URL_PARAMETER, DRAFT_PARAMETER],
    keys: { live: KEY.contentLive, draft: KEY.contentDraft },
  },
  meta: {
    path: '/api/v1/article/meta',
    minRole: 'author',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [URL_PARAMETER],
    keys: { meta: KEY.meta },
  },
  item: {
    path: '/api/v1/article/item',
    minRole: 'author',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [URL_PARAMETER],
    keys: { item: KEY.item },
  },
  items: {
    path: '/api/v1/article/items',
    minRole: 'author',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [{ name: 'slug', required: true, kind: 'text', missing: requiredMessage('slug') }],
    keys: { items: KEY.items },
  },
  settings: {
    path: '/api/v1/settings',
    trailingSlash: true,
    minRole: 'manager',
    resource: 'system',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [],
    keys: { settings: KEY.settings },
  },
  mainnavi: {
    path: '/api/v1/mainnavi',
    trailingSlash: true,
    minRole: 'member',
    resource: 'account',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [],
    keys: { mainnavi: KEY.mainnavi },
  },
  systemnavi: {
    path: '/api/v1/systemnavi',
    trailingSlash: true,
    minRole: 'member',
    resource: 'account',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [],
    keys: { systemnavi: KEY.systemnavi },
  },
  usersByNames: {
    path: '/api/v1/users/getbynames',
    minRole: 'administrator',
    resource: 'user',
    privilege: 'update',
    cacheControl: USER_CACHE,
    parameters: [{ name: 'usernames[]', required: true, kind: 'list', missing: requiredMessage('usernames') }],
    keys: {},
  },
  usersByRole: {
    path: '/api/v1/users/getbyrole',
    minRole: 'administrator',
    resource: 'user',
    privilege: 'update',
    cacheControl: USER_CACHE,
    parameters: [
      { name: 'role', required: true, kind: 'role', missing: requiredMessage('role'), invalid: 'Role is invalid' },
    ],
    keys: { usersByRole: KEY.usersByRole, noUsers: KEY.noUsers },
  },
  usersByEmail: {
    path: '/api/v1/users/getbyemail',
    minRole: 'administrator',
    resource: 'user',
    privilege: 'update',
    cacheControl: USER_CACHE,
    parameters: [
      { name: 'email', required: true, kind: 'email', missing: requiredMessage('email'), invalid: 'Email is invalid' },
    ],
    keys: { usersByEmail: KEY.usersByEmail, noUsers: KEY.noUsers },
  },
  search: {
    // Results carry page text, so the minimum is article/content's.
    path: '/api/v1/search',
    minRole: 'author',
    resource: 'content',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [
      {
        name: 'q',
        required: true,
        kind: 'text',
        missing: requiredMessage('q'),
        maxLength: SEARCH_LIMITS.maxQueryLength,
        invalid: `Q must be at most ${SEARCH_LIMITS.maxQueryLength} characters`,
        maxWords: { limit: SEARCH_LIMITS.maxTerms, message: `Q must have at most ${SEARCH_LIMITS.maxTerms} terms` },
      },
      {
        name: 'limit',
        required: false,
        kind: 'integer',
        minimum: 1,
        maximum: SEARCH_LIMITS.maxLimit,
        default: SEARCH_LIMITS.defaultLimit,
        invalid: `Limit must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}`,
      },
      {
        name: 'offset',
        required: false,
        kind: 'integer',
        minimum: 0,
        default: 0,
        invalid: 'Offset must be a non-negative integer',
      },
      DRAFT_PARAMETER,
    ],
    keys: { index: KEY.searchIndex, shards: KEY.searchShard },
  },
  // Typemill's media library: `mycontent` is the contributor's resource (docs/typemill.md: Media).
  images: {
    path: '/api/v1/images',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [],
    keys: { images: KEY.images },
  },
  image: {
    path: '/api/v1/image',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [mediaName('Imagename is missing.')],
    keys: { image: KEY.image },
  },
  files: {
    path: '/api/v1/files',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [],
    keys: { files: KEY.files },
  },
  file: {
    path: '/api/v1/file',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [mediaName('Filename is missing.')],
    keys: { file: KEY.file },
  },
  pageMedia: {
    path: '/api/v1/pagemedia',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'read',
    cacheControl: SHARED_CACHE,
    parameters: [
      {
        name: 'path',
        required: true,
        kind: 'text',
        missingWhen: 'falsy',
        missing: { message: 'Path is missing.', errors: false },
      },
    ],
    keys: { pageMedia: KEY.pageMedia },
  },
  fileRestrictions: {
    path: '/api/v1/filerestrictions',
    minRole: 'contributor',
    resource: 'mycontent',
    privilege: 'create',
    cacheControl: SHARED_CACHE,
    parameters: [{ name: 'filename', required: false, kind: 'text' }],
    keys: { fileRestriction: KEY.fileRestriction, noFileRestriction: KEY.noFileRestriction },
  },
};

/** The media files: `GET /media/<folder>/<name>`, public unless `filerestrictions.yaml` names a role
 *  (gateway/media/; docs/decisions.md: Media files are served from the snapshot). */
export const MEDIA_ROUTES = {
  live: { path: '/media/live/{name}', parameters: [], keys: { file: KEY.mediaLive } },
  thumbs: { path: '/media/thumbs/{name}', parameters: [], keys: { file: KEY.mediaThumbs } },
  files: { path: '/media/files/{name}', parameters: [], keys: { file: KEY.mediaFiles } },
} as const satisfies Record<string, Route>;

/** MCP over Streamable HTTP: the same admission as the API (address, credentials, throttle, role), then the MCP
 *  transport answers (gateway/mcp/). Stateless, so POST only. Not part of the REST API nor of openapi.yaml. */
export const MCP_ROUTE_SPEC: EndpointSpec = {
  path: '/mcp',
  minRole: 'author',
  resource: 'content',
  privilege: 'read',
  cacheControl: 'no-store',
  methods: ['POST'],
  parameters: [],
  keys: {},
};

/** Answered without credentials (trusted addresses still apply). */
export const SERVICE_ROUTES = {
  health: { path: '/healthz', parameters: [], keys: {} },
  openapi: { path: '/api/v1/openapi.yaml', parameters: [], keys: { document: KEY.openapi } },
} as const satisfies Record<string, Route>;

/** The one place a key is written: `prefix` alone, or `prefix:value`. */
export function keyOf(kind: KeyKind, value?: string): string {
  if (kind.value === 'none') return kind.prefix;
  const given = value ?? '';
  return `${kind.prefix}:${kind.normalize ? kind.normalize(given) : given}`;
}

export interface KeyIdentity {
  route: Route;
  kind: KeyKind;
  value: string;
}

const KINDS_WITH_ROUTE: ReadonlyArray<{ route: Route; kind: KeyKind }> = [
  ...Object.values(ENDPOINT_SPECS),
  ...Object.values(SERVICE_ROUTES),
  ...Object.values(MEDIA_ROUTES),
].flatMap((route: Route) => Object.values(route.keys).map((kind) => ({ route, kind })));

/** What a stored key stands for, by its kind's prefix; undefined for keys no endpoint reads. */
export function identifyKey(key: string): KeyIdentity | undefined {
  for (const { route, kind } of KINDS_WITH_ROUTE) {
    if (kind.value === 'none' ? key === kind.prefix : key.startsWith(`${kind.prefix}:`)) {
      return { route, kind, value: kind.value === 'none' ? '' : key.slice(kind.prefix.length + 1) };
    }
  }
  return undefined;
}

/** The request path (with the installation base path) that reaches a key's body; undefined for bodies never cached. */
export function requestPathOf(identity: KeyIdentity, basePath: string): string | undefined {
  const query = identity.kind.query?.(identity.value);
  if (query === undefined) return undefined;
  const path = identity.route.trailingSlash ? `${identity.route.path}/` : identity.route.path;
  return basePath + path + (query === '' ? '' : `?${query}`);
}
