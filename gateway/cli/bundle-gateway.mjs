// `npm run bundle` (also run by `npm ci` through `prepare`): bundles each gateway command and the packages
// it uses into one file, gateway/build/serve.mjs (`npm run serve`), gateway/build/mcp.mjs (`snapi mcp`) and webhook.mjs, that
// plain node starts. (The typed client's built files are committed in client/lib/: npm run generate:client.)
import { build } from 'esbuild';
import { mkdir, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const gateway = fileURLToPath(new URL('../', import.meta.url));
export const BUILT_GATEWAY = `${gateway}build/serve.mjs`;
/** Each command's entry and the file it is built into. */
const ENTRIES = [
  { entry: `${gateway}cli/serve.ts`, built: BUILT_GATEWAY },
  { entry: `${gateway}cli/mcp.ts`, built: `${gateway}build/mcp.mjs` },
  { entry: `${gateway}cli/webhook.ts`, built: `${gateway}build/webhook.mjs` },
];

export async function bundleGateway() {
  await mkdir(`${gateway}build`, { recursive: true });
  await Promise.all(ENTRIES.map(({ entry, built }) => bundleCommand(entry, built, 'gateway/')));
}

/** One command's entry and every package it imports as one ES module file that plain node starts. */
export async function bundleCommand(entry, built, from) {
  const staging = `${built}.${process.pid}.tmp`;
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
      js: `// Bundled by \`npm run bundle\` from ${from}; do not edit.\nimport { createRequire as snapiCreateRequire } from 'node:module'; const require = snapiCreateRequire(import.meta.url);`,
    },
  });
  // A rename, so a command starting at the same moment never loads a half-written file.
  await rename(staging, built);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundleGateway().catch((error) => {
    console.error(`bundle-gateway: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
