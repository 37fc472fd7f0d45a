// `--cdn`: what a shared cache may store says `public, no-cache`, so a CDN keeps the body but revalidates every request
// with the gateway, which checks credentials before it answers 304. Per-user answers keep their `private, no-store`.
import { ENDPOINTS } from '../api/endpoints.ts';
import type { Endpoint } from '../api/endpoints.ts';
import type { ReplyPolicy } from '../snapshot/model.ts';
import { PUBLIC_VIEW_CACHE } from '../../contract/endpoints.ts';

const CDN_CACHE_CONTROL: Readonly<Record<string, string>> = {
  'private, no-cache': 'public, no-cache',
  'private, no-store': 'private, no-store',
};

// One policy object per route, made once: reply/success-reply.ts keeps prepared headers per policy object.
const CDN_POLICIES = new Map<Endpoint, ReplyPolicy>(
  Object.values(ENDPOINTS).map((route) => [
    route,
    {
      cacheControl: CDN_CACHE_CONTROL[route.cacheControl] ?? route.cacheControl,
      ...(route.contentType === undefined ? {} : { contentType: route.contentType }),
    },
  ]),
);

// The AI files' public view (`--public-llms`): the same bytes for every anonymous caller, so a shared cache may keep
// them; it revalidates each time, so a new snapshot shows at once.
const PUBLIC_POLICIES = new Map<Endpoint, ReplyPolicy>(
  Object.values(ENDPOINTS)
    .filter((route) => route.publicView)
    .map((route) => [
      route,
      { cacheControl: PUBLIC_VIEW_CACHE, ...(route.contentType ? { contentType: route.contentType } : {}) },
    ]),
);

export function publicPolicy(route: Endpoint): ReplyPolicy {
  return PUBLIC_POLICIES.get(route) ?? route;
}

export function cdnPolicy(route: Endpoint): ReplyPolicy {
  return CDN_POLICIES.get(route) ?? route;
}
