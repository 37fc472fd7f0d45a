// Shapes that cross the generator's boundaries: what the loader reads and what the pure build returns.
import type { SnapshotToken } from '../contract/api-token.ts';
import type { Accounts, AccessSettings, Restriction, SlugPart } from '../contract/snapshot.ts';

/** A file of the site folder, path relative to the site root with `/` separators. */
export interface SourceFile {
  path: string;
  /** The file's text; where `location` is set, read from the file at each use and not kept. */
  text: string;
  mtimeMs: number;
  /** Absolute path of a page text the build does not keep (load/load-site.ts: pageTexts 'on-disk'). */
  location?: string;
}

export interface SiteSource {
  /** Absolute path of the site folder (settings `rootPath`). */
  rootPath: string;
  /** `--base-url` without trailing slash. */
  baseUrl: string;
  /** Every entry under content/, relative to the site root; directories end with `/`. */
  contentEntries: string[];
  /** Texts of the files the build reads (content .md/.txt/.yaml, settings, users, plugin and theme yaml). */
  files: Map<string, SourceFile>;
  /** Modification times of content entries, including directories. */
  mtimes: Map<string, number>;
  /** Every file path under the site's folders, for shortcodes that check a file exists. */
  knownPaths: Set<string>;
  /** media/live, media/thumbs and media/files as listed at load; absent: a site without media. */
  media?: MediaSource;
}

export interface BuildProblem {
  file: string;
  line?: number;
  message: string;
}

export interface BuiltResponse {
  key: string;
  body: string;
  restriction?: Restriction;
  /** False for bodies that are never sent (the search index): no gzip or brotli copies. */
  compress?: false;
  /** A page's content body (live or draft): compressed by its own policy (compression-policy.ts). */
  pageContent?: boolean;
  /** contentHash(body) when the renderer already made it. */
  hash?: string;
}

/** A response whose body is already in the staging snapshot, named by its contentHash: a page's content body,
 *  written as soon as it was rendered so that no build holds every body
 *  (docs/decisions.md: Bodies are written while pages render). */
export interface StoredResponse {
  key: string;
  stored: string;
  restriction?: Restriction;
}

/** `R` is BuiltResponse for the pure build; a streaming build's content responses are StoredResponses. */
export interface BuildResult<R extends BuiltResponse | StoredResponse = BuiltResponse> {
  responses: R[];
  restrictedSlugs: Record<string, SlugPart[]>;
  userRecords: Record<string, string>;
  accounts: Accounts;
  /** API token hashes from settings/snapi-tokens.yaml (plan/token-file.ts). */
  tokens?: SnapshotToken[];
  access: AccessSettings;
  basePath: string;
  stats: { pages: number; folders: number; drafts: number; users: number };
  errors: BuildProblem[];
  warnings: BuildProblem[];
  /** Media files to store in the snapshot beside the bodies (generator/media/media-store.ts). */
  media?: MediaObject[];
}

export class BuildError extends Error {
  constructor(
    readonly problem: BuildProblem,
    options?: { cause?: unknown },
  ) {
    super(`${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`, options);
  }
}

export const MEDIA_FOLDERS = ['live', 'thumbs', 'files'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

export interface MediaFile {
  folder: MediaFolder;
  /** The file name inside its folder: `dashboard.png`. */
  name: string;
  /** Absolute path, read when the file is stored in the snapshot. */
  path: string;
  size: number;
  mtimeMs: number;
  /** The first bytes of a live file, for its image size. */
  head?: Uint8Array;
}

export interface MediaSource {
  files: MediaFile[];
  /** `media/files/filerestrictions.yaml` as text, when there is one. */
  restrictions?: string;
  warnings: BuildProblem[];
}

/** A media file the snapshot stores under its key, with the role `filerestrictions.yaml` gives it. */
export interface MediaObject {
  key: string;
  path: string;
  restriction?: Restriction;
}
