// A one-off build that starts from the last snapshot: when the listing shows that only pages' own texts changed since
// the last build saved its plan, those pages are read and the last snapshot is patched (page-build.ts); anything else
// is a site build (docs/decisions.md: A cold build of edited pages patches the last snapshot too).
import type { BuildSiteOptions, BuildSiteOutcome } from '../build-outcome.ts';
import { inputsUnchanged } from '../inputs-changed.ts';
import { readFileSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { metaTabs, type BuildPlan } from '../build.ts';
import { decodeUtf8, isReadInput, listSite, type LoadedSite, type SiteListing } from '../load/load-site.ts';
import { listPlainSite } from '../load/plain-listing.ts';
import { parseYaml } from '../load/yaml.ts';
import { frontMatterKey, mergeWithYaml, readFrontMatter } from '../plan/front-matter.ts';
import { searchFromCounts } from '../search/search-from-counts.ts';
import { loadSearchCountsLazily, saveSearchCounts, SpoiledSearchCounts } from '../search/search-count-cache.ts';
import { languageOf } from '../search/search-step.ts';
import { unwrittenSearchSite } from '../search/unwritten-search-site.ts';
import type { BuildResult, SourceFile } from '../types.ts';
import { buildEditedPages, hashInIndex, type EditedSearchPage, type PagePlan, type PageSummary } from './page-build.ts';
import { pageSummaryOf } from './resident-plan.ts';
import { savePublishedBodies } from './published-bodies.ts';
import { readSavedIndex } from './saved-index.ts';
import { UnreadShard } from '../write/read-snapshot-index.ts';
import { loadSavedPlan, savePlan, type SavedPlan } from './saved-plan.ts';

const CONTENT = 'content';
const PAGE_TEXT = /^content(\/.+)\.(md|txt)$/;

/** What the next build must know of the texts: taken before the load's texts are let go. */
export function earlierTextsOf(plan: BuildPlan, loaded: LoadedSite): Pick<SavedPlan, 'frontMatter' | 'drafted'> {
  const frontMatter = new Map<string, string>();
  for (const [path, file] of loaded.source.files) {
    if (!path.startsWith(`${CONTENT}/`) || !path.endsWith('.md') || plan.sources.renamedEntries.has(path)) continue;
    // A text the plan did not keep was read once, when parsed: its block was kept then (none if unreadable).
    const key =
      file.location === undefined ? frontMatterKey(file.text) : plan.sources.onDisk?.frontMatterKeys.get(path);
    if (key !== undefined) frontMatter.set(path, key);
  }
  const drafted = new Set([...plan.sources.drafts.keys()].filter((path) => loaded.source.files.has(path)));
  return { frontMatter, drafted };
}

/** What a one-off site build saves for the next one. */
export function planToSave(
  plan: BuildPlan,
  loaded: LoadedSite,
  earlier: Pick<SavedPlan, 'frontMatter' | 'drafted'>,
  identity: { fingerprint: string; snapshot: string; site: string; rootPath?: string },
  result: Pick<BuildResult, 'stats' | 'warnings'>,
): SavedPlan {
  const root = resolve(identity.site);
  return {
    fingerprint: identity.fingerprint,
    snapshot: identity.snapshot,
    site: root,
    baseUrl: plan.source.baseUrl,
    rootPath: identity.rootPath ?? root,
    stamps: loaded.stamps,
    mtimes: loaded.source.mtimes,
    pages: plan.pages.map((page) => pageSummaryOf(plan, page)),
    contentSettings: plan.contentSettings,
    tabs: metaTabs(plan.model, plan.sources),
    author: plan.model.settings.author,
    language: languageOf(plan),
    ...earlier,
    stats: result.stats,
    warnings: result.warnings,
  };
}

/** The files that differ from the saved listing; undefined when a file or folder came, went, or a folder changed. */
function changedFiles(saved: SavedPlan, listing: SiteListing): Set<string> | undefined {
  if (listing.stamps.size !== saved.stamps.size || listing.mtimes.size !== saved.mtimes.size) return undefined;
  const changed = new Set<string>();
  for (const [path, stamp] of listing.stamps) {
    const before = saved.stamps.get(path);
    if (before === undefined) return undefined;
    if (before.size !== stamp.size || before.mtimeMs !== stamp.mtimeMs) changed.add(path);
  }
  for (const [path, mtime] of listing.mtimes) {
    const before = saved.mtimes.get(path);
    if (before === undefined || (before !== mtime && !listing.stamps.has(path))) return undefined;
  }
  return changed;
}

/** The texts of the edited pages' files (markdown, draft, meta); undefined when a changed file is not a page text or
 *  does not read. */
function editedTexts(root: string, changed: ReadonlySet<string>, listing: SiteListing) {
  const files = new Map<string, SourceFile>();
  for (const path of changed) {
    const page = PAGE_TEXT.exec(path)?.[1];
    if (page === undefined) return undefined;
    for (const file of ['.md', '.txt', '.yaml'].map((type) => `${CONTENT}${page}${type}`)) {
      if (files.has(file) || !listing.knownPaths.has(file) || !isReadInput(file)) continue;
      try {
        const text = decodeUtf8(readFileSync(join(root, file)), file);
        if (typeof text !== 'string') return undefined;
        files.set(file, { path: file, text, mtimeMs: listing.mtimes.get(file) ?? 0 });
      } catch {
        return undefined;
      }
    }
  }
  return files;
}

function savedPagePlan(saved: SavedPlan, listing: SiteListing, files: ReadonlyMap<string, SourceFile>): PagePlan {
  return {
    pages: new Map(saved.pages.map((page) => [page.pathWithoutType, page])),
    contentSettings: saved.contentSettings,
    knownPaths: listing.knownPaths,
    tabs: saved.tabs,
    author: saved.author,
    language: saved.language,
    // The meta file and the front matter did not change (else the edit is not page-local): read as the build read them.
    storedMetaOf: (page) => {
      const yamlFile = `${CONTENT}${page}.yaml`;
      const markdownFile = `${CONTENT}${page}.md`;
      const yamlText = files.get(yamlFile)?.text;
      const yaml = yamlText === undefined ? undefined : parseYaml(yamlText, yamlFile);
      const markdown = files.get(markdownFile)?.text;
      const frontMatter = markdown === undefined ? undefined : readFrontMatter(markdown, markdownFile);
      return frontMatter === undefined ? yaml : mergeWithYaml(frontMatter.tabs, yaml);
    },
    earlier: {
      frontMatter: (file) => saved.frontMatter.get(file),
      drafted: (file) => (saved.stamps.has(file) ? saved.drafted.has(file) : undefined),
    },
  };
}

/** The pages whose files are among `changed`. */
function editedPages(plan: PagePlan, changed: ReadonlySet<string>): PageSummary[] {
  return [...changed].flatMap((path) => {
    const page = plan.pages.get(PAGE_TEXT.exec(path)?.[1] ?? '');
    return page === undefined ? [] : [page];
  });
}

/** A shard of the snapshot or a bucket of the saved counts that does not read, met before the patch writes anything:
 *  a site build then. */
function unlessSpoiled(error: unknown): undefined {
  if (error instanceof UnreadShard || error instanceof SpoiledSearchCounts) return undefined;
  throw error;
}

/** Builds from the saved plan when the site's pages alone changed; undefined when a site build is needed. */
export async function buildOnSavedPlan(
  options: BuildSiteOptions,
  fingerprint: string,
): Promise<BuildSiteOutcome | undefined> {
  const out = resolve(options.out);
  const root = resolve(options.site);
  const saved = await loadSavedPlan(out, fingerprint);
  if (saved === undefined || saved.site !== root || saved.rootPath !== (options.rootPath ?? root)) return undefined;
  if (saved.baseUrl !== options.baseUrl.replace(/\/+$/, '')) return undefined;
  const link = await readlink(join(out, DIST_LAYOUT.currentLink)).catch(() => undefined);
  if (link !== join(DIST_LAYOUT.snapshotsDir, saved.snapshot)) return undefined;
  const listing = listPlainSite(root) ?? (await listSite(root));
  if (listing.errors.length > 0) return undefined;
  const changed = changedFiles(saved, listing);
  const files = changed && editedTexts(root, changed, listing);
  if (changed === undefined || files === undefined) return undefined;
  const plan = savedPagePlan(saved, listing, files);
  const index = await readSavedIndex(out, saved.snapshot, editedPages(plan, changed));
  if (index === undefined) return undefined;
  // Read lazily: only the buckets of the pages the search update touches are read (search-count-cache.ts).
  const searches = await loadSearchCountsLazily(out, fingerprint);
  const urls = saved.pages.map((page) => page.url);
  searches.site = await unwrittenSearchSite(urls, saved.language, searches).catch(unlessSpoiled);
  const searchAll = (edited: ReadonlyMap<string, EditedSearchPage>) =>
    searchFromCounts(
      saved.pages.map((page) => {
        const made = edited.get(page.url);
        const keys = [keyOf(KEYS.contentLive, page.url), keyOf(KEYS.contentDraft, page.url)] as const;
        return {
          url: page.url,
          slug: page.slug,
          name: String(page.name),
          title: made?.title ?? page.title,
          restriction: made ? made.restriction : page.restriction,
          hashes: made
            ? ([made.hashes.live, made.hashes.draft] as const)
            : ([hashInIndex(index, keys[0]), hashInIndex(index, keys[1])] as const),
          ...(made ? { edited: { live: made.live, draft: made.draft } } : {}),
        };
      }),
      saved.language,
      searches,
    );
  const built = await buildEditedPages(plan, index, { files, mtimes: listing.mtimes }, changed, searches, {
    out,
    allowNoEdit: true,
    searchAll,
    ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
    ...(options.history !== undefined ? { history: options.history } : {}),
    beforeSwitch: inputsUnchanged(options.changedInputs),
  }).catch(unlessSpoiled);
  if (built === undefined) return undefined;
  // The counts and bodies first: a saved plan is trusted only with those of the snapshot it names.
  await savePublishedBodies(out, built.published.index);
  await saveSearchCounts(out, fingerprint, searches);
  await savePlan(out, {
    ...saved,
    snapshot: built.published.id,
    stamps: listing.stamps,
    mtimes: listing.mtimes,
  });
  return {
    ok: true,
    published: built.published,
    stats: saved.stats,
    warnings: saved.warnings,
    pages: { rendered: built.pages, reused: saved.pages.length - built.pages },
    scope: 'pages',
  };
}
