// A build run as a child with a fault injected by an `--import` hook, and a listing of a folder to compare before and
// after.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bound } from './child-bound.ts';
import { runProcess } from './run-process.ts';

/** Every file with its size and time; folders (and links to folders, a snapshot's `bodies`) by name only (a staging
 *  folder made and removed changes its parent's time). */
export async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      if (entry.isDirectory()) return `${path.slice(directory.length)}/`;
      const info = await stat(path).catch(() => undefined);
      if (info?.isDirectory()) return `${path.slice(directory.length)}/`;
      return `${path.slice(directory.length)} ${info?.size ?? 'link'} ${info?.mtimeMs ?? ''}`;
    }),
  );
  return lines.sort();
}

/** `npm run build` with `fault` (a module registering a loader hook) imported first; its exit code and stderr.
 *  `extra`: more build arguments, Node options, variables added to the environment, and the child's bound (a fault
 *  that makes the build endless fails the test saying so, instead of waiting for it). */
export async function buildWithFault(
  fault: string,
  site: string,
  out: string,
  baseUrl: string,
  extra: { args?: string[]; node?: string[]; env?: Record<string, string>; bound?: Partial<Bound> } = {},
): Promise<{ code: number; stderr: string }> {
  const args = ['--site', site, '--out', out, '--base-url', baseUrl, ...(extra.args ?? [])];
  const { code, stderr } = await runProcess('generator/cli/build.ts', args, {
    node: ['--import', fault, ...(extra.node ?? [])],
    environment: extra.env ?? {},
    ...(extra.bound ? { bound: extra.bound } : {}),
  });
  return { code: code ?? -1, stderr: code === 0 ? '' : stderr };
}
