// MCP over Streamable HTTP at /mcp: the shared behaviours with the SDK client, and the gateway's checks before any MCP
// message.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway } from '../../gateway/http/server.ts';
import type { Gateway } from '../../gateway/http/server.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { send } from '../gateway/http-client.ts';
import { basicHeader, copySampleSite, SAMPLE_USERS } from '../search/sample-dist.ts';
import { httpClient } from './mcp-client.ts';
import { defineMcpSpec } from './mcp-spec.ts';

let site = '';
let dist = '';
let gateway: Gateway;
const logs: string[] = [];

async function build(): Promise<void> {
  const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const http = suite('MCP over Streamable HTTP');
http.before(async () => {
  site = await copySampleSite('mcp-http');
  dist = await temporaryDir('mcp-http-dist');
  await build();
  gateway = await startGateway({ dist, port: 0, host: '127.0.0.1', log: (line) => logs.push(line), pollMs: 60_000 });
});
http.after(async () => {
  await gateway.close();
  await removeDir(join(site, '..'));
  await removeDir(dist);
});

http(
  'refuses wrong credentials with 401 and each role below author with 403 before reading any MCP message',
  async () => {
    const anonymous = await send(gateway.url, '/mcp', { method: 'POST', headers: MCP_HEADERS });
    assert.equal(
      [anonymous.status, anonymous.text, anonymous.headers['www-authenticate']],
      [401, '{"message":"Authentication required."}', 'Basic realm='],
    );
    const wrong = await send(gateway.url, '/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, Authorization: basicHeader({ username: 'author1', password: 'wrong' }) },
    });
    assert.equal([wrong.status, wrong.text], [401, '{"message":"Authentication failed."}']);
    for (const user of [SAMPLE_USERS.member, SAMPLE_USERS.contributor]) {
      const refused = await send(gateway.url, '/mcp', {
        method: 'POST',
        headers: { ...MCP_HEADERS, Authorization: basicHeader(user) },
      });
      assert.equal(
        [refused.status, refused.text],
        [403, `{"message":"Permission denied. Your are an ${user.role} and you cannot read this content"}`],
        user.username,
      );
    }
  },
);

http(
  'admits author, the minimum role, and refuses contributor, the role just below, also with an initialize message',
  async () => {
    const initialize = async (user: { username: string; password: string }) => {
      const answer = await postRaw(INITIALIZE, basicHeader(user));
      return [
        answer.status,
        answer.status === 200
          ? (JSON.parse(answer.text) as { result: { serverInfo: unknown } }).result.serverInfo
          : answer.text,
      ];
    };
    assert.equal(await initialize(SAMPLE_USERS.author), [200, { name: 'snapi', version: '0.1.0' }]);
    assert.equal(await initialize(SAMPLE_USERS.contributor), [
      403,
      '{"message":"Permission denied. Your are an contributor and you cannot read this content"}',
    ]);
    const client = await httpClient(gateway.url, SAMPLE_USERS.author);
    assert.equal((await client.listTools()).tools.map((tool) => tool.name).sort(), [
      'get_changes',
      'get_navigation',
      'get_page',
      'get_page_metadata',
      'list_media',
      'search_pages',
    ]);
    await client.close();
  },
);

http('allows only POST, refuses a body that is not JSON, and answers initialize as JSON', async () => {
  const authorization = basicHeader(SAMPLE_USERS.author);
  const get = await send(gateway.url, '/mcp', { headers: { Authorization: authorization } });
  assert.equal([get.status, get.headers.allow, get.text], [405, 'POST', '{"message":"Method not allowed. Use POST."}']);
  const notJson = await postRaw('{"jsonrpc":', authorization);
  assert.equal(
    [notJson.status, JSON.parse(notJson.text)],
    [400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON.' }, id: null }],
  );
  const tooLarge = await postRaw(`"${'x'.repeat(1024 * 1024 + 10)}"`, authorization);
  assert.equal([tooLarge.status, tooLarge.text], [413, '{"message":"Request body too large."}']);
  const initialize = await postRaw(INITIALIZE, authorization);
  assert.is(initialize.status, 200);
  assert.equal((JSON.parse(initialize.text) as { result: { serverInfo: unknown } }).result.serverInfo, {
    name: 'snapi',
    version: '0.1.0',
  });
  assert.ok(
    logs.some(
      (line) => line.includes('"path":"/mcp"') && line.includes('"status":200') && line.includes('"user":"author1"'),
    ),
    logs.slice(-3).join('\n'),
  );
  assert.ok(logs.some((line) => line.includes('"status":413') && line.includes('"user":"author1"')));
  assert.not.ok(logs.some((line) => line.includes('demo-author1-pass') || line.includes(authorization.slice(6))));
});

async function postRaw(body: string, authorization: string) {
  const { request } = await import('node:http');
  const url = new URL('/mcp', gateway.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: { ...MCP_HEADERS, Authorization: authorization },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

defineMcpSpec(http, () => ({
  site,
  connect: (user) => httpClient(gateway.url, user),
  rebuild: async () => {
    await build();
    await gateway.reload();
  },
}));

http.run();
