// Module hooks: the render pool and the page-local build get content-bodies-paused.ts in place of the real
// content-bodies.ts (see there).
const PAUSED_BODIES = new URL('./content-bodies-paused.ts', import.meta.url).href;
const RENDERERS = ['/generator/render/render-pool.ts', '/generator/resident/page-build.ts'];

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ?? '';
  const resolved = await nextResolve(specifier, context);
  if (
    resolved.url.endsWith('/generator/render/content-bodies.ts') &&
    RENDERERS.some((renderer) => parent.endsWith(renderer))
  )
    return nextResolve(PAUSED_BODIES, context);
  return resolved;
}
