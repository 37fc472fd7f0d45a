// Hostile requests to /api/v1/search and /mcp over raw sockets: expected status, a JSON body, nothing private, never a
// 5xx.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exchange } from './raw-http.ts';
import { startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { problemsOf } from './safe-answer.ts';
import type { Expectation } from './safe-answer.ts';
import { USERS, basic } from '../gateway/fixture.ts';
import { MESSAGES } from '../../gateway/reply/reply.ts';

const ADMIN = basic(USERS.administrator);
const AUTHOR = basic(USERS.author);
const MEMBER = basic(USERS.member);
const json = (message: string) => JSON.stringify({ message });
const invalid = (field: string, message: string) => JSON.stringify({ message, errors: { [field]: message } });
const EMPTY = (query: string) => JSON.stringify({ query, total: 0, results: [] });

function request(target: string, headers: string[] = [], { method = 'GET', body = '' } = {}): string {
  const length = body === '' ? [] : [`Content-Length: ${Buffer.byteLength(body)}`];
  return [`${method} ${target} HTTP/1.1`, 'Host: snapi.test', ...headers, ...length, '', ''].join('\r\n') + body;
}
const search = (query: string, authorization = ADMIN) =>
  request(`/api/v1/search?${query}`, [`Authorization: ${authorization}`]);
const MCP_HEADERS = ['Content-Type: application/json', 'Accept: application/json, text/event-stream'];
const mcp = (body: string, authorization?: string, extra: string[] = []) =>
  request('/mcp', [...(authorization ? [`Authorization: ${authorization}`] : []), ...MCP_HEADERS, ...extra], {
    method: 'POST',
    body,
  });
const call = (name: string, args: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

interface Case extends Expectation {
  name: string;
  send: string;
  /** Checked on the first response's body. */
  check?: (body: string) => string | undefined;
}

const one = (status: number, expectedBody?: string) => ({
  statuses: [status],
  ...(expectedBody === undefined ? {} : { body: expectedBody }),
});
const includes =
  (...parts: string[]) =>
  (body: string) =>
    parts.every((part) => body.includes(part)) ? undefined : `body lacks ${parts.join(' / ')}: ${body.slice(0, 200)}`;
const excludes =
  (...parts: string[]) =>
  (body: string) =>
    parts.some((part) => body.includes(part))
      ? `body holds one of ${parts.join(' / ')}: ${body.slice(0, 200)}`
      : undefined;

const CASES: Case[] = [
  // Search parameters.
  { name: 'search without q', send: search(''), ...one(400, invalid('q', 'Q is required')) },
  { name: 'search with q as an array', send: search('q[]=fixture'), ...one(400, invalid('q', 'Q is required')) },
  {
    name: 'search with q of 201 characters',
    send: search(`q=${'a'.repeat(201)}`),
    ...one(400, invalid('q', 'Q must be at most 200 characters')),
  },
  {
    name: 'search with 21 terms',
    send: search(`q=${Array.from({ length: 21 }, () => 'x').join('+')}`),
    ...one(400, invalid('q', 'Q must have at most 20 terms')),
  },
  {
    name: 'search with 200 characters of one-letter terms separated by punctuation',
    send: search(`q=${'a.'.repeat(100)}`),
    ...one(400, invalid('q', 'Q must have at most 20 terms')),
  },
  {
    name: 'search with limit=-1',
    send: search('q=fixture&limit=-1'),
    ...one(400, invalid('limit', 'Limit must be an integer from 1 to 50')),
  },
  {
    name: 'search with limit=1e1',
    send: search('q=fixture&limit=1e1'),
    ...one(400, invalid('limit', 'Limit must be an integer from 1 to 50')),
  },
  {
    name: 'search with limit as an array',
    send: search('q=fixture&limit[]=5'),
    ...one(400, invalid('limit', 'Limit must be an integer from 1 to 50')),
  },
  {
    name: 'search with offset=NaN',
    send: search('q=fixture&offset=NaN'),
    ...one(400, invalid('offset', 'Offset must be a non-negative integer')),
  },
  {
    name: 'search with a 30-digit offset',
    send: search(`q=fixture&offset=${'9'.repeat(30)}`),
    ...one(400, invalid('offset', 'Offset must be a non-negative integer')),
  },
  {
    name: 'search with a huge valid offset',
    send: search('q=fixture&offset=9007199254740991'),
    ...one(200),
    check: includes('"results":[]'),
  },
  {
    name: 'search with regular-expression characters only',
    send: search('q=.*%2B%3F%5B%5D(%7C)%5E%24%5C'),
    ...one(200, EMPTY('.*+?[](|)^$\\')),
  },
  {
    name: 'search with query syntax around a word',
    send: search('q=%2Bfixture~1%5E2+title%3A*'),
    ...one(200),
    check: includes('"url":"/search/welcome"'),
  },
  { name: 'search with an encoded NUL', send: search('q=fix%00ture'), ...one(200) },
  { name: 'search with invalid UTF-8 escapes', send: search('q=%FF%FE%C0%AF'), ...one(200) },
  { name: 'search with a lone surrogate escape', send: search('q=%ED%A0%80'), ...one(200) },
  {
    name: 'search with __proto__ and constructor',
    send: search('q=__proto__+constructor+hasOwnProperty'),
    ...one(200),
  },
  {
    name: 'search with 20 one-letter prefix terms',
    send: search(`q=${'abcdefghijklmnopqrst'.split('').join('+')}`),
    ...one(200),
  },
  {
    name: 'search with a 200-character word and typo tolerance',
    send: search(`q=${'installation'.repeat(16).slice(0, 200)}`),
    ...one(200),
  },
  { name: 'search with emoji and combining marks', send: search('q=%F0%9F%94%8D+e%CC%81te'), ...one(200) },
  {
    name: 'search snippets are HTML-escaped',
    send: search('q=script+alert'),
    ...one(200),
    check: includes('Put &lt;<mark>script</mark>&gt;<mark>alert</mark>(1)&lt;/<mark>script</mark>&gt; &amp; more'),
  },
  {
    name: 'search never shows an editors-only page to an author',
    send: search('q=restricted+planning', AUTHOR),
    ...one(200, EMPTY('restricted planning')),
  },
  {
    name: 'search never shows a named-user page to another user',
    send: search('q=personal', basic(USERS.editor)),
    ...one(200, EMPTY('personal')),
  },
  {
    name: 'search shows draft-only text only with draft=true',
    send: search('q=upcoming'),
    ...one(200, EMPTY('upcoming')),
  },
  {
    name: 'search finds draft-only text with draft=true',
    send: search('q=upcoming&draft=true'),
    ...one(200),
    check: includes('"url":"/search/script"', '<mark>upcoming</mark>'),
  },
  {
    name: 'search as a member',
    send: search('q=fixture', MEMBER),
    ...one(403, json('Permission denied. Your are an member and you cannot read this content')),
  },
  {
    name: 'search without credentials',
    send: request('/api/v1/search?q=fixture'),
    ...one(401, json(MESSAGES.authenticationRequired)),
  },
  {
    name: 'search with POST',
    send: request('/api/v1/search?q=fixture', [`Authorization: ${ADMIN}`], { method: 'POST', body: 'q=x' }),
    ...one(405, json(MESSAGES.methodNotAllowed)),
  },
  // MCP: the gateway's checks come before any MCP message is read.
  {
    name: 'mcp without credentials, body never read',
    send: mcp('{"not":"read"'),
    ...one(401, json(MESSAGES.authenticationRequired)),
  },
  {
    name: 'mcp with wrong credentials',
    send: mcp(call('search_pages', { query: 'x' }), basic({ username: 'adminuser', password: 'wrong' })),
    ...one(401, json(MESSAGES.authenticationFailed)),
  },
  {
    name: 'mcp as a member',
    send: mcp(call('search_pages', { query: 'x' }), MEMBER),
    ...one(403, json('Permission denied. Your are an member and you cannot read this content')),
  },
  {
    name: 'mcp with GET',
    send: request('/mcp', [`Authorization: ${ADMIN}`]),
    ...one(405, json('Method not allowed. Use POST.')),
  },
  {
    name: 'mcp with DELETE',
    send: request('/mcp', [`Authorization: ${ADMIN}`], { method: 'DELETE' }),
    ...one(405, json('Method not allowed. Use POST.')),
  },
  {
    name: 'mcp under an unknown base path',
    send: request('/x/mcp', [`Authorization: ${ADMIN}`], { method: 'POST', body: '{}' }),
    ...one(404, json(MESSAGES.notApiRoute)),
  },
  { name: 'mcp with a body that is not JSON', send: mcp('{"jsonrpc":', ADMIN), ...one(400) },
  { name: 'mcp with a JSON string instead of a message', send: mcp('"hello"', ADMIN), ...one(400) },
  {
    name: 'mcp with an unknown method',
    send: mcp(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such/method' }), ADMIN),
    statuses: [[200, 400]],
  },
  {
    name: 'mcp tools/call with arguments of the wrong type',
    send: mcp(call('search_pages', { query: 42 }), ADMIN),
    ...one(200),
    check: includes('"isError":true', 'Input validation error'),
  },
  {
    name: 'mcp tools/call of an unknown tool',
    send: mcp(call('read_file', { path: '/etc/passwd' }), ADMIN),
    ...one(200),
    check: includes('"isError":true'),
  },
  {
    name: 'mcp get_page with a traversal url',
    send: mcp(call('get_page', { url: '../../current/accounts.json' }), ADMIN),
    ...one(200),
    check: includes('page not found (HTTP 404)'),
  },
  {
    name: 'mcp get_page of an editors-only page as an author',
    send: mcp(call('get_page', { url: '/editors-only' }), AUTHOR),
    ...one(200),
    check: includes('You do not have enough rights. (HTTP 403)'),
  },
  {
    name: 'mcp search_pages as an author hides restricted text',
    send: mcp(call('search_pages', { query: 'restricted planning' }), AUTHOR),
    ...one(200),
    check: excludes('/search/editors'),
  },
  {
    name: 'mcp resources/read outside the page scheme',
    send: mcp(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///etc/passwd' } }),
      ADMIN,
    ),
    ...one(200),
    check: includes('"error"'),
  },
  {
    name: 'mcp with a wrong Accept header',
    send: request('/mcp', [`Authorization: ${ADMIN}`, 'Content-Type: application/json', 'Accept: text/html'], {
      method: 'POST',
      body: call('search_pages', { query: 'x' }),
    }),
    statuses: [[400, 406]],
  },
  {
    name: 'mcp with a body over 1 MiB',
    send: mcp(`"${'x'.repeat(1024 * 1024 + 1)}"`, ADMIN),
    ...one(413, json('Request body too large.')),
  },
];

let fixture: HostileFixture;
const hostile = suite('hostile requests to /api/v1/search and /mcp');
hostile.before(async () => {
  fixture = await startHostileFixture('hostile-search-mcp');
});
hostile.after(async () => {
  await fixture.close();
});

for (const testCase of CASES) {
  hostile(`${testCase.name}: answered safely with ${testCase.statuses.join(', ')}`, async () => {
    const result = await exchange(fixture.port, testCase.send, {
      responses: testCase.statuses.length,
      timeoutMs: 10_000,
    });
    const body = result.responses[0]?.body.toString('utf8') ?? '';
    const bodyProblem = testCase.check ? testCase.check(body) : undefined;
    assert.equal([...problemsOf(result, testCase), ...(bodyProblem ? [bodyProblem] : [])], []);
  });
}

hostile('the gateway is still up and searching after every hostile case', async () => {
  const result = await exchange(fixture.port, search('q=welcome'));
  assert.is(result.responses[0]?.status, 200);
  assert.ok(result.responses[0]?.body.toString('utf8').includes('"url":"/search/welcome"'));
});

hostile.run();
