// The site as one value: settings, the draft and live trees with yaml values applied, and the lookups.
import type { Restriction } from '../../contract/snapshot.ts';
import { buildItems, walkItems } from './tree/build-items.ts';
import { byteOrder } from './tree/entry-name.ts';
import type { Item } from './tree/item.ts';
import { liveItems } from './tree/live-tree.ts';
import { itemsBySlug, itemsByUrl } from './tree/lookup.ts';
import { scanFolder, toListing } from './tree/scan-folder.ts';
import type { SiteSource } from '../types.ts';
import { isRecord } from '../load/yaml.ts';
import type { ParsedSources } from './parse-sources.ts';
import { mergeSettings } from './settings.ts';

export interface SiteModel {
  settings: Record<string, unknown>;
  langattr: string;
  basePath: string;
  draftTree: Item[];
  liveTree: Item[];
  home: Record<string, unknown>;
  byUrl: Map<string, Item>;
  bySlug: Map<string, Item[]>;
}

const CONTENT = 'content';

export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, '');
}

function topFolders(paths: Iterable<string>, root: string, marker?: string): string[] {
  const names = new Set<string>();
  for (const path of paths) {
    const [top, name, file] = path.split('/');
    if (top === root && name && file && (!marker || file === marker)) names.add(name);
  }
  return [...names].sort(byteOrder);
}

export function storedMeta(sources: ParsedSources, pathWithoutType: string): Record<string, unknown> {
  const stored = sources.yaml.get(`${CONTENT}${pathWithoutType}.yaml`);
  return isRecord(stored) && isRecord(stored.meta) ? stored.meta : {};
}

/** Typemill keys yaml values by URL, so two items with one URL both get the later one's values
 *  (docs/typemill.md: navtitle, hide and noindex come from the page yaml, keyed by URL). */
function applyYamlValues(draftTree: Item[], sources: ParsedSources): void {
  const byUrl = new Map<string, Record<string, unknown>>();
  for (const item of walkItems(draftTree))
    byUrl.set(item.urlRelWoF, { navtitle: item.name, ...storedMeta(sources, item.pathWithoutType) });
  for (const item of walkItems(draftTree)) {
    const meta = byUrl.get(item.urlRelWoF) ?? {};
    // PHP's loose `navtitle != ''`: null, false and '' keep the computed name.
    if (meta.navtitle !== undefined && meta.navtitle !== null && meta.navtitle !== false && meta.navtitle !== '')
      item.name = meta.navtitle;
    item.hide = meta.hide === true;
    item.noindex = meta.noindex === true;
  }
}

function homeItem(source: SiteSource, hasDraft: boolean): Record<string, unknown> {
  return {
    status: hasDraft ? 'modified' : 'published',
    originalName: 'home',
    elementType: 'folder',
    fileType: hasDraft ? 'mdtxt' : 'md',
    order: false,
    name: 'home',
    slug: '',
    path: '',
    pathWithoutType: '/index',
    key: false,
    keyPath: '',
    keyPathArray: [''],
    chapter: false,
    urlRel: '/',
    urlRelWoF: '/',
    urlAbs: source.baseUrl + '/',
    active: false,
    activeParent: false,
    hide: false,
  };
}

export function restrictionOf(meta: Record<string, unknown>): Restriction | undefined {
  const role =
    typeof meta.allowedrole === 'string' && meta.allowedrole.trim() !== '' ? meta.allowedrole.trim() : undefined;
  const users =
    typeof meta.alloweduser === 'string'
      ? meta.alloweduser
          .split(',')
          .map((user) => user.trim())
          .filter((user) => user !== '')
      : [];
  if (!role && users.length === 0) return undefined;
  return { ...(role ? { role } : {}), ...(users.length ? { users } : {}) };
}

export function buildSiteModel(source: SiteSource, sources: ParsedSources): SiteModel {
  const filePaths = [...source.knownPaths];
  const settings = mergeSettings({
    userSettings: sources.yaml.get('settings/settings.yaml'),
    rootPath: source.rootPath,
    pluginFolders: topFolders(filePaths, 'plugins'),
    themesWithTemplate: topFolders(filePaths, 'themes', 'index.twig'),
  });
  const langattr = typeof settings.langattr === 'string' ? settings.langattr : 'en';
  const basePath = basePathOf(source.baseUrl);
  const entries = source.contentEntries
    .map((entry) => sources.renamedEntries.get(entry) ?? entry)
    .filter((entry) => entry !== '');
  const listing = toListing(entries.map((entry) => entry.slice(CONTENT.length)));
  const draftTree = buildItems(scanFolder(listing, ''), {
    langattr,
    basePath,
    baseUrl: source.baseUrl,
    readContentText: (path) => source.files.get(CONTENT + path)?.text,
  });
  applyYamlValues(draftTree, sources);
  return {
    settings,
    langattr,
    basePath,
    draftTree,
    liveTree: liveItems(draftTree),
    home: homeItem(source, source.files.has(`${CONTENT}/index.txt`)),
    byUrl: itemsByUrl(draftTree),
    bySlug: itemsBySlug(draftTree),
  };
}
