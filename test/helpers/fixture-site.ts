// Copies a fixture site to a temporary folder with fixed file times, so file-time metadata is reproducible
// (docs/typemill.md: Page file times stand in for modified, created and time).
import { cp, mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures');
export const TMP_ROOT = resolve(import.meta.dirname, '..', '.tmp');
/** 2024-05-17 18:34:56 UTC: every fixture file gets this modification time. */
export const FIXED_TIME = new Date('2024-05-17T18:34:56Z');

async function touchAll(directory: string): Promise<void> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) await touchAll(path);
    await utimes(path, FIXED_TIME, FIXED_TIME);
  }
}

export async function temporaryDir(prefix: string): Promise<string> {
  await mkdir(TMP_ROOT, { recursive: true });
  return mkdtemp(join(TMP_ROOT, `${prefix}-`));
}

/** A fresh copy of `test/fixtures/<name>` with fixed times; returns its path. */
export async function copyFixture(name: string): Promise<string> {
  const target = join(await temporaryDir(name), 'site');
  await cp(join(FIXTURES, name), target, { recursive: true });
  await touchAll(target);
  await utimes(target, FIXED_TIME, FIXED_TIME);
  return target;
}

export async function removeDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}
