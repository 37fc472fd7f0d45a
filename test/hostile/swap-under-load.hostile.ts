// Swaps under load: 20 publishes while keep-alive clients keep asking; no request fails and no body comes with another
// snapshot's ETag.
import { Agent, get } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash, etagOf } from '../../contract/etag.ts';
import { startGateway, type Gateway } from '../../gateway/http/server.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { FIXTURE_USERS } from '../fixtures/site-users.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const PUBLISHES = 20;
const CLIENTS = 6;
const BASE_URL = 'http://localhost/typemill';
const ADMIN = FIXTURE_USERS.find((user) => user.role === 'administrator')!;
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
/** Over 1 MB of JSON, so the gateway streams this page from disk instead of answering from its body cache. */
const FILLER = 'Filler text that makes the contact page large enough to be streamed from its file. '.repeat(8000);
const CONTACT = '/api/v1/article/content?url=/contact';
const TARGETS = [
  CONTACT,
  '/api/v1/navigation?draft=true',
  '/api/v1/article/item?url=/status',
  '/api/v1/article/meta?url=/contact',
  '/api/v1/settings',
];
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const DECODE = { identity: (body: Buffer) => body, gzip: gunzipSync, br: brotliDecompressSync } as const;

const contactPage = (publish: number) => `# Contact\n\nPublish ${publish}.\n\n${FILLER}\n`;
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface Answer {
  status: number;
  etag: string;
  body: Buffer;
}

function ask(port: number, agent: Agent, target: string, encoding: (typeof ENCODINGS)[number]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(
      {
        host: '127.0.0.1',
        port,
        path: target,
        agent,
        headers: { Authorization: AUTHORIZATION, 'Accept-Encoding': encoding },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const sent = (response.headers['content-encoding'] ?? 'identity') as (typeof ENCODINGS)[number];
          try {
            resolve({
              status: response.statusCode ?? 0,
              etag: String(response.headers.etag),
              body: DECODE[sent](body),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
  });
}

/** Keeps `CLIENTS` keep-alive loops asking until stopped; records failures, mixes and the publish numbers seen. */
function keepAsking(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const failures: string[] = [];
  const publishesSeen = new Set<number>();
  let requests = 0;
  let running = true;
  const loop = async (client: number) => {
    for (let turn = client; running; turn++) {
      const target = TARGETS[turn % TARGETS.length] as string;
      const encoding = ENCODINGS[Math.floor(turn / TARGETS.length) % ENCODINGS.length] ?? 'identity';
      requests++;
      try {
        const answer = await ask(port, agent, target, encoding);
        if (answer.status !== 200) failures.push(`${target} (${encoding}): status ${answer.status}`);
        else if (etagOf(contentHash(answer.body)) !== answer.etag)
          failures.push(`${target} (${encoding}): body does not match ETag ${answer.etag}`);
        const publish = target === CONTACT ? /Publish (\d+)\./.exec(answer.body.toString('utf8'))?.[1] : undefined;
        if (publish !== undefined) publishesSeen.add(Number(publish));
      } catch (error) {
        failures.push(`${target} (${encoding}): ${(error as Error).message}`);
      }
    }
  };
  const loops = Promise.all(Array.from({ length: CLIENTS }, (_, client) => loop(client)));
  return {
    publishesSeen,
    requests: () => requests,
    async stop() {
      running = false;
      await loops;
      agent.destroy();
      return failures;
    },
  };
}

const swaps = suite('publishing while clients keep asking');
let site = '';
let out = '';
let gateway: Gateway | undefined;
swaps.before(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('swap-under-load-dist');
});
swaps.after(async () => {
  await gateway?.close();
  await removeDir(join(site, '..'));
  await removeDir(out);
});

swaps('20 publishes: every request gets 200, every body matches its ETag, and every snapshot is served', async () => {
  await writeFile(join(site, 'content', '06-contact.md'), contactPage(0));
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  gateway = await startGateway({ dist: out, port: 0, host: '127.0.0.1', log: () => {}, pollMs: 50 });
  const serving = gateway;
  const clients = keepAsking(Number(new URL(serving.url).port));
  for (let publish = 1; publish <= PUBLISHES; publish++) {
    await writeFile(join(site, 'content', '06-contact.md'), contactPage(publish));
    const outcome = await buildSite({ site, out, baseUrl: BASE_URL });
    assert.ok(outcome.ok, `publish ${publish} failed`);
    // Clients must see each snapshot before the next one is published (or the test would not cover every swap).
    for (let waited = 0; waited < 10_000 && !clients.publishesSeen.has(publish); waited += 10) await wait(10);
  }
  const requests = clients.requests();
  const failures = await clients.stop();
  assert.equal(failures.slice(0, 20), [], `${failures.length} of ${requests} requests failed`);
  assert.equal(
    [...clients.publishesSeen].sort((left, right) => left - right),
    Array.from({ length: PUBLISHES + 1 }, (_, publish) => publish),
  );
  console.log(`  swap-under-load: ${requests} requests over ${PUBLISHES} publishes, 0 failed`);
});

swaps.run();
