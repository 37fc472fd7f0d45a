// `npm run bundle` (also run by `npm ci` through `prepare`, and by `npm start` and `npm test`): bundles every command
// into a file plain node starts, so no command compiles TypeScript when it starts: the gateway's into gateway/build/
// (gateway/cli/build-gateway.mjs, which a gateway-only install keeps) and the generator's into generator/build/
// (init, build, check, watch, publish, user, token, rollback and the render worker they start).
// docs/decisions.md: The generator's commands run a bundle
import { build } from 'esbuild';
import { mkdir, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildGateway } from '../gateway/cli/build-gateway.mjs';

const generator = fileURLToPath(new URL('../generator/', import.meta.url));
export const GENERATOR_BUNDLE_DIR = `${generator}build`;
/** Each generator command's entry and its bundle; the render worker is a bundle of its own, started beside them. */
const GENERATOR_ENTRIES = ['init', 'build', 'check', 'watch', 'publish', 'user', 'token', 'rollback']
  .map((name) => ({ entry: `${generator}cli/${name}.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/${name}.mjs` }))
  .concat({ entry: `${generator}render/render-worker.ts`, bundled: `${GENERATOR_BUNDLE_DIR}/render-worker.mjs` });

export async function bundleCommands() {
  await mkdir(GENERATOR_BUNDLE_DIR, { recursive: true });
  await Promise.all([buildGateway(), ...GENERATOR_ENTRIES.map(bundleOne)]);
}

async function bundleOne({ entry, bundled }) {
  const staging = `${bundled}.${process.pid}.tmp`;
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: staging,
    logLevel: 'warning',
    legalComments: 'none',
    // Packages written as CommonJS (the S3 SDK, gray-matter) call require(); an ES module has none unless it is made.
    banner: {
      js: "// Bundled by `npm run bundle` from generator/; do not edit.\nimport { createRequire as snapiCreateRequire } from 'node:module'; const require = snapiCreateRequire(import.meta.url);",
    },
  });
  // A rename, so a command starting at the same moment never loads a half-written file.
  await rename(staging, bundled);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundleCommands().catch((error) => {
    console.error(`bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
