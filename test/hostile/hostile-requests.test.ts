// Hand-written hostile requests over raw sockets: each gets the expected status and a JSON body, and nothing private
// leaks.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exchange } from './raw-http.ts';
import { HOSTILE_TOKEN, LONG_PASSWORD_USER, startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { problemsOf } from './safe-answer.ts';
import type { Expectation } from './safe-answer.ts';
import { BODIES, USERS, basic } from '../gateway/fixture.ts';
import { MESSAGES } from '../../gateway/reply/reply.ts';

const ADMIN = basic(USERS.administrator);
const MEMBER = basic(USERS.member);
const token = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const json = (message: string) => JSON.stringify({ message });
const NOT_API = json(MESSAGES.notApiRoute);
const NOT_ALLOWED = json(MESSAGES.methodNotAllowed);
const MALFORMED = json(MESSAGES.malformedRequest);
const REQUIRED = json(MESSAGES.authenticationRequired);
const FAILED = json(MESSAGES.authenticationFailed);
const PAGE_NOT_FOUND = json(MESSAGES.pageNotFound);
const URL_REQUIRED = '{"message":"Url is required","errors":{"url":"Url is required"}}';
const body = (key: string) => BODIES[key]?.json ?? `no fixture body ${key}`;

/** A request as bytes: request line, Host, the given header lines, blank line. */
function request(
  target: string,
  headers: string[] = [],
  { method = 'GET', version = 'HTTP/1.1', host = true } = {},
): string {
  return [`${method} ${target} ${version}`, ...(host ? ['Host: snapi.test'] : []), ...headers, '', ''].join('\r\n');
}
const asAdmin = (target: string, headers: string[] = []) => request(target, [`Authorization: ${ADMIN}`, ...headers]);
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const content = (query: string) => asAdmin(`/api/v1/article/content?${query}`);

interface Case extends Expectation {
  name: string;
  send: string | Buffer;
  /** Checked on the first response's headers. */
  headers?: (headers: Record<string, string>) => string | undefined;
}

const one = (status: number, expectedBody?: string) => ({
  statuses: [status],
  ...(expectedBody === undefined ? {} : { body: expectedBody }),
});

const CASES: Case[] = [
  // Encoded traversal in the path and in parameters.
  {
    name: 'dot-dot encoded as %2e%2e toward /etc/passwd',
    send: request('/%2e%2e/%2e%2e/%2e%2e/etc/passwd'),
    ...one(404, NOT_API),
  },
  {
    name: 'encoded dot-dots under the API prefix toward accounts.json',
    send: asAdmin('/api/v1/%2e%2e/%2e%2e/current/accounts.json'),
    ...one(404, NOT_API),
  },
  {
    name: 'an encoded slash %2f between dot-dots',
    send: asAdmin('/api/v1/..%2f..%2fcurrent%2faccounts.json'),
    ...one(404, NOT_API),
  },
  {
    name: 'an encoded backslash %5c between dot-dots',
    send: asAdmin('/api/v1/..%5c..%5ccurrent%5caccounts.json'),
    ...one(404, NOT_API),
  },
  {
    name: 'double-encoded dot-dots %252e%252e',
    send: asAdmin('/api/v1/%252e%252e/%252e%252e/index.json'),
    ...one(404, NOT_API),
  },
  { name: 'plain dot-dots toward /etc/passwd', send: request('/../../../../etc/passwd'), ...one(404, NOT_API) },
  { name: 'dot-dots after a real route', send: asAdmin('/api/v1/navigation/../settings'), ...one(404, NOT_API) },
  { name: 'the snapshot folder by name', send: asAdmin('/current/accounts.json'), ...one(404, NOT_API) },
  { name: 'a file beside the snapshots', send: asAdmin('/notes.json'), ...one(404, NOT_API) },
  {
    name: 'url parameter with dot-dots toward accounts.json',
    send: content('url=../../accounts.json'),
    ...one(404, PAGE_NOT_FOUND),
  },
  {
    name: 'url parameter with %2e%2e%2f',
    send: content('url=%2e%2e%2f%2e%2e%2fcurrent%2faccounts.json'),
    ...one(404, PAGE_NOT_FOUND),
  },
  { name: 'url parameter with %5c', send: content('url=..%5c..%5cindex.json'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'url parameter double-encoded', send: content('url=%252e%252e%252findex.json'), ...one(404, PAGE_NOT_FOUND) },
  {
    name: 'url parameter that climbs out of a real page',
    send: content('url=/getting-started/../../accounts.json'),
    ...one(404, PAGE_NOT_FOUND),
  },
  {
    name: 'slug parameter with dot-dots',
    send: asAdmin('/api/v1/article/items?slug=../../index'),
    ...one(404, PAGE_NOT_FOUND),
  },
  { name: 'an absolute file path as url', send: content('url=/etc/passwd'), ...one(404, PAGE_NOT_FOUND) },
  // NUL bytes.
  { name: 'a raw NUL byte in the path', send: latin1(request('/api/v1/navi\x00gation')), ...one(400, MALFORMED) },
  { name: 'an encoded NUL as the url', send: content('url=%00'), ...one(404, PAGE_NOT_FOUND) },
  {
    name: 'an encoded NUL after a real page',
    send: content('url=/getting-started%00.json'),
    ...one(404, PAGE_NOT_FOUND),
  },
  {
    name: 'a raw NUL byte in a header value',
    send: latin1(asAdmin('/api/v1/navigation', ['X-Note: a\x00b'])),
    ...one(400, MALFORMED),
  },
  // Overlong and invalid UTF-8.
  { name: 'an overlong encoding of slash %C0%AF', send: content('url=%C0%AF'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'an encoded UTF-16 surrogate %ED%A0%80', send: content('url=%ED%A0%80'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'encoded bytes that are never UTF-8 %FF%FE', send: content('url=%FF%FE'), ...one(404, PAGE_NOT_FOUND) },
  {
    name: 'raw non-ASCII bytes in the path',
    send: latin1(request('/api/v1/\xc0\xafnavigation')),
    ...one(400, MALFORMED),
  },
  {
    name: 'raw invalid UTF-8 in the query',
    send: latin1(asAdmin('/api/v1/article/content?url=\xff\xfe')),
    ...one(400, MALFORMED),
  },
  // Bare percent signs.
  { name: 'GET /%', send: request('/%'), ...one(404, NOT_API) },
  { name: 'a bare % as the url', send: content('url=%'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'a broken escape %zz as the url', send: content('url=%zz'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'a bare % after the route', send: asAdmin('/api/v1/navigation%'), ...one(404, NOT_API) },
  // Request-target forms.
  {
    name: 'absolute-form target: its path is what counts',
    send: asAdmin('http://evil.example/api/v1/navigation'),
    ...one(200, body('navigation:live')),
  },
  { name: 'absolute-form target without a path', send: asAdmin('http://evil.example'), ...one(404, NOT_API) },
  {
    name: 'absolute-form target that is not a URL',
    send: asAdmin('http://[::1/api/v1/navigation'),
    ...one(404, NOT_API),
  },
  { name: 'asterisk-form with GET', send: request('*'), ...one(404, NOT_API) },
  { name: 'asterisk-form with OPTIONS', send: request('*', [], { method: 'OPTIONS' }), ...one(404, NOT_API) },
  // Methods.
  {
    name: 'CONNECT',
    send: request('127.0.0.1:22', [], { method: 'CONNECT' }),
    ...one(405, NOT_ALLOWED),
    headers: (headers) => (headers.allow === 'GET, HEAD' ? undefined : `Allow ${headers.allow}`),
  },
  {
    name: 'OPTIONS on a route',
    send: request('/api/v1/navigation', [], { method: 'OPTIONS' }),
    ...one(405, NOT_ALLOWED),
  },
  {
    name: 'TRACE on a route',
    send: request('/api/v1/navigation', [`Authorization: ${ADMIN}`], { method: 'TRACE' }),
    ...one(405, NOT_ALLOWED),
  },
  {
    name: 'PUT with a body',
    send: request('/api/v1/settings', ['Content-Length: 2'], { method: 'PUT' }) + '{}',
    ...one(405, NOT_ALLOWED),
  },
  {
    name: 'DELETE',
    send: request('/api/v1/users/getbyrole?role=editor', [`Authorization: ${ADMIN}`], { method: 'DELETE' }),
    ...one(405, NOT_ALLOWED),
  },
  {
    name: 'POST with a body',
    send: request('/api/v1/navigation', ['Content-Length: 3'], { method: 'POST' }) + 'a=b',
    ...one(405, NOT_ALLOWED),
  },
  { name: 'a lower-case method', send: request('/api/v1/navigation', [], { method: 'get' }), ...one(400, MALFORMED) },
  {
    name: 'a method node does not know',
    send: request('/api/v1/navigation', [], { method: 'BREW' }),
    ...one(400, MALFORMED),
  },
  {
    name: 'HEAD gets headers and no body',
    send: request('/api/v1/navigation', [`Authorization: ${ADMIN}`], { method: 'HEAD' }),
    statuses: [200],
    headOnly: true,
    headers: (headers) =>
      headers['content-length'] === String(Buffer.byteLength(body('navigation:live')))
        ? undefined
        : `Content-Length ${headers['content-length']}`,
  },
  // Duplicate, conflicting and array parameters.
  {
    name: 'two url parameters: the last wins',
    send: content('url=/getting-started&url=/'),
    ...one(200, body('content:live:/')),
  },
  {
    name: 'a later url[] replaces a plain url',
    send: content('url=/&url[]=/getting-started'),
    ...one(400, URL_REQUIRED),
  },
  { name: 'url[]= is not a url', send: content('url[]=/'), ...one(400, URL_REQUIRED) },
  { name: 'url[a]= is not a url', send: content('url[a]=/'), ...one(400, URL_REQUIRED) },
  {
    name: 'conflicting draft values: the last wins',
    send: content('url=/getting-started&draft=true&draft=false'),
    ...one(200, body('content:live:/getting-started')),
  },
  {
    name: 'nested usernames arrays are skipped',
    send: asAdmin('/api/v1/users/getbynames?usernames[]=nobody&usernames[a][b]=adminuser'),
    ...one(200, '{"userdata":[]}'),
  },
  {
    name: 'role=__proto__',
    send: asAdmin('/api/v1/users/getbyrole?role=__proto__'),
    ...one(400, '{"message":"Role is invalid","errors":{"role":"Role is invalid"}}'),
  },
  { name: 'slug=__proto__', send: asAdmin('/api/v1/article/items?slug=__proto__'), ...one(404, PAGE_NOT_FOUND) },
  { name: 'url=constructor', send: content('url=constructor'), ...one(404, PAGE_NOT_FOUND) },
  {
    name: 'a 100 KB query',
    send: content(`url=${'a'.repeat(100 * 1024)}`),
    ...one(431, json(MESSAGES.headersTooLarge)),
  },
  { name: 'a 9 KB query', send: content(`url=${'a'.repeat(9 * 1024)}`), ...one(414, json(MESSAGES.urlTooLong)) },
  {
    name: 'encoded CR/LF in a parameter does not become a header',
    send: content('url=%0d%0aSet-Cookie:%20x=1'),
    ...one(404, PAGE_NOT_FOUND),
    headers: (headers) => (headers['set-cookie'] === undefined ? undefined : 'a Set-Cookie header'),
  },
  { name: 'a raw CR inside a parameter', send: latin1(content('url=a\rb')), ...one(400, MALFORMED) },
  {
    name: 'a raw LF inside a parameter ends the request line there and injects no header',
    send: latin1(content('url=a\nSet-Cookie: x=1')),
    ...one(404, PAGE_NOT_FOUND),
    headers: (headers) => (headers['set-cookie'] === undefined ? undefined : 'a Set-Cookie header'),
  },
  // Authorization variants.
  {
    name: 'Authorization without a space after the colon',
    send: request('/api/v1/navigation', [`Authorization:${ADMIN}`]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a tab between scheme and token',
    send: request('/api/v1/navigation', [`Authorization: Basic\t${ADMIN.slice(6)}`]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a lower-case scheme',
    send: request('/api/v1/navigation', [`Authorization: basic ${ADMIN.slice(6)}`]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'no space between scheme and token',
    send: request('/api/v1/navigation', [`Authorization: Basic${ADMIN.slice(6)}`]),
    ...one(401, REQUIRED),
  },
  {
    name: 'two Authorization headers: node keeps the first',
    send: request('/api/v1/navigation', [`Authorization: ${ADMIN}`, 'Authorization: Basic abc']),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'two Authorization headers, the broken one first',
    send: request('/api/v1/navigation', ['Authorization: Basic abc', `Authorization: ${ADMIN}`]),
    ...one(401, REQUIRED),
  },
  {
    name: 'a 10 KB Authorization header of junk',
    send: request('/api/v1/navigation', [`Authorization: Basic ${'Q'.repeat(10 * 1024)}`]),
    ...one(401, REQUIRED),
  },
  {
    name: 'a 10 KB password',
    send: request('/api/v1/navigation', [`Authorization: Basic ${token(`adminuser:${'p'.repeat(7 * 1024)}`)}`]),
    ...one(401, FAILED),
  },
  {
    name: 'invalid base64',
    send: request('/api/v1/navigation', ['Authorization: Basic !!!***']),
    ...one(401, REQUIRED),
  },
  {
    name: 'a NUL byte at the end of the right password',
    send: request('/api/v1/navigation', [
      `Authorization: Basic ${token(`adminuser:${USERS.administrator.password}\u0000`)}`,
    ]),
    ...one(401, FAILED),
  },
  {
    name: 'a 200-byte password, as stored',
    send: request('/api/v1/navigation', [`Authorization: ${basic(LONG_PASSWORD_USER)}`]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a 200-byte password differing after byte 72 passes, as in PHP (bcrypt reads 72 bytes)',
    send: request('/api/v1/navigation', [
      `Authorization: Basic ${token(`${LONG_PASSWORD_USER.username}:${LONG_PASSWORD_USER.password.slice(0, 72)}${'Y'.repeat(128)}`)}`,
    ]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a 200-byte password differing in byte 10',
    send: request('/api/v1/navigation', [
      `Authorization: Basic ${token(`${LONG_PASSWORD_USER.username}:X${LONG_PASSWORD_USER.password.slice(1)}`)}`,
    ]),
    ...one(401, FAILED),
  },
  {
    name: 'an unknown user',
    send: request('/api/v1/navigation', [`Authorization: ${basic({ username: 'nobody', password: 'x' })}`]),
    ...one(401, FAILED),
  },
  {
    name: 'a user named __proto__',
    send: request('/api/v1/navigation', [`Authorization: ${basic({ username: '__proto__', password: 'x' })}`]),
    ...one(401, FAILED),
  },
  {
    name: 'the account whose hash holds a canary',
    send: request('/api/v1/navigation', [`Authorization: ${basic({ username: 'canaryuser', password: 'not-used' })}`]),
    ...one(401, FAILED),
  },
  {
    name: 'an empty user name',
    send: request('/api/v1/navigation', [`Authorization: Basic ${token(':pw-adminuser')}`]),
    ...one(401, REQUIRED),
  },
  {
    name: 'a Bearer token that is no API token',
    send: request('/api/v1/navigation', ['Authorization: Bearer abc.def.ghi']),
    ...one(401, FAILED),
  },
  // Host oddities and HTTP versions.
  {
    name: 'HTTP/1.1 without Host',
    send: request('/api/v1/navigation', [`Authorization: ${ADMIN}`], { host: false }),
    ...one(400, MALFORMED),
  },
  {
    name: 'two Host headers',
    send: asAdmin('/api/v1/navigation', ['Host: other.example']),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'an empty Host',
    send: request('/api/v1/navigation', ['Host:', `Authorization: ${ADMIN}`], { host: false }),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a Host with non-ASCII bytes',
    send: latin1(request('/api/v1/navigation', ['Host: \xff\xfe', `Authorization: ${ADMIN}`], { host: false })),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'a Host with a path in it',
    send: request('/api/v1/navigation', ['Host: evil.example/../../etc', `Authorization: ${ADMIN}`], { host: false }),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'HTTP/1.0 without Host',
    send: request('/api/v1/navigation', [`Authorization: ${ADMIN}`], { version: 'HTTP/1.0', host: false }),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'an If-None-Match list with * beside a tag that does not match',
    send: asAdmin('/api/v1/navigation', ['If-None-Match: "x", *']),
    ...one(200, body('navigation:live')),
  },
  // Header syntax.
  { name: 'a header line without colon', send: asAdmin('/api/v1/navigation', ['NoColonHere']), ...one(400, MALFORMED) },
  {
    name: 'a folded header line',
    send: request('/api/v1/navigation', ['X-Note: a', ` Authorization: ${ADMIN}`]),
    ...one(400, MALFORMED),
  },
  {
    name: 'a space before the colon',
    send: request('/api/v1/navigation', [`Authorization : ${ADMIN}`]),
    ...one(400, MALFORMED),
  },
  { name: 'bare LF line endings', send: `GET /api/v1/navigation HTTP/1.1\nHost: x\n\n`, ...one(400, MALFORMED) },
  {
    name: 'Content-Length and Transfer-Encoding together',
    send: asAdmin('/api/v1/navigation', ['Content-Length: 5', 'Transfer-Encoding: chunked']) + '0\r\n\r\n',
    ...one(400, MALFORMED),
  },
  { name: 'a TLS ClientHello', send: latin1('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'), ...one(400, MALFORMED) },
  {
    name: 'Expect: 100-continue',
    send: asAdmin('/api/v1/navigation', ['Expect: 100-continue']),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'an unknown Expect value',
    send: asAdmin('/api/v1/navigation', ['Expect: teapot']),
    ...one(417, json(MESSAGES.expectationFailed)),
  },
  {
    name: 'an Upgrade to websocket is ignored',
    send: asAdmin('/api/v1/navigation', ['Upgrade: websocket', 'Connection: Upgrade']),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'an If-None-Match of 2,000 tags',
    send: asAdmin('/api/v1/navigation', [`If-None-Match: ${'"x", '.repeat(2000)}"y"`]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'X-Forwarded-For is ignored without proxy: true',
    send: asAdmin('/api/v1/navigation', ['X-Forwarded-For: 10.0.0.1, garbage, ::1']),
    ...one(200, body('navigation:live')),
  },
  // Paths.
  { name: 'an upper-case route', send: asAdmin('/API/V1/NAVIGATION'), ...one(404, NOT_API) },
  { name: 'a path parameter after the route', send: asAdmin('/api/v1/navigation;jsessionid=x'), ...one(404, NOT_API) },
  { name: 'a doubled leading slash', send: asAdmin('//api/v1/navigation'), ...one(404, NOT_API) },
  {
    name: 'a member asking for users',
    send: request('/api/v1/users/getbyrole?role=editor', [`Authorization: ${MEMBER}`]),
    ...one(403, json('Permission denied. Your are an member and you cannot update this user')),
  },
  // Pipelining.
  {
    name: 'three pipelined requests answered in order',
    send: asAdmin('/api/v1/navigation') + asAdmin('/api/v1/settings') + request('/nope'),
    statuses: [200, 200, 404],
    body: body('navigation:live'),
  },
  {
    name: 'a pipelined request after a malformed one is not answered',
    send: request('/api/v1/navigation', ['NoColon']) + asAdmin('/api/v1/navigation'),
    statuses: [400],
    body: MALFORMED,
  },
  // The first request is answered in the same turn as it is parsed (nothing to wait for), so its answer goes out first.
  {
    name: 'a malformed request in the same packet after a good one: the good one is answered, then one 400 ends the connection',
    send: request('/nope') + request('/x', ['NoColon']),
    statuses: [404, 400],
    body: NOT_API,
  },
];

// API tokens: only the Authorization header carries one; wherever else it appears it is no credential and no log line
// holds it (the fixture's close checks every line).
const BEARER = `Authorization: Bearer ${HOSTILE_TOKEN}`;
CASES.push(
  {
    name: 'a valid API token in the Authorization header',
    send: request('/api/v1/navigation', [BEARER]),
    ...one(200, body('navigation:live')),
  },
  {
    name: 'an API token in the query string is no credential',
    send: request(`/api/v1/navigation?access_token=${HOSTILE_TOKEN}`),
    ...one(401, REQUIRED),
  },
  {
    name: 'an API token in an unnamed query value is no credential',
    send: request(`/api/v1/navigation?x=${HOSTILE_TOKEN}`),
    ...one(401, REQUIRED),
  },
  {
    name: 'an API token in a cookie is no credential',
    send: request('/api/v1/navigation', [`Cookie: token=${HOSTILE_TOKEN}`]),
    ...one(401, REQUIRED),
  },
  { name: 'an API token in the path', send: request(`/api/v1/${HOSTILE_TOKEN}`, [BEARER]), ...one(404, NOT_API) },
  {
    name: 'an API token percent-encoded in the path',
    send: request(`/media/live/${HOSTILE_TOKEN.replace('_', '%5F')}.png`),
    ...one(404, json(MESSAGES.mediaNotFound)),
  },
  {
    name: 'a Bearer header with a token one character off',
    send: request('/api/v1/navigation', [`${BEARER.slice(0, -1)}8`]),
    ...one(401, FAILED),
    headers: (headers) =>
      headers['www-authenticate'] === 'Bearer error="invalid_token"'
        ? undefined
        : `WWW-Authenticate ${headers['www-authenticate']}`,
  },
);

let fixture: HostileFixture;
const hostile = suite('hand-written hostile requests over raw sockets');
hostile.before(async () => {
  fixture = await startHostileFixture('hostile-requests');
});
hostile.after(async () => {
  await fixture.close();
});

hostile('the table holds the 100 distinct cases the README promises', () => {
  assert.ok(CASES.length >= 100, `${CASES.length} cases`);
  assert.is(new Set(CASES.map((testCase) => testCase.name)).size, CASES.length);
});

for (const testCase of CASES) {
  hostile(`${testCase.name}: answered safely with ${testCase.statuses.join(', ')}`, async () => {
    const result = await exchange(fixture.port, testCase.send, {
      responses: testCase.statuses.length,
      timeoutMs: 5000,
      headOnly: testCase.headOnly ?? false,
    });
    const headerProblem =
      result.responses[0] && testCase.headers ? testCase.headers(result.responses[0].headers) : undefined;
    assert.equal([...problemsOf(result, testCase), ...(headerProblem ? [headerProblem] : [])], []);
  });
}

hostile('the gateway is still up and answering after every hostile case', async () => {
  const result = await exchange(fixture.port, request('/healthz'));
  assert.is(result.responses[0]?.status, 200);
});

hostile.run();
