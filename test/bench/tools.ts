// Installs the tools compared against (Eleventy 3.1.5 from npm into a cache folder, Hugo and nginx from apt), never as
// project dependencies.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ELEVENTY_VERSION = '3.1.5';

export interface Tools {
  /** Path of Eleventy's cmd.cjs, or a reason it is not available. */
  eleventy: { path: string } | { missing: string };
  hugo: { path: string } | { missing: string };
  nginx: { path: string } | { missing: string };
  /** The gateway rows' load client when present (wrk-load.ts); otherwise autocannon, which may bound the req/s. */
  wrk?: { path: string } | { missing: string };
  taskset: boolean;
}

function which(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} 2>/dev/null`], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  return path ? path : undefined;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

function ensureEleventy(cacheDir: string, log: (line: string) => void): Tools['eleventy'] {
  const cmd = join(cacheDir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  const packageJson = join(cacheDir, 'node_modules', '@11ty', 'eleventy', 'package.json');
  const installedVersion = existsSync(packageJson)
    ? (JSON.parse(execFileSync('cat', [packageJson], { encoding: 'utf8' })) as { version?: string }).version
    : undefined;
  if (installedVersion === ELEVENTY_VERSION) return { path: cmd };
  try {
    log(`installing @11ty/eleventy@${ELEVENTY_VERSION} into ${cacheDir}`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cacheDir, `@11ty/eleventy@${ELEVENTY_VERSION}`],
      { stdio: 'ignore' },
    );
    return existsSync(cmd) ? { path: cmd } : { missing: 'npm install gave no cmd.cjs' };
  } catch (error) {
    return { missing: reasonOf(error) };
  }
}

function ensureAptBinary(
  binary: string,
  aptPackage: string,
  log: (line: string) => void,
): { path: string } | { missing: string } {
  const present = which(binary);
  if (present) return { path: present };
  try {
    log(`installing ${aptPackage} with apt-get`);
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', aptPackage], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    return { missing: reasonOf(error) };
  }
  const installed = which(binary);
  return installed ? { path: installed } : { missing: `${aptPackage} installed no ${binary}` };
}

/** `buildTools: false` (the gateway-only run) skips Eleventy and Hugo. */
export function ensureTools(cacheDir: string, log: (line: string) => void, buildTools = true): Tools {
  const skipped = { missing: 'not needed for the gateway benchmark' };
  return {
    eleventy: buildTools ? ensureEleventy(cacheDir, log) : skipped,
    hugo: buildTools ? ensureAptBinary('hugo', 'hugo', log) : skipped,
    nginx: ensureAptBinary('nginx', 'nginx', log),
    wrk: ensureAptBinary('wrk', 'wrk', log),
    taskset: which('taskset') !== undefined,
  };
}

/** `taskset -c <core>` in front of a command when taskset exists and the machine has more than one core. */
export function pinPrefix(tools: Tools, core: number): string[] {
  return tools.taskset ? ['taskset', '-c', String(core)] : [];
}

export function pinned(tools: Tools, core: number, command: string, args: readonly string[]): [string, string[]] {
  return tools.taskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}
