// What a site build is asked and what it answers, and what a resident builder keeps between builds: a leaf, so the
// pipeline (build-site.ts) and the page-local paths (resident/) share the words without importing each other.
import type { HistoryPolicy } from '../contract/history.ts';
import type { LoadedSite } from './load/load-site.ts';
import type { ParseMemo } from './plan/parse-sources.ts';
import type { BodyHashMemo } from './resident/body-hashes.ts';
import type { PublishedBase } from './resident/resident-plan.ts';
import type { RenderMemo } from './render/render-pages.ts';
import type { SearchMemo } from './search/search-step.ts';
import type { BuildProblem, BuildResult } from './types.ts';
import type { Published } from './write/write-snapshot.ts';

export interface BuildSiteOptions {
  site: string;
  out: string;
  baseUrl: string;
  rootPath?: string;
  onStage?: (stage: string) => void;
  /** Render worker threads; default: one per core when many pages need rendering. */
  workers?: number;
  /** Publish a site whose content/ holds no pages (refused by default: it is almost always a wrong --site). */
  allowEmpty?: boolean;
  /** Asked just before publishing: the input files that changed since they were read. Any: nothing is published and
   *  the build throws InputsChangedError (`watch` builds again once the files are quiet). */
  changedInputs?: () => string[];
  /** The longest one page may take to render, in seconds; a page that takes longer fails the build (default 10). */
  renderTimeoutSeconds?: number;
  /** `--keep-history` and `--keep-history-hours`: how many snapshots and hours of history the change feed keeps. */
  history?: HistoryPolicy;
}

/** What a resident builder keeps between its builds (resident/resident-build.ts); a one-off build has none. */
export interface ResidentState {
  /** What the last build loaded: files whose stamps did not change are not read again. */
  last?: LoadedSite;
  parses: ParseMemo;
  renders: RenderMemo;
  hashes: BodyHashMemo;
  searches: SearchMemo;
  /** What the last build published, while it is the snapshot `current` names: a page-local edit patches it. */
  base?: PublishedBase;
}

export type BuildSiteOutcome =
  | {
      ok: true;
      published: Published;
      stats: BuildResult['stats'];
      warnings: BuildProblem[];
      pages: { rendered: number; reused: number };
      /** `pages`: a resident builder patched the last snapshot with the edited pages' answers; `site`: built whole. */
      scope: 'pages' | 'site';
    }
  | { ok: false; errors: BuildProblem[]; warnings: BuildProblem[] };
