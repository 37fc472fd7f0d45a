// The AI files of each page made while the pages render, from the bodies in hand: the AI files step after rendering
// then reads back and makes only what rendering did not (cached pages), so it no longer runs on one core alone.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import type { BuildPlan } from '../build.ts';
import type { BuiltResponse, StoredResponse } from '../types.ts';
import { pageLlmsResponses, plannedPages, type EarlyAnswers, type PlannedPage } from './llms-step.ts';

/** A page's body texts and hashes as rendered (render/content-bodies.ts RenderedContent). */
export interface RenderedBodies {
  live: string | undefined;
  draft: string | undefined;
  hashes: { live?: string; draft?: string };
}

/** A page's answers made early: what they were made from, and their staging. */
interface EarlyPage<Staged> {
  listable: boolean;
  hashes: RenderedBodies['hashes'];
  partHash: string | undefined;
  staged: Promise<Staged[]>;
}

/** `take` (for llms-step.ts) gives a page's early answers when they were made from the bodies the snapshot answers
 *  with and the page is listed the same; else the step makes them from the published bodies. */
export interface EarlyLlms<Staged> extends EarlyAnswers<Staged> {
  /** For render-pages.ts: makes and stages the page's answers; resolves when they are stored. */
  pageRendered(page: string, bodies: RenderedBodies): Promise<void>;
}

export function llmsWhileRendering<Staged extends BuiltResponse | StoredResponse>(
  plan: BuildPlan,
  stage: (responses: BuiltResponse[]) => Promise<Staged[]>,
): EarlyLlms<Staged> {
  // Listed as the final step lists them, live body aside: that is known per page as it renders.
  const byPath = new Map<string, PlannedPage>();
  const twice = new Set<string>();
  for (const page of plannedPages(plan, () => true)) {
    if (byPath.has(page.pathWithoutType)) twice.add(page.pathWithoutType);
    byPath.set(page.pathWithoutType, page);
  }
  const made = new Map<string, EarlyPage<Staged>>();
  const urlsTwice = new Set<string>();
  return {
    pageRendered: async (path, bodies) => {
      const planned = byPath.get(path);
      if (planned === undefined || twice.has(path) || urlsTwice.has(planned.url)) return;
      // Two pages of one URL: which body the snapshot answers with is decided later, so neither is made early.
      if (made.has(planned.url)) {
        urlsTwice.add(planned.url);
        made.delete(planned.url);
        return;
      }
      const page = { ...planned, listable: planned.listable && bodies.live !== undefined };
      const responses = pageLlmsResponses(page, plan.source.baseUrl, bodies);
      const part = responses.find((response) => response.key === keyOf(KEYS.llmsPart, page.url));
      const staged = stage(responses);
      // Awaited by the step (or never, when not taken); a failure fails this call already.
      staged.catch(() => undefined);
      made.set(page.url, { listable: page.listable, hashes: bodies.hashes, partHash: part?.hash, staged });
      await staged;
    },
    take: (page, bodies) => {
      const early = made.get(page.url);
      if (
        early === undefined ||
        early.listable !== page.listable ||
        early.hashes.live !== bodies.hashOf(keyOf(KEYS.contentLive, page.url)) ||
        early.hashes.draft !== bodies.hashOf(keyOf(KEYS.contentDraft, page.url))
      )
        return undefined;
      return { partHash: early.partHash, staged: early.staged };
    },
  };
}
