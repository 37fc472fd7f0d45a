// The sample site's plan and content bodies for the search step, with the keys it reads noted.
import { contentHash } from '../../../contract/etag.ts';
import { type BuildPlan, finishBuild, planBuild, renderPages } from '../../../generator/build.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import type { ContentBodies } from '../../../generator/search/search-step.ts';
import { SAMPLE_SITE } from '../../search/sample-dist.ts';

export async function sampleContents(): Promise<{ plan: BuildPlan; contents: ContentBodies; reads: string[] }> {
  const plan = planBuild((await loadSite(SAMPLE_SITE, 'http://localhost:8080')).source);
  const bodies = new Map(
    finishBuild(plan, renderPages(plan))
      .responses.filter((response) => response.key.startsWith('content:'))
      .map((response) => [response.key, response.body]),
  );
  const reads: string[] = [];
  const contents: ContentBodies = {
    read: async (key) => {
      reads.push(key);
      return bodies.get(key);
    },
    hashOf: (key) => {
      const body = bodies.get(key);
      return body === undefined ? undefined : contentHash(body);
    },
  };
  return { plan, contents, reads };
}
