// finishBuild turns a plan and every page's rendered bodies into responses, and refuses to finish without them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build, finishBuild, planBuild, renderPages } from '../../generator/build.ts';
import type { SiteSource } from '../../generator/types.ts';

/** A two-page site in memory: the home page and one guide. */
function twoPageSite(): SiteSource {
  const texts: Record<string, string> = {
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/01-guide.md': '# Guide\n\nRead me.\n',
  };
  return {
    rootPath: '/srv/site',
    baseUrl: 'http://localhost/typemill',
    contentEntries: Object.keys(texts),
    files: new Map(Object.entries(texts).map(([path, text]) => [path, { path, text, mtimeMs: 0 }])),
    mtimes: new Map(),
    knownPaths: new Set(Object.keys(texts)),
  };
}

const finish = suite('finishBuild');

finish('with every page rendered, gives the same responses as build', () => {
  const plan = planBuild(twoPageSite());
  assert.equal(finishBuild(plan, renderPages(plan)).responses, build(twoPageSite()).responses);
});

finish('throws an error naming the page when a page has no rendered bodies', () => {
  const plan = planBuild(twoPageSite());
  const rendered = new Map(renderPages(plan));
  assert.ok(rendered.delete('/01-guide'), 'the plan renders the guide under its path without type');
  assert.throws(
    () => finishBuild(plan, rendered),
    (error: unknown) =>
      error instanceof Error &&
      error.message ===
        'page /guide (content/01-guide): its rendered content is missing; the build cannot finish without it',
  );
});

finish('throws for the home page too, which has no tree item', () => {
  const plan = planBuild(twoPageSite());
  const rendered = new Map(renderPages(plan));
  rendered.delete('/index');
  assert.throws(
    () => finishBuild(plan, rendered),
    (error: unknown) =>
      error instanceof Error &&
      error.message === 'page / (content/index): its rendered content is missing; the build cannot finish without it',
  );
});

finish.run();
