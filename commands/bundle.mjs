// `npm run bundle` (also run by `npm ci` through `prepare`, and by `npm start` and `npm test`): bundles every command
// into a file plain node starts, so no command compiles TypeScript when it starts: the gateway's into gateway/build/
// (gateway/cli/bundle-gateway.mjs, which a gateway-only install keeps) and the generator's into generator/build/
// (init, build, check, watch, publish, user, token, rollback and the render worker they start).
// docs/decisions.md: The generator's commands run a bundle
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleGateway, bundleCommand } from '../gateway/cli/bundle-gateway.mjs';

const generator = fileURLToPath(new URL('../generator/', import.meta.url));
export const GENERATOR_BUNDLE_DIR = `${generator}build`;
/** Each generator command's entry and its bundle, split: what a command imports by `import()` (the full build behind
 *  a cold page build, each language's stemmer) is a chunk in `<command>-chunks/`, parsed only when loaded
 *  (docs/decisions.md: A command loads what its path needs). The render worker is a bundle of its own, started beside
 *  them. */
const GENERATOR_ENTRIES = ['init', 'build', 'check', 'watch', 'publish', 'user', 'token', 'rollback']
  .map((name) => ({ entry: `${generator}cli/${name}.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/${name}.mjs`, split: true }))
  .concat({ entry: `${generator}render/render-worker.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/render-worker.mjs` });

/** gray-matter requires js-yaml for its default YAML engine, which the generator never uses: front matter is parsed by
 *  its own engine (generator/plan/front-matter.ts, generator/load/yaml.ts). In its place: a stand-in that fails loudly
 *  if it is ever called, so the bundle does not parse 100 KB of a second YAML parser at every start. */
const WITHOUT_JS_YAML = {
  name: 'without-js-yaml',
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, () => ({ path: 'js-yaml', namespace: 'without-js-yaml' }));
    build.onLoad({ filter: /.*/, namespace: 'without-js-yaml' }, () => ({
      contents: `const unused = () => { throw new Error('js-yaml is not bundled: front matter is parsed by generator/load/yaml.ts'); };
module.exports = { safeLoad: unused, safeDump: unused, load: unused, dump: unused };`,
      loader: 'js',
    }));
  },
};

export async function bundleCommands() {
  await mkdir(GENERATOR_BUNDLE_DIR, { recursive: true });
  await Promise.all([
    bundleGateway(),
    ...GENERATOR_ENTRIES.map(({ entry, bundled, split }) =>
      bundleCommand(entry, bundled, 'generator/', split, [WITHOUT_JS_YAML]),
    ),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundleCommands().catch((error) => {
    console.error(`bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
