// Finds the route of a request path in the endpoint table: exact and case-sensitive
// (docs/decisions.md: Caching headers, repeated parameters and case-sensitive routes), optional trailing slash,
// optionally under the installation's base path.
import { ENDPOINTS, MCP_ROUTE, SERVICE_ROUTES } from './endpoints.ts';
import type { Endpoint } from './endpoints.ts';
import { matchMediaPath } from '../media/media-path.ts';
import type { MediaRoute } from '../media/media-path.ts';

export type MatchedRoute = Endpoint | 'health' | 'openapi' | MediaRoute;

const ROUTES_BY_PATH = new Map<string, MatchedRoute>([
  ...[...Object.values(ENDPOINTS), MCP_ROUTE].map((endpoint) => [endpoint.path, endpoint] as const),
  [SERVICE_ROUTES.health.path, 'health'],
  [SERVICE_ROUTES.openapi.path, 'openapi'],
]);

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The path relative to the installation: `/handbook/api/v1/x` → `/api/v1/x`; other paths unchanged. */
function withoutBasePath(pathname: string, basePath: string): string {
  if (basePath === '' || !pathname.startsWith(basePath + '/')) return pathname;
  return pathname.slice(basePath.length);
}

export function matchRoute(pathname: string, basePath: string): MatchedRoute | undefined {
  const trimmed = withoutTrailingSlash(pathname);
  return (
    ROUTES_BY_PATH.get(trimmed) ??
    ROUTES_BY_PATH.get(withoutBasePath(trimmed, basePath)) ??
    matchMediaPath(pathname, basePath)
  );
}

export function isMediaRoute(route: MatchedRoute | undefined): route is MediaRoute {
  return typeof route === 'object' && 'media' in route;
}
