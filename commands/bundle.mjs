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
/** Each generator command's entry and its bundle; the render worker is a bundle of its own, started beside them. */
const GENERATOR_ENTRIES = ['init', 'build', 'check', 'watch', 'publish', 'user', 'token', 'rollback']
  .map((name) => ({ entry: `${generator}cli/${name}.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/${name}.mjs` }))
  .concat({ entry: `${generator}render/render-worker.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/render-worker.mjs` });

export async function bundleCommands() {
  await mkdir(GENERATOR_BUNDLE_DIR, { recursive: true });
  await Promise.all([
    bundleGateway(),
    ...GENERATOR_ENTRIES.map(({ entry, bundled }) => bundleCommand(entry, bundled, 'generator/')),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundleCommands().catch((error) => {
    console.error(`bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
