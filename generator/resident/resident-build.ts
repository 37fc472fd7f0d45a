// A builder that stays resident between builds (`dev`, `watch`): it keeps what it read, parsed and rendered, so a
// rebuild reads, parses, hashes and renders only what changed. Every build still publishes a complete snapshot with
// the same atomic switch as `build` (docs/decisions.md: A resident builder keeps what did not change).
import type { BuildSiteOptions, BuildSiteOutcome } from '../build-outcome.ts';
import { buildResident, type ResidentState } from './choose-build.ts';

export interface ResidentBuilder {
  /** Builds and publishes; `changed` are site-relative paths reported changed since the last build (read again even
   *  where their size and time look the same). `perBuild` adds options to this build only. */
  build(changed?: Iterable<string>, perBuild?: Partial<BuildSiteOptions>): Promise<BuildSiteOutcome>;
}

export function residentBuilder(options: BuildSiteOptions): ResidentBuilder {
  const state: ResidentState = {
    parses: new Map(),
    renders: { pages: new Map() },
    hashes: new Map(),
    searches: new Map(),
  };
  return {
    build: (changed = [], perBuild = {}) => buildResident({ ...options, ...perBuild }, state, new Set(changed)),
  };
}
