// The names inside a dist folder that the generator and the follower both spell: a body's pool file, a staging
// folder, the prepared link of a switch (docs/snapshot.md, The body pool).
import { randomBytes } from 'node:crypto';
import { DIST_LAYOUT } from './snapshot.ts';

/** A body's files by variant; media files are stored whole, under their own suffix. */
export const BODY_SUFFIXES = { identity: '.json', gzip: '.json.gz', br: '.json.br', media: '.media' } as const;
export type BodyVariant = keyof typeof BODY_SUFFIXES;

/** What an index entry's `file` starts with: every body lives in the pool a snapshot's `bodies` link names. */
export const BODY_PREFIX = `${DIST_LAYOUT.bodiesDir}/`;

/** A body's file as an index names it, relative to a snapshot folder: `bodies/<hash>.json` (`.json.gz`, …). */
export function bodyFile(hash: string, variant: BodyVariant = 'identity'): string {
  return `${BODY_PREFIX}${hash}${BODY_SUFFIXES[variant]}`;
}

/** An identity body file as an index names it, with a hash of a safe length and alphabet: shards and history name
 *  only these. */
export const IDENTITY_FILE = new RegExp(`^${BODY_PREFIX}[A-Za-z0-9_-]{1,128}\\.json$`);

/** A file's name in the pool: the index's `bodies/<name>` without the folder. */
export function poolName(file: string): string {
  return file.slice(BODY_PREFIX.length);
}

/** What a staging folder's name starts with: a folder of `snapshots/` named so is never a published snapshot. */
export const STAGING_PREFIX = '.staging-';
/** What a prepared `current` link's name starts with, until the rename that publishes it. */
export const PREPARED_LINK_PREFIX = '.current-';

/** A fresh staging folder's name inside `snapshots/`; `label` (a snapshot id) says what it will become. */
export function stagingName(label?: string): string {
  return `${STAGING_PREFIX}${label === undefined ? '' : `${label}-`}${randomBytes(6).toString('hex')}`;
}
