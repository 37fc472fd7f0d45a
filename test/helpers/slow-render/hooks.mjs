// Module hooks: the render pool, its workers and the page-local build get content-bodies-slow.ts in place of the real content-bodies.ts;
// with SNAPI_TEST_RENDER_WORKERS set, build-site.ts also gets a render-pages.ts that always renders on workers.
const SLOW_BODIES = new URL('./content-bodies-slow.ts', import.meta.url).href;
const ON_WORKERS = new URL('./render-pages-on-workers.ts', import.meta.url).href;
const RENDERERS = [
  '/generator/render/render-pool.ts',
  '/generator/render/render-worker.ts',
  '/generator/resident/page-build.ts',
];

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ?? '';
  const resolved = await nextResolve(specifier, context);
  if (
    resolved.url.endsWith('/generator/render/content-bodies.ts') &&
    RENDERERS.some((renderer) => parent.endsWith(renderer))
  ) {
    return nextResolve(SLOW_BODIES, context);
  }
  if (
    resolved.url.endsWith('/generator/render/render-pages.ts') &&
    parent.endsWith('/generator/build-site.ts') &&
    process.env.SNAPI_TEST_RENDER_WORKERS
  ) {
    return nextResolve(ON_WORKERS, context);
  }
  return resolved;
}
