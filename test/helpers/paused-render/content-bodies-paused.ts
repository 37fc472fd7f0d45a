// The real content-bodies.ts, except that a page holding FIRST_HALF but not SECOND_HALF makes the render wait: it
// creates `rendering` in the folder $SNAPI_TEST_RENDER_GATE names and waits until `go` appears there (at most 20 s).
// A test writes the second half of the page while the build that read the first half waits.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderContent as renderReal, type ContentSettings } from '../../../generator/render/content-bodies.ts';
import type { PageSources } from '../../../generator/plan/page-content.ts';

export * from '../../../generator/render/content-bodies.ts';

export const FIRST_HALF = 'First half of a slow save.';
export const SECOND_HALF = 'Second half of a slow save.';
const GATE = process.env.SNAPI_TEST_RENDER_GATE ?? '';
const WAIT_LIMIT_MS = 20_000;

function waitForGo(): void {
  writeFileSync(join(GATE, 'rendering'), '');
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!existsSync(join(GATE, 'go')) && Date.now() < deadline) Atomics.wait(sleeper, 0, 0, 20);
}

export function renderContent(
  job: PageSources,
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
): ReturnType<typeof renderReal> {
  if (GATE !== '' && job.markdown?.includes(FIRST_HALF) && !job.markdown.includes(SECOND_HALF)) waitForGo();
  return renderReal(job, settings, knownPaths);
}
