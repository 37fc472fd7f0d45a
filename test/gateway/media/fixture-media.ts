// Test helper: the fixture site built once into a temporary dist and served over HTTP, for the media specifications.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { startGateway, type Gateway } from '../../../gateway/http/server.ts';
import { FIXTURE_USERS } from '../../fixtures/site-users.ts';
import { send, type RawResponse } from '../http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';
import type { SnapshotIndex } from '../../../contract/snapshot.ts';

export interface MediaFixture {
  site: string;
  out: string;
  gateway: Gateway;
  index: SnapshotIndex;
  bodies: Map<string, string>;
  get(path: string, username?: string, headers?: Record<string, string>, method?: string): Promise<RawResponse>;
  /** The bytes of a file of the fixture site: `media/live/chart.png`. */
  siteFile(path: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function credentials(username: string): Record<string, string> {
  const user = FIXTURE_USERS.find((candidate) => candidate.username === username);
  return { Authorization: 'Basic ' + Buffer.from(`${username}:${user?.password ?? 'wrong'}`).toString('base64') };
}

export async function startMediaFixture(name: string): Promise<MediaFixture> {
  const site = await copyFixture('site');
  const out = await temporaryDir(`${name}-dist`);
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost/typemill', rootPath: '/var/www/typemill' });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
  const { index, bodies } = await readSnapshot(out);
  const gateway = await startGateway({
    dist: out,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
    pollMs: 60_000,
    limiter: { maxFailures: 1000 },
  });
  return {
    site,
    out,
    gateway,
    index,
    bodies,
    get: (path, username, headers = {}, method = 'GET') =>
      send(gateway.url, path, {
        method,
        headers: { ...(username === undefined ? {} : credentials(username)), ...headers },
      }),
    siteFile: (path) => readFile(join(site, path)),
    close: async () => {
      await gateway.close();
      await removeDir(join(site, '..'));
      await removeDir(out);
    },
  };
}
