// `--cdn`: what a shared cache may store says `public, no-cache`, so a CDN keeps the body but revalidates every request
// with the gateway, which checks credentials before it answers 304. Per-user answers keep their `private, no-store`.
import { ENDPOINTS } from '../api/endpoints.ts';
import type { Endpoint } from '../api/endpoints.ts';
import type { ReplyPolicy } from './success-reply.ts';

const CDN_CACHE_CONTROL: Readonly<Record<string, string>> = {
  'private, no-cache': 'public, no-cache',
  'private, no-store': 'private, no-store',
};

// One policy object per route, made once: success-reply.ts keeps prepared headers per policy object.
const CDN_POLICIES = new Map<Endpoint, ReplyPolicy>(
  Object.values(ENDPOINTS).map((route) => [
    route,
    { cacheControl: CDN_CACHE_CONTROL[route.cacheControl] ?? route.cacheControl },
  ]),
);

export function cdnPolicy(route: Endpoint): ReplyPolicy {
  return CDN_POLICIES.get(route) ?? route;
}
