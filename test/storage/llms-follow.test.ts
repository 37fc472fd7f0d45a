// A gateway following a bucket (`serve --from`) answers the AI files with the same bytes as the gateway serving the
// built dist: the parts, manifests and markdown are entries like any other (docs/ai.md).
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startGateway } from '../../gateway/http/server.ts';
import { SAMPLE_USERS, basicHeader, buildSampleDist } from '../search/sample-dist.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { send } from '../gateway/http-client.ts';
import { startS3Server } from './s3-server.ts';
import { follow, publish, waitFor } from './storage-fixture.ts';

const Follow = suite('the AI files through a bucket');

Follow('a following gateway answers llms.txt, llms-full.txt and every .md with the local bytes', async () => {
  const server = await startS3Server('llms-follow');
  const dist = await buildSampleDist('llms-follow');
  const local = await startGateway({ dist, port: 0, host: '127.0.0.1', log: () => {} });
  const follower = await follow(server, 'llms', 'llms-follow');
  try {
    await publish(server, dist, 'llms');
    const editor = { Authorization: basicHeader(SAMPLE_USERS.editor) };
    await waitFor(
      async () => (await send(follower.gateway.url, '/llms.txt', { headers: editor })).status === 200,
      'the followed snapshot',
    );
    const llmsTxt = (await send(local.url, '/llms.txt', { headers: editor })).text;
    const links = [...llmsTxt.matchAll(/\]\(http:\/\/localhost:8080(\/[^)]+)\)/g)].map((match) => match[1] as string);
    assert.ok(links.length > 30, `${links.length} links`);
    for (const path of ['/llms.txt', '/llms-full.txt', '/index.md?draft=true', ...links])
      for (const encoding of ['identity', 'gzip']) {
        const headers = { ...editor, 'Accept-Encoding': encoding };
        const [mine, theirs] = await Promise.all([
          send(local.url, path, { headers }),
          send(follower.gateway.url, path, { headers }),
        ]);
        assert.is(theirs.status, 200, path);
        assert.is(theirs.headers.etag, mine.headers.etag, path);
        const decoded = (answer: typeof mine) =>
          answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
        assert.ok(decoded(theirs).equals(decoded(mine)), `${path} (${encoding})`);
      }
  } finally {
    await follower.close();
    await local.close();
    await server.remove();
    await removeDir(dist);
  }
});

Follow.run();
