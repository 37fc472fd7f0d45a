// Test helper: a gateway on a hand-made snapshot with canary strings planted everywhere a response must never reach.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startGateway } from '../../gateway/http/server.ts';
import type { Gateway, GatewayOptions } from '../../gateway/http/server.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { makeTempDist, writeAndPublish, writeSnapshot } from '../gateway/make-snapshot.ts';
import type { SnapshotSpec } from '../gateway/make-snapshot.ts';
import { BODIES, USERS, standardSpec } from '../gateway/fixture.ts';
import { searchFixtureBodies } from './search-fixture-index.ts';
import { tokenSha256 } from '../../contract/api-token.ts';

/** Strings that live only in files the gateway must never send; no response may contain any of them. */
export const CANARIES = {
  accounts: 'CANARY-ACCOUNTS-5d1f',
  changes: 'CANARY-CHANGES-0b7e',
  otherSnapshot: 'CANARY-OTHER-SNAPSHOT-93aa',
  besideSnapshots: 'CANARY-BESIDE-SNAPSHOTS-4c21',
  besideDist: 'CANARY-BESIDE-DIST-e810',
  siteUsers: 'CANARY-SITE-USERS-77c3',
  /** Any bcrypt hash prefix as PHP writes it: the accounts file holds them. */
  bcrypt: '$2y$',
  /** Index internals, never a response. */
  index: '"restrictedSlugs"',
  /** /etc/passwd, the classic traversal target. */
  passwd: 'root:x:0:0',
} as const;

export const CANARY_USER = {
  username: 'canaryuser',
  role: 'administrator',
  password: 'not-used',
  hash: `$2y$04$${CANARIES.accounts}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`,
};

/** 200 bytes: bcrypt (PHP's and bcryptjs) compares only the first 72. */
export const LONG_PASSWORD_USER = {
  username: 'longpassworduser',
  role: 'administrator',
  password: `${'0123456789'.repeat(7)}ab${'z'.repeat(128)}`,
};

/** An administrator's API token the snapshot accepts: no log line may ever hold it, or any `snapi_…` string. */
export const HOSTILE_TOKEN = `snapi_${'HostileTokenCanary'.padEnd(43, '7')}`;
const TOKEN_IN_LOG = /snapi(?:_|%5f)(?!REDACTED)[A-Za-z0-9_-]/i;

export interface HostileFixture {
  gateway: Gateway;
  port: number;
  root: string;
  dist: string;
  /** Every line the gateway logged. */
  logLines: string[];
  /** Closes the gateway; fails when a logged line held an API token. */
  close(): Promise<void>;
}

/** `<root>/dist` (published snapshot, a second unpublished one, a stray file) beside `<root>/outside.json` and a site
 *  folder. */
export async function startHostileFixture(
  name: string,
  options: Partial<GatewayOptions> = {},
  specOverrides: Partial<SnapshotSpec> = {},
): Promise<HostileFixture> {
  const root = await makeTempDist(name);
  const logLines: string[] = [];
  const dist = join(root, 'dist');
  await mkdir(dist);
  // With a search index, so hostile requests to /api/v1/search and /mcp reach a real search.
  const spec = standardSpec(`${name}-live`, {
    users: [...Object.values(USERS), CANARY_USER, LONG_PASSWORD_USER],
    bodies: { ...BODIES, ...(await searchFixtureBodies()) },
    tokens: [
      { name: 'hostile', role: 'administrator', sha256: tokenSha256(HOSTILE_TOKEN), expires: '2999-01-01T00:00:00Z' },
    ],
    ...specOverrides,
  });
  await writeAndPublish(dist, spec);
  await writeFile(
    join(dist, DIST_LAYOUT.snapshotsDir, spec.id, DIST_LAYOUT.changesFile),
    JSON.stringify({ note: CANARIES.changes }),
  );
  const otherBodies = Object.fromEntries(
    Object.keys(BODIES).map((key) => [key, { json: JSON.stringify({ canary: CANARIES.otherSnapshot, key }) }]),
  );
  await writeSnapshot(dist, standardSpec(`${name}-other`, { bodies: otherBodies }));
  await writeFile(join(dist, 'notes.json'), JSON.stringify({ canary: CANARIES.besideSnapshots }));
  await writeFile(join(root, 'outside.json'), JSON.stringify({ canary: CANARIES.besideDist }));
  const usersFile = join(root, 'site', 'settings', 'users', 'adminuser.yaml');
  await mkdir(dirname(usersFile), { recursive: true });
  await writeFile(usersFile, `username: adminuser\npassword: ${CANARIES.siteUsers}\n`);
  const gateway = await startGateway({
    dist,
    port: 0,
    host: '127.0.0.1',
    log: (line) => logLines.push(line),
    // The limiter has its own tests; here thousands of failed logins must not turn into 429s.
    limiter: { maxFailures: Number.MAX_SAFE_INTEGER },
    ...options,
  });
  const port = Number(new URL(gateway.url).port);
  const close = async () => {
    await gateway.close().finally(() => rm(root, { recursive: true, force: true }));
    const leaked = logLines.find((line) => TOKEN_IN_LOG.test(line) || line.includes(HOSTILE_TOKEN.slice(6)));
    if (leaked !== undefined) throw new Error(`an API token reached the log: ${leaked.slice(0, 300)}`);
  };
  return { gateway, port, root, dist, logLines, close };
}

/** The canaries found in some bytes, by name. */
export function canariesIn(bytes: Buffer | string): string[] {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  return Object.entries(CANARIES)
    .filter(([, canary]) => text.includes(canary))
    .map(([name]) => name);
}
