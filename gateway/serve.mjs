// `npm run serve`: runs gateway/main.ts in plain node from an esbuild bundle, without tsx's loader thread (~40 MB, ~0.4 s at start).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const gatewayDirectory = fileURLToPath(new URL('./', import.meta.url));
// The bundle holds its packages too, so it runs from anywhere: the project's cache folder (never committed), or
// the temporary folder where node_modules is read-only.
const cacheDirectories = [fileURLToPath(new URL('../node_modules/.cache/snapi/', import.meta.url)), `${tmpdir()}/snapi-gateway-${process.getuid?.() ?? 0}/`];

/** The bundle is named by a hash of the gateway's sources (it imports nothing outside gateway/), so an edit rebuilds it. */
function sourceHash() {
  const hash = createHash('sha256');
  // Recursive: search/ and mcp/ (issue 13) live in sub-folders.
  for (const name of readdirSync(gatewayDirectory, { recursive: true }).filter((file) => file.endsWith('.ts')).sort()) {
    hash.update(name).update('\0').update(readFileSync(`${gatewayDirectory}${name}`)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundle(cacheDirectory, targetName) {
  // esbuild comes with tsx; it is only loaded when the bundle has to be made.
  const { buildSync } = await import('esbuild');
  mkdirSync(cacheDirectory, { recursive: true });
  const staging = `${cacheDirectory}.staging-${process.pid}.mjs`;
  buildSync({ entryPoints: [`${gatewayDirectory}main.ts`], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: staging, logLevel: 'warning' });
  for (const old of readdirSync(cacheDirectory).filter((file) => /^gateway-.*\.mjs$/.test(file) && file !== targetName)) rmSync(`${cacheDirectory}${old}`, { force: true });
  // A rename, so a second `npm run serve` starting at the same moment never imports a half-written file.
  renameSync(staging, `${cacheDirectory}${targetName}`);
}

/** The first cache folder that has the bundle or can be given it. */
async function bundlePath(targetName) {
  let lastError;
  for (const cacheDirectory of cacheDirectories) {
    if (existsSync(`${cacheDirectory}${targetName}`)) return `${cacheDirectory}${targetName}`;
    try {
      await bundle(cacheDirectory, targetName);
      return `${cacheDirectory}${targetName}`;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

await import(pathToFileURL(await bundlePath(`gateway-${sourceHash()}.mjs`)).href);
