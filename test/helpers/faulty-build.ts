// A build run as a child with a fault injected by an `--import` hook, and a listing of a folder to compare before and
// after.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');

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
 *  `extra`: more build arguments, Node options, and variables added to the environment. */
export async function buildWithFault(
  fault: string,
  site: string,
  out: string,
  baseUrl: string,
  extra: { args?: string[]; node?: string[]; env?: Record<string, string> } = {},
): Promise<{ code: number; stderr: string }> {
  try {
    const args = [
      '--import',
      'tsx',
      '--import',
      fault,
      ...(extra.node ?? []),
      'generator/cli/build.ts',
      '--site',
      site,
      '--out',
      out,
      '--base-url',
      baseUrl,
      ...(extra.args ?? []),
    ];
    await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...extra.env } });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}
