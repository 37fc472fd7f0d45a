// GET /api/v1/search over HTTP on the sample site: the decision order, headers, exact bodies, and a snapshot swap.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway } from '../../gateway/http/server.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { ENDPOINTS } from '../../gateway/api/endpoints.ts';
import { contentHash } from '../../contract/etag.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import type { Gateway } from '../../gateway/http/server.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { send } from '../gateway/http-client.ts';
import { loadSchemaValidators } from '../product/openapi-schemas.ts';
import { basicHeader, copySampleSite, SAMPLE_USERS } from './sample-dist.ts';

let site = '';
let dist = '';
let gateway: Gateway;

async function build(): Promise<void> {
  const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}

const get = (
  path: string,
  user: { username: string; password: string } = SAMPLE_USERS.author,
  headers: Record<string, string> = {},
) => send(gateway.url, path, { headers: { Authorization: basicHeader(user), ...headers } });

const endpoint = suite('GET /api/v1/search');
endpoint.before(async () => {
  site = await copySampleSite('search-endpoint');
  dist = await temporaryDir('search-endpoint-dist');
  await build();
  gateway = await startGateway({ dist, port: 0, host: '127.0.0.1', log: () => {}, pollMs: 60_000 });
});
endpoint.after(async () => {
  await gateway.close();
  await removeDir(join(site, '..'));
  await removeDir(dist);
});

endpoint(
  "answers 200 JSON with ETag and the content endpoints' cache policy, and 304 for a matching If-None-Match",
  async () => {
    const response = await get('/api/v1/search?q=docker+image&limit=1');
    assert.is(response.status, 200);
    assert.is(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.is(response.headers['cache-control'], 'private, no-cache');
    const body = JSON.parse(response.text) as { query: string; total: number; results: Array<Record<string, unknown>> };
    assert.is(body.query, 'docker image');
    assert.equal(
      body.results.map(({ score: _score, ...rest }) => rest),
      [
        {
          url: '/getting-started/installation',
          title: 'Installing Lumen',
          slug: 'installation',
          section: 'Installation',
          snippet:
            'There are two supported ways to install Lumen: the <mark>Docker</mark> <mark>image</mark> and the static binary. Both read the same configuration file.',
        },
      ],
    );
    const etag = String(response.headers.etag);
    const again = await get('/api/v1/search?q=docker+image&limit=1', SAMPLE_USERS.author, { 'If-None-Match': etag });
    assert.is(again.status, 304);
  },
);

endpoint(
  'a repeated query is answered with the bytes and ETag of the remembered answer, not encoded and hashed again',
  async () => {
    const { snapshot } = await loadSnapshot(dist, { lookup: async () => [] });
    const input = {
      query: parseQuery('q=docker&limit=2'),
      user: { username: SAMPLE_USERS.author.username, role: 'author' },
      snapshot,
    };
    const answer = ENDPOINTS.search.answer;
    const [first, again] = [await answer(input), await answer(input)];
    if (first.kind !== 'composed' || again.kind !== 'composed')
      throw new Error(`expected composed answers, got ${first.kind} and ${again.kind}`);
    assert.ok(again.body === first.body, 'the same prepared body');
    assert.is(first.body.etag, `"${contentHash(first.body.bytes)}"`);
    const other = await answer({ ...input, user: { username: 'someone', role: 'author' } });
    assert.ok(
      other.kind === 'composed' && other.body !== first.body && other.body.bytes.equals(first.body.bytes),
      'another caller has an answer of its own',
    );
  },
);

endpoint(
  'answers bodies that match the OpenAPI schema of the search endpoint, for a page of results and for none',
  async () => {
    const validate = (await loadSchemaValidators()).successBody('/api/v1/search');
    for (const path of [
      '/api/v1/search?q=lumen&limit=50',
      '/api/v1/search?q=zzzzzz',
      '/api/v1/search?q=kubernetes&draft=true',
    ]) {
      const body = JSON.parse((await get(path)).text) as unknown;
      assert.ok(validate(body), `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    assert.not.ok(validate({ query: 'x', total: 0, results: [{ url: '/' }] }), 'a result without its fields');
  },
);

endpoint('answers the usual 401, 403 and 400 bodies', async () => {
  const anonymous = await send(gateway.url, '/api/v1/search?q=docker');
  assert.equal([anonymous.status, anonymous.text], [401, '{"message":"Authentication required."}']);
  const wrong = await get('/api/v1/search?q=docker', { username: 'author1', password: 'nope' });
  assert.equal([wrong.status, wrong.text], [401, '{"message":"Authentication failed."}']);
  const member = await get('/api/v1/search?q=docker', SAMPLE_USERS.member);
  assert.equal(
    [member.status, member.text],
    [403, '{"message":"Permission denied. Your are an member and you cannot read this content"}'],
  );
  const missing = await get('/api/v1/search');
  assert.equal([missing.status, missing.text], [400, '{"message":"Q is required","errors":{"q":"Q is required"}}']);
  const offset = await get('/api/v1/search?q=x&offset=abc');
  assert.equal(
    [offset.status, offset.text],
    [
      400,
      '{"message":"Offset must be a non-negative integer","errors":{"offset":"Offset must be a non-negative integer"}}',
    ],
  );
  const post = await send(gateway.url, '/api/v1/search?q=x', {
    method: 'POST',
    headers: { Authorization: basicHeader(SAMPLE_USERS.author) },
  });
  assert.equal([post.status, post.headers.allow], [405, 'GET, HEAD']);
});

endpoint('answers from the new snapshot after a rebuild, and from the old one until then', async () => {
  const before = await get('/api/v1/search?q=quokka');
  assert.equal(JSON.parse(before.text), { query: 'quokka', total: 0, results: [] });
  await writeFile(join(site, 'content', '08-quokka.md'), '# Quokka Facts\n\nThe quokka is a small marsupial.\n');
  await build();
  assert.is(await gateway.reload(), true);
  const after = JSON.parse((await get('/api/v1/search?q=quokka')).text) as {
    total: number;
    results: Array<{ url: string; snippet: string }>;
  };
  assert.equal(
    [after.total, after.results[0]?.url, after.results[0]?.snippet],
    [1, '/quokka', 'The <mark>quokka</mark> is a small marsupial.'],
  );
});

endpoint.run();
