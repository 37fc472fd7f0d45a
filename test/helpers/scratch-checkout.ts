// A scratch copy of the checkout for running the docs' command examples: the files git knows (tests left out), the
// repository's node_modules linked and its command bundles copied, a built snapshot in ./dist, `snapi` on a PATH folder
// and a curlrc that makes curl report each answer's status on stderr (docs/testing.md: Command examples run as written).
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { temporaryDir } from './fixture-site.ts';
import { ROOT } from './run-process.ts';

/** What the curlrc makes curl write to stderr after each answer. */
export const STATUS_LINE = /docs-runner-status (\d{3})\n/g;

/** A free loopback port, released again for the command that will listen on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** A copy of the checkout's files (tests left out) with the repository's node_modules and command bundles. */
export async function scratchCheckout(name: string, dist: string): Promise<string> {
  const folder = join(await temporaryDir(name), 'snapi');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    encoding: 'utf8',
  });
  const files = listed.split('\0').filter((file) => file !== '' && !file.startsWith('test/'));
  for (const file of files) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await cp(join(ROOT, file), join(folder, file)).catch((error: NodeJS.ErrnoException) => {
      // A file deleted in the working tree but still in the index.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  for (const program of ['gateway', 'generator'])
    await cp(join(ROOT, program, 'build'), join(folder, program, 'build'), { recursive: true });
  await cp(dist, join(folder, 'dist'), { recursive: true, verbatimSymlinks: true });
  // `snapi` on the PATH, as `npm link` or a global install gives it.
  const bin = join(folder, '.docs-runner', 'bin');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'snapi'), `#!/bin/sh\nexec node "${join(folder, 'bin', 'snapi.mjs')}" "$@"\n`);
  await chmod(join(bin, 'snapi'), 0o755);
  await writeFile(
    join(folder, '.docs-runner', '.curlrc'),
    'no-progress-meter\nwrite-out = "%{stderr}\\ndocs-runner-status %{http_code}\\n"\n',
  );
  return folder;
}
