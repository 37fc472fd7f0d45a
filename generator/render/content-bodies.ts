// One page's content bodies as JSON text from plain data, so a worker thread or the render cache can stand in for the
// renderer.
import { contentHash } from '../../contract/etag.ts';
import type { RenderOptions } from '../markdown/render.ts';
import { encodePhpJson } from '../php/php-json.ts';
import { pageContent, type PageSources } from '../plan/page-content.ts';
import type { PageFiles } from '../plan/page-file.ts';

/** What one page's content depends on, besides the site-wide settings. */
export interface ContentJob extends PageSources {
  /** `pathWithoutType` of the page: `/index`, `/01-guides/02-setup`. */
  page: string;
  /** Set where the plan kept no texts: the render reads them from these files (render/page-files.ts). */
  onDisk?: PageFiles;
}

/** RenderOptions without `fileExists`, which the caller answers from the site's known paths. */
export type ContentSettings = Omit<RenderOptions, 'fileExists'>;

/** One file-existence question the renderer asked, with its answer: the cache replays them to validate an entry. */
export type FileProbe = readonly [path: string, exists: boolean];

/** What a build keeps of a page's content once its bodies are in the staging snapshot, and what the render cache
 *  keeps: the body files of the previous snapshot, named by hash, are the cached bodies. */
export interface StoredContent {
  probes: FileProbe[];
  /** contentHash of the live and the draft body; absent where the page has no such body. Made where the body is
   *  rendered (on a worker), so publishing never hashes a body again. */
  hashes: { live?: string; draft?: string };
}

export interface RenderedContent extends StoredContent {
  live: string | undefined;
  draft: string | undefined;
}

/** The content a build keeps of a rendered page: its hashes and probes, without the bodies. */
export function storedContent(content: StoredContent): StoredContent {
  return { probes: content.probes, hashes: content.hashes };
}

/** Site-relative path as the build's known-path set holds it. */
export function knownPathOf(path: string): string {
  return path.replace(/^\/+/, '');
}

export function renderContent(
  job: PageSources,
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
): RenderedContent {
  const probes: FileProbe[] = [];
  const fileExists = (path: string) => {
    const exists = knownPaths.has(knownPathOf(path));
    probes.push([path, exists]);
    return exists;
  };
  const content = pageContent(job, { ...settings, fileExists });
  const live = content.live ? encodePhpJson(content.live) : undefined;
  const draft = content.draft === content.live ? live : content.draft ? encodePhpJson(content.draft) : undefined;
  const liveHash = live === undefined ? undefined : contentHash(live);
  const draftHash = draft === live ? liveHash : draft === undefined ? undefined : contentHash(draft);
  return {
    live,
    draft,
    probes,
    hashes: { ...(liveHash ? { live: liveHash } : {}), ...(draftHash ? { draft: draftHash } : {}) },
  };
}
