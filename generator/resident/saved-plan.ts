// The page plan of the last one-off build on disk (`<out>/.cache/page-plan.v8`), so the next `build` of a site whose
// pages alone changed patches the last snapshot as a resident builder does, reading only the changed pages' files.
// Only ever a shortcut: a missing, unreadable or stale file (another generator, another snapshot) means a site build.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { MetaTabs } from '../page-answers.ts';
import type { FileStamp } from '../load/load-site.ts';
import type { ContentSettings } from '../render/content-bodies.ts';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { BuildProblem, BuildResult } from '../types.ts';
import type { PageSummary } from './page-build.ts';

/** Relative to the output folder. */
export const SAVED_PLAN_FILE = join(CACHE_DIR, 'page-plan.v8');

export interface SavedPlan {
  /** The generator's fingerprint: another generator may plan differently. */
  fingerprint: string;
  /** The snapshot this plan was published as: valid only while `current` names it. */
  snapshot: string;
  site: string;
  baseUrl: string;
  rootPath: string;
  /** Every listed file's size and time, and every content entry's time (folders included), as the build listed them. */
  stamps: Map<string, FileStamp>;
  mtimes: Map<string, number>;
  /** Every page in site order. */
  pages: PageSummary[];
  contentSettings: ContentSettings;
  tabs: MetaTabs;
  author: unknown;
  language: string;
  /** Each `.md`'s front matter block ('' for none), except those whose front matter makes the page a draft. */
  frontMatter: Map<string, string>;
  /** The `.txt` files that were drafts (not empty). */
  drafted: Set<string>;
  stats: BuildResult['stats'];
  warnings: BuildProblem[];
}

export async function loadSavedPlan(outDir: string, fingerprint: string): Promise<SavedPlan | undefined> {
  try {
    const saved = deserialize(await readFile(join(outDir, SAVED_PLAN_FILE))) as SavedPlan;
    return saved.fingerprint === fingerprint ? saved : undefined;
  } catch {
    return undefined;
  }
}

export async function savePlan(outDir: string, plan: SavedPlan): Promise<void> {
  const path = join(outDir, SAVED_PLAN_FILE);
  await mkdir(join(outDir, CACHE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, serialize(plan));
  await rename(temporary, path);
}
