// The API routes: path, minimum role, ACL resource/privilege for the 403 message, and cache policy.
import type { Role } from './contract.ts';

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
  | 'mcp';

export interface Route {
  endpoint: EndpointName;
  path: string;
  minRole: Role;
  resource: string;
  privilege: string;
  cacheControl: string;
  /** Methods other than GET and HEAD (the MCP endpoint: POST only). */
  methods?: readonly string[];
}

const SHARED_CACHE = 'private, no-cache';
const USER_CACHE = 'private, no-store';

// Minimum roles: api-spec endpoint table with D1 (navigation: member); resource/privilege: D18.
export const ROUTES: readonly Route[] = [
  { endpoint: 'navigation', path: '/api/v1/navigation', minRole: 'member', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'content', path: '/api/v1/article/content', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'meta', path: '/api/v1/article/meta', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'item', path: '/api/v1/article/item', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'items', path: '/api/v1/article/items', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'settings', path: '/api/v1/settings', minRole: 'manager', resource: 'system', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'mainnavi', path: '/api/v1/mainnavi', minRole: 'member', resource: 'account', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'systemnavi', path: '/api/v1/systemnavi', minRole: 'member', resource: 'account', privilege: 'read', cacheControl: SHARED_CACHE },
  { endpoint: 'usersByNames', path: '/api/v1/users/getbynames', minRole: 'administrator', resource: 'user', privilege: 'update', cacheControl: USER_CACHE },
  { endpoint: 'usersByRole', path: '/api/v1/users/getbyrole', minRole: 'administrator', resource: 'user', privilege: 'update', cacheControl: USER_CACHE },
  { endpoint: 'usersByEmail', path: '/api/v1/users/getbyemail', minRole: 'administrator', resource: 'user', privilege: 'update', cacheControl: USER_CACHE },
  // Search (issue 13): results carry page text, so the minimum is article/content's.
  { endpoint: 'search', path: '/api/v1/search', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: SHARED_CACHE },
];

// MCP over Streamable HTTP (issue 13): behind the same checks as the API, answered by gateway/mcp/, not by ENDPOINTS.
// Stateless (no sessions), so only POST: there is no server-to-client stream to GET and no session to DELETE.
export const MCP_ROUTE: Route = { endpoint: 'mcp', path: '/mcp', minRole: 'author', resource: 'content', privilege: 'read', cacheControl: 'no-store', methods: ['POST'] };

export const HEALTH_PATH = '/healthz';
/** The OpenAPI document: no credentials, but trusted addresses apply. */
export const OPENAPI_PATH = '/api/v1/openapi.yaml';

const ROUTES_BY_PATH = new Map(ROUTES.map((route) => [route.path, route]));

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The path relative to the installation: `/handbook/api/v1/x` → `/api/v1/x`; other paths unchanged. */
function withoutBasePath(pathname: string, basePath: string): string {
  if (basePath === '' || !pathname.startsWith(basePath + '/')) return pathname;
  return pathname.slice(basePath.length);
}

/** Exact, case-sensitive match (D21), with an optional trailing slash and optional base path. */
export function matchRoute(pathname: string, basePath: string): Route | undefined {
  const trimmed = withoutTrailingSlash(pathname);
  return ROUTES_BY_PATH.get(trimmed) ?? ROUTES_BY_PATH.get(withoutBasePath(trimmed, basePath));
}

export function isHealthPath(pathname: string, basePath: string): boolean {
  const trimmed = withoutTrailingSlash(pathname);
  return trimmed === HEALTH_PATH || withoutBasePath(trimmed, basePath) === HEALTH_PATH;
}

export function isOpenApiPath(pathname: string, basePath: string): boolean {
  const trimmed = withoutTrailingSlash(pathname);
  return trimmed === OPENAPI_PATH || withoutBasePath(trimmed, basePath) === OPENAPI_PATH;
}

export function matchMcpRoute(pathname: string, basePath: string): Route | undefined {
  const trimmed = withoutTrailingSlash(pathname);
  return trimmed === MCP_ROUTE.path || withoutBasePath(trimmed, basePath) === MCP_ROUTE.path ? MCP_ROUTE : undefined;
}
