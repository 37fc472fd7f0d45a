// Module hooks: build-site.ts gets render-pages-losing-one.ts in place of the real render-pages.ts.
const STAND_IN = new URL('./render-pages-losing-one.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === './render/render-pages.ts' && context.parentURL?.endsWith('/generator/build-site.ts'))
    return nextResolve(STAND_IN, context);
  return nextResolve(specifier, context);
}
