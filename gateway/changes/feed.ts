// The change feed's core: the net difference of a run of history deltas, and what of it one caller may see — each key
// read as that caller reads its answer (endpoint minimum, page restriction, own role's menus), so a page the caller
// cannot read is never named (docs/changes.md). Values in, lists out.
import { contentHash } from '../../contract/etag.ts';
import { ENDPOINT_SPECS, KEYS, identifyKey } from '../../contract/endpoints.ts';
import type { EndpointName, Route } from '../../contract/endpoints.ts';
import { SLUG_PARTS_PREFIX, USER_RECORD_PREFIX, parseVersion } from '../../contract/history.ts';
import type { HistoryDelta, SlugPartsVersion } from '../../contract/history.ts';
import type { ChangeLists, Restriction } from '../../contract/snapshot.ts';
import { meetsMinimumRole, passesRestriction } from '../auth/roles.ts';

/** Who reads the feed: a user, or (no user name: a token, a webhook receiver) a role alone. */
export interface FeedViewer {
  role: string;
  username?: string | undefined;
}

export interface FeedLists {
  urls: ChangeLists;
  slugs: ChangeLists;
  endpoints: string[];
}

/** Key → [version at the first snapshot, version at the last]; keys back where they started are left out. */
export type NetChanges = Map<string, [string | null, string | null]>;

export function netChanges(deltas: readonly HistoryDelta[]): NetChanges {
  const net: NetChanges = new Map();
  for (const delta of deltas)
    for (const key in delta.changes) {
      const [before, after] = delta.changes[key] as [string | null, string | null];
      const known = net.get(key);
      net.set(key, [known === undefined ? before : known[0], after]);
    }
  for (const [key, [before, after]] of net) if (before === after) net.delete(key);
  return net;
}

const NAME_OF_ROUTE = new Map<Route, EndpointName>(
  (Object.keys(ENDPOINT_SPECS) as EndpointName[]).map((name) => [ENDPOINT_SPECS[name], name]),
);
const PAGE_KINDS = new Set([KEYS.contentLive, KEYS.contentDraft, KEYS.meta, KEYS.item]);
const OWN_ROLE_KINDS = new Set([KEYS.mainnavi, KEYS.systemnavi]);
/** No user name can be this (user names are letters and digits), so a list of allowed users never lets it pass. */
const NO_USER_NAME = '\n';

function passes(restriction: Restriction | undefined, viewer: FeedViewer): boolean {
  return passesRestriction(restriction, { role: viewer.role, username: viewer.username || NO_USER_NAME });
}

function mayRead(name: EndpointName | undefined, viewer: FeedViewer): name is EndpointName {
  return name !== undefined && meetsMinimumRole(viewer.role, ENDPOINT_SPECS[name].minRole);
}

/** A stored key's version as the viewer reads it: null where it is absent or the viewer gets no answer from it. */
function visible(version: string | null, viewer: FeedViewer): string | null {
  if (version === null) return null;
  return passes(parseVersion(version).restriction, viewer) ? version : null;
}

/** A restricted slug's answer as the viewer gets it composed: the parts it may read, none: no answer. */
function visibleParts(version: string | null, viewer: FeedViewer): string | null {
  if (version === null) return null;
  const allowed = (JSON.parse(version) as SlugPartsVersion).filter(([, rule]) => passes(rule ?? undefined, viewer));
  return allowed.length === 0 ? null : contentHash(allowed.map(([hash]) => hash).join(','));
}

const sorted = (values: Iterable<string>) => [...values].sort();

function lists(added: Set<string>, changed: Set<string>, removed: Set<string>): ChangeLists {
  return { added: sorted(added), changed: sorted(changed), removed: sorted(removed) };
}

/** What of the net changes the viewer may see: pages by their item (added, removed) or any part (changed), slugs by
 *  their `article/items` answer, and the other endpoints by name. */
export function feedFor(net: NetChanges, viewer: FeedViewer): FeedLists {
  const pages = new Map<string, { item?: [boolean, boolean]; changed: boolean }>();
  const slugs = new Map<string, { items?: [string | null, string | null]; parts?: [string | null, string | null] }>();
  const endpoints = new Set<string>();
  for (const [key, [before, after]] of net) {
    if (key.startsWith(SLUG_PARTS_PREFIX)) {
      const slug = key.slice(SLUG_PARTS_PREFIX.length);
      slugs.set(slug, { ...slugs.get(slug), parts: [before, after] });
      continue;
    }
    if (key.startsWith(USER_RECORD_PREFIX)) {
      if (mayRead('usersByNames', viewer)) endpoints.add('usersByNames');
      continue;
    }
    const identity = identifyKey(key);
    const name = identity === undefined ? undefined : NAME_OF_ROUTE.get(identity.route);
    if (identity === undefined || !mayRead(name, viewer)) continue;
    if (identity.kind === KEYS.items) {
      slugs.set(identity.value, { ...slugs.get(identity.value), items: [before, after] });
      continue;
    }
    if (OWN_ROLE_KINDS.has(identity.kind) && identity.value !== viewer.role) continue;
    const was = visible(before, viewer);
    const is = visible(after, viewer);
    if (was === is) continue;
    if (!PAGE_KINDS.has(identity.kind)) {
      endpoints.add(name);
      continue;
    }
    const page = pages.get(identity.value) ?? { changed: false };
    if (identity.kind === KEYS.item) page.item = [was !== null, is !== null];
    page.changed = true;
    pages.set(identity.value, page);
  }
  const urls = { added: new Set<string>(), changed: new Set<string>(), removed: new Set<string>() };
  for (const [url, page] of pages) {
    if (page.item?.[0] === false && page.item[1]) urls.added.add(url);
    else if (page.item?.[0] === true && !page.item[1]) urls.removed.add(url);
    else if (page.changed) urls.changed.add(url);
  }
  const slugLists = { added: new Set<string>(), changed: new Set<string>(), removed: new Set<string>() };
  if (mayRead('items', viewer))
    for (const [slug, { items, parts }] of slugs) {
      const answer = (side: 0 | 1) =>
        visibleParts(parts?.[side] ?? null, viewer) ?? visible(items?.[side] ?? null, viewer);
      const was = answer(0);
      const is = answer(1);
      if (was === is) continue;
      (was === null ? slugLists.added : is === null ? slugLists.removed : slugLists.changed).add(slug);
    }
  return {
    urls: lists(urls.added, urls.changed, urls.removed),
    slugs: lists(slugLists.added, slugLists.changed, slugLists.removed),
    endpoints: sorted(endpoints),
  };
}
