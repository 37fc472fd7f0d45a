// The request log never holds credentials: user information, Authorization, cookies, secret-named query parameters.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loggableTarget } from '../../../gateway/http/log-redaction.ts';
import { exchange } from '../../hostile/raw-http.ts';
import { startFixture } from '../start-fixture.ts';
import type { RunningFixture } from '../start-fixture.ts';
import { USERS, basic } from '../fixture.ts';

const SECRET = 'S3cr3t-canary-7f1c';
const ADMIN = basic(USERS.administrator);

const redaction = suite('loggableTarget');

const TARGETS: Array<[string, string]> = [
  ['/api/v1/navigation', '/api/v1/navigation'],
  ['/api/v1/article/content?url=/a/b&draft=true', '/api/v1/article/content?url=/a/b&draft=true'],
  [`http://user:${SECRET}@snapi.test/api/v1/navigation`, 'http://snapi.test/api/v1/navigation'],
  [
    `https://user:p@ss:${SECRET}@snapi.test:8443/api/v1/navigation?draft=true`,
    'https://snapi.test:8443/api/v1/navigation?draft=true',
  ],
  [`http://${SECRET}@snapi.test`, 'http://snapi.test'],
  [`//user:${SECRET}@snapi.test/api/v1/navigation`, '//snapi.test/api/v1/navigation'],
  [`/api/v1/navigation?password=${SECRET}`, '/api/v1/navigation?password=REDACTED'],
  [
    `/api/v1/navigation?url=/a&access_token=${SECRET}&draft=true`,
    '/api/v1/navigation?url=/a&access_token=REDACTED&draft=true',
  ],
  [`/api/v1/navigation?apikey=${SECRET}&APIKEY=${SECRET}`, '/api/v1/navigation?apikey=REDACTED&APIKEY=REDACTED'],
  [`/api/v1/navigation?client_secret=${SECRET}`, '/api/v1/navigation?client_secret=REDACTED'],
  [`/api/v1/navigation?pass%77ord=${SECRET}&broken=%zz`, '/api/v1/navigation?pass%77ord=REDACTED&broken=%zz'],
  [
    `/api/v1/navigation?user[password]=${SECRET}&tokens[]=${SECRET}`,
    '/api/v1/navigation?user[password]=REDACTED&tokens[]=REDACTED',
  ],
  [`/api/v1/navigation?pass+word=x&monkey=${SECRET}`, '/api/v1/navigation?pass+word=x&monkey=REDACTED'],
  [
    '/api/v1/users/getbynames?usernames[]=keyholder&url=/key',
    '/api/v1/users/getbynames?usernames[]=keyholder&url=/key',
  ],
];

redaction('keeps ordinary targets as sent and redacts user information and secret-named parameters', () => {
  for (const [target, logged] of TARGETS) assert.is(loggableTarget(target), logged, target);
});

const overHttp = suite('the gateway request log over HTTP');
let fixture: RunningFixture;
overHttp.before(async () => {
  fixture = await startFixture('request-log');
});
overHttp.after(() => fixture.gateway.close());

const port = () => Number(new URL(fixture.gateway.url).port);
const requestBytes = (target: string, headers: string[]) =>
  [`GET ${target} HTTP/1.1`, 'Host: snapi.test', ...headers, '', ''].join('\r\n');

const FORMS: Array<{ name: string; target: string; headers: string[]; status: number; path: string }> = [
  {
    name: 'absolute form with user information',
    target: `http://adminuser:${SECRET}@snapi.test/api/v1/navigation`,
    headers: [`Authorization: ${ADMIN}`],
    status: 200,
    path: 'http://snapi.test/api/v1/navigation',
  },
  {
    name: 'Authorization header with a wrong password',
    target: '/api/v1/navigation',
    headers: [`Authorization: Basic ${Buffer.from(`adminuser:${SECRET}`).toString('base64')}`],
    status: 401,
    path: '/api/v1/navigation',
  },
  {
    name: 'a cookie and a proxy credential',
    target: '/api/v1/navigation',
    headers: [`Cookie: session=${SECRET}`, `Proxy-Authorization: Basic ${SECRET}`, `Authorization: ${ADMIN}`],
    status: 200,
    path: '/api/v1/navigation',
  },
  {
    name: 'secret-named query parameters',
    target: `/api/v1/navigation?password=${SECRET}&token=${SECRET}&apikey=${SECRET}`,
    headers: [`Authorization: ${ADMIN}`],
    status: 200,
    path: '/api/v1/navigation?password=REDACTED&token=REDACTED&apikey=REDACTED',
  },
];

overHttp('logs each form with its redacted target and never the secret', async () => {
  for (const form of FORMS) {
    const before = fixture.logs.length;
    const { responses } = await exchange(port(), requestBytes(form.target, form.headers));
    assert.is(responses[0]?.status, form.status, form.name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = fixture.logs.slice(before);
    assert.equal(
      lines.map((line) => [line.path, line.status]),
      [[form.path, form.status]],
      form.name,
    );
  }
  const everything = JSON.stringify(fixture.logs);
  assert.not.ok(everything.includes(SECRET), 'a secret reached the log');
  assert.not.ok(everything.includes(ADMIN.slice('Basic '.length)), 'a credential reached the log');
});

redaction.run();
overHttp.run();
