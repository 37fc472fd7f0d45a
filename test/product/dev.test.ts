// Live authoring: `npm run dev` rebuilds on a change of a page and the gateway serves the new body.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDevServer } from '../../commands/dev-mode.ts';
import type { DevServer } from '../../commands/dev-mode.ts';
import { send } from '../gateway/http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const ADMIN = { Authorization: `Basic ${Buffer.from('admin:fixture-admin').toString('base64')}` };
const CONTACT = '/api/v1/article/content?url=/contact';
const POLL_MS = 50;
const WAIT_LIMIT_MS = 5000;

/** Asks until `accept` holds for the body, for at most WAIT_LIMIT_MS; returns the last body. */
async function pollUntil(dev: DevServer, path: string, accept: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let text = '';
  while (Date.now() < deadline) {
    text = (await send(dev.gateway.url, path, { headers: ADMIN })).text;
    if (accept(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return text;
}

const dev = suite('npm run dev on a temporary site');
let site = '';
let out = '';
let server: DevServer;
const reports: string[] = [];
dev.before(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('dev-dist');
  server = await startDevServer({
    site,
    out,
    port: 0,
    host: '127.0.0.1',
    baseUrl: 'http://localhost',
    report: (line) => reports.push(line),
    log: () => {},
  });
});
dev.after(async () => {
  await server.close();
  await removeDir(join(site, '..'));
  await removeDir(out);
});

dev('serves the first build at once and reports it in one line', async () => {
  const response = await send(server.gateway.url, CONTACT, { headers: ADMIN });
  assert.is(response.status, 200);
  assert.not.match(response.text, 'Edited while serving');
  assert.is(reports.length, 1);
  assert.match(reports[0] ?? '', /^snapi dev: \S+ in \d+\.\d\d s: \d+ added, 0 changed, 0 removed/);
});

dev('serves an edited page within a few seconds and reports the changed URL', async () => {
  await writeFile(join(site, 'content', '06-contact.md'), '# Contact\n\nEdited while serving.\n');
  const text = await pollUntil(server, CONTACT, (body) => body.includes('Edited while serving.'));
  assert.is(
    text,
    '{"content":[{"id":0,"markdown":"# Contact","html":"<h1 id=\\"h-contact\\">Contact<\\/h1>"},{"id":1,"markdown":"Edited while serving.","html":"<p>Edited while serving.<\\/p>"}]}',
  );
  // Three: the page's live and draft content, and the search index.
  // Content live and draft and a search shard; the page's markdown (live, draft, public), its llms-full.txt part and
  // the nine views' manifests (docs/ai.md).
  assert.match(reports.at(-1) ?? '', /: 0 added, 16 changed, 0 removed \(\/contact\)$/);
});

dev('keeps serving the last good snapshot when an edit breaks the build, and recovers on the fix', async () => {
  const yaml = join(site, 'content', '06-contact.yaml');
  await writeFile(yaml, "meta:\n  title: 'closed' trailing text\n");
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!reports.some((line) => line.startsWith('snapi dev: build failed')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  assert.match(
    reports.at(-1) ?? '',
    /^snapi dev: build failed, still serving the previous snapshot:\n {2}content\/06-contact\.yaml:2: /,
  );
  assert.match((await send(server.gateway.url, CONTACT, { headers: ADMIN })).text, 'Edited while serving.');
  await writeFile(yaml, 'meta:\n  title: Fixed title\n');
  const meta = await pollUntil(server, '/api/v1/article/meta?url=/contact', (body) => body.includes('Fixed title'));
  assert.match(meta, '"title":"Fixed title"');
});

dev.run();
