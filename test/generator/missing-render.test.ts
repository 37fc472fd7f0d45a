// A build whose renderer lost a page's bodies stops with the page's name, exits 1 and publishes nothing.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/build-site.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const LOSE_A_RENDER = join(ROOT, 'test', 'helpers', 'lose-a-render', 'register.mjs');
const BASE_URL = 'http://localhost/typemill';

/** Every file with its size and time; folders by name only: the build's staging folder, made before rendering and
 *  removed on failure, changes the time of the folder that held it and nothing else. */
async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(entries.map(async (entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return `${path.slice(directory.length)}/`;
    const info = await stat(path).catch(() => undefined);
    return `${path.slice(directory.length)} ${info?.size ?? 'link'} ${info?.mtimeMs ?? ''}`;
  }));
  return lines.sort();
}

async function buildWithLostRender(site: string, out: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, ['--import', 'tsx', '--import', LOSE_A_RENDER, 'generator/cli/build.ts', '--site', site, '--out', out, '--base-url', BASE_URL], { cwd: ROOT });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

const missing = suite('a page whose rendered bodies are missing');
let site = '';
let out = '';
missing.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('missing-render-dist');
});
missing.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

missing('stops the build with exit code 1 and a message naming the page', async () => {
  const { code, stderr } = await buildWithLostRender(site, out);
  assert.is(code, 1);
  assert.equal(stderr.split('\n').filter((line) => line.startsWith('snapi build:')), [
    'snapi build: failed: page /contact (content/06-contact): its rendered content is missing; the build cannot finish without it; the current snapshot is unchanged.',
  ]);
});

missing('leaves the published snapshot exactly as it was', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const before = await listTree(out);
  assert.is((await buildWithLostRender(site, out)).code, 1);
  assert.equal(await listTree(out), before);
});

missing.run();
