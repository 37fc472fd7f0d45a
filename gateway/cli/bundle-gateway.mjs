// `npm run bundle` (also run by `npm ci` through `prepare`): bundles each gateway command and the packages
// it uses into one file, gateway/build/serve.mjs (`npm run serve`), gateway/build/mcp.mjs (`snapi mcp`) and webhook.mjs, that
// plain node starts. (The typed client's built files are committed in client/lib/: npm run generate:client.)
import { build } from 'esbuild';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const gateway = fileURLToPath(new URL('../', import.meta.url));
export const BUILT_GATEWAY = `${gateway}build/serve.mjs`;
/** Each command's entry and the file it is built into. */
const ENTRIES = [
  { entry: `${gateway}cli/serve.ts`, built: BUILT_GATEWAY, split: true },
  { entry: `${gateway}cli/mcp.ts`, built: `${gateway}build/mcp.mjs` },
  { entry: `${gateway}cli/webhook.ts`, built: `${gateway}build/webhook.mjs` },
];

export async function bundleGateway() {
  await mkdir(`${gateway}build`, { recursive: true });
  await Promise.all(ENTRIES.map(({ entry, built, split }) => bundleCommand(entry, built, 'gateway/', split)));
}

/** One command's entry and every package it imports as one ES module file that plain node starts; `split`: its
 *  dynamic imports (serve's --from follower with the S3 SDK) become chunk files beside it, loaded only when used, so
 *  `--help` and a local gateway do not parse them; `plugins`: esbuild plugins (commands/bundle.mjs leaves a package out). */
export async function bundleCommand(entry, built, from, split = false, plugins = []) {
  const staging = `${built}.${process.pid}.tmp`;
  const options = {
    plugins,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    // Packages written as CommonJS (the S3 SDK, gray-matter) call require(); an ES module has none unless it is made.
    banner: {
      js: `// Bundled by \`npm run bundle\` from ${from}; do not edit.\nimport { createRequire as snapiCreateRequire } from 'node:module'; const require = snapiCreateRequire(import.meta.url);`,
    },
  };
  if (!split) {
    await build({ ...options, outfile: staging });
    // A rename, so a command starting at the same moment never loads a half-written file.
    await rename(staging, built);
    return;
  }
  const name = basename(built, '.mjs');
  await build({
    ...options,
    outdir: staging,
    splitting: true,
    entryNames: name,
    chunkNames: `${name}-chunks/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
  });
  // Chunks are named by their content, so the ones a running command may still load stay as they were; the entry last.
  const chunks = join(dirname(built), `${name}-chunks`);
  // A command with no dynamic import has no chunks.
  const written = await readdir(join(staging, `${name}-chunks`)).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (written.length === 0) {
    await rename(join(staging, `${name}.mjs`), built);
    await rm(staging, { recursive: true, force: true });
    await rm(chunks, { recursive: true, force: true });
    return;
  }
  await mkdir(chunks, { recursive: true });
  for (const chunk of written) await rename(join(staging, `${name}-chunks`, chunk), join(chunks, chunk));
  await rename(join(staging, `${name}.mjs`), built);
  await rm(staging, { recursive: true, force: true });
  for (const old of await readdir(chunks)) if (!written.includes(old)) await rm(join(chunks, old), { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundleGateway().catch((error) => {
    console.error(`bundle-gateway: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
