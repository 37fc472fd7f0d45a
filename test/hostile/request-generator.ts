// Seeded generator of hostile requests, each with the answer it must get; the same seed always gives the same cases.
import { ENDPOINTS } from '../../gateway/api/endpoints.ts';
import { MESSAGES } from '../../gateway/reply/reply.ts';
import { BODIES, USERS, basic } from '../gateway/fixture.ts';
import type { Expectation } from './safe-answer.ts';

export interface GeneratedCase extends Expectation {
  family: string;
  send: Buffer;
  /** For 200 answers whose exact body the generator cannot know: the body must be one of these or start with one of the
   *  prefixes. */
  bodyOneOf?: { bodies: ReadonlySet<string>; prefixes: readonly string[] };
}

/** mulberry32: small, fast, and reproducible across platforms. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const json = (message: string) => JSON.stringify({ message });
const ADMIN = basic(USERS.administrator);
const NAVIGATION = BODIES['navigation:live']?.json ?? '';
const PUBLISHED = new Set(Object.values(BODIES).map((body) => body.json));

const PATH_TOKENS = [
  '%2e%2e',
  '..',
  '.',
  '%2f',
  '%5c',
  '%252e%252e',
  '%c0%af',
  '%00',
  '%',
  '%zz',
  'api',
  'v1',
  'API',
  'navigation',
  'etc',
  'passwd',
  'accounts.json',
  'index.json',
  'current',
  'snapshots',
  'bodies',
  'notes.json',
  '~',
  ';x',
  '*',
  '\\',
  '..;',
  'healthz',
  '%2e',
  '..%00',
];
const KNOWN_METHODS = [
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'PURGE',
  'SEARCH',
  'REPORT',
  'CONNECT',
];
const UNKNOWN_METHODS = ['BREW', 'GETS', 'Get', 'gEt', 'HEADER', 'FOO', 'X'];
const QUERY_KEYS = [
  'q',
  'limit',
  'offset',
  'url',
  'slug',
  'draft',
  'role',
  'email',
  'usernames[]',
  'usernames[x]',
  'url[]',
  'url[a][b]',
  'slug[]',
  'a.b',
  '%75rl',
  'url%5B%5D',
  '__proto__',
  'constructor[prototype]',
];
const QUERY_VALUES = [
  '/',
  '/getting-started',
  'getting-started',
  'installation',
  'setup',
  'secret',
  'editor',
  'administrator',
  'true',
  '1',
  'false',
  'editoruser@example.org',
  'EditorUser@Example.org',
  'adminuser',
  'canaryuser',
  '__proto__',
  '../../accounts.json',
  '%2e%2e%2fcurrent%2faccounts.json',
  '%00',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%0d%0aSet-Cookie:x',
  'tm/content/visual/getting-started',
  '//getting-started//',
  '+',
  '%2B',
  '',
];
const DIRECT = {
  users: ['/api/v1/users/getbynames', '/api/v1/article/items'],
  search: ['/api/v1/search'],
  // The feed's answer is made per request from the history, never a stored body.
  changes: ['/api/v1/changes'],
};

export function generateCases(seed: number, count: number): GeneratedCase[] {
  const random = seededRandom(seed);
  const below = (limit: number) => Math.floor(random() * limit);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  const printable = (avoid: string) => {
    for (;;) {
      const character = String.fromCharCode(0x21 + below(0x7e - 0x21 + 1));
      if (!avoid.includes(character)) return character;
    }
  };
  const text = (length: number, avoid = '') => Array.from({ length }, () => printable(avoid)).join('');
  const request = (method: string, target: string, headers: string[]) =>
    Buffer.from([`${method} ${target} HTTP/1.1`, 'Host: snapi.test', ...headers, '', ''].join('\r\n'), 'latin1');
  const routes = Object.values(ENDPOINTS);
  const route = () => pick(routes).path;

  const families: Array<() => GeneratedCase> = [
    // Junk paths: never a route, because the first segment is never `api` or `healthz` and paths are matched as
    // written.
    () => {
      const segments = [
        pick(PATH_TOKENS.filter((token) => token !== 'api' && token !== 'healthz')),
        ...Array.from({ length: below(8) }, () => (random() < 0.7 ? pick(PATH_TOKENS) : text(1 + below(6), '?#/'))),
      ];
      const query = random() < 0.3 ? `?${text(below(40), '#')}` : '';
      const method = random() < 0.8 ? 'GET' : 'HEAD';
      return {
        family: 'junk path',
        send: request(method, `/${segments.join('/')}${query}`, [`Authorization: ${ADMIN}`]),
        statuses: [404],
        ...(method === 'HEAD' ? { headOnly: true } : { body: json(MESSAGES.notApiRoute) }),
      };
    },
    // Methods other than GET and HEAD on real routes.
    () => {
      const known = random() < 0.7;
      const method = known ? pick(KNOWN_METHODS) : pick(UNKNOWN_METHODS);
      return {
        family: 'method',
        send: request(method, route(), [`Authorization: ${ADMIN}`]),
        statuses: [known ? 405 : 400],
        body: json(known ? MESSAGES.methodNotAllowed : MESSAGES.malformedRequest),
      };
    },
    // Authorization headers that name no credentials, wrong ones, and right ones spelled oddly.
    () => {
      const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
      const kind = below(3);
      if (kind === 0) {
        const header = pick([
          () => `${pick(['Bearer', 'Digest', 'Negotiate', 'Token', 'Bas1c'])} ${text(below(60))}`,
          () => `Basic ${base64(text(below(30), ':'))}`,
          () => `Basic ${base64(`:${text(below(20))}`)}`,
          () => `Basic${base64(`adminuser:${text(5)}`)}`,
          () => text(below(100)).replace(/basic/gi, 'xxxxx'),
        ])();
        // A Bearer header is a refused API token (no generated text is one), any other a missing credential.
        const bearer = /^bearer(?:\s|$)/i.test(header);
        return {
          family: 'auth: no credentials',
          send: request('GET', '/api/v1/navigation', [`Authorization: ${header}`]),
          statuses: [401],
          body: json(bearer ? MESSAGES.authenticationFailed : MESSAGES.authenticationRequired),
        };
      }
      if (kind === 1) {
        const username = random() < 0.5 ? pick(Object.values(USERS)).username : text(1 + below(20), ':');
        const password = `${text(1 + below(100))}!`;
        return {
          family: 'auth: wrong credentials',
          send: request('GET', '/api/v1/navigation', [`Authorization: Basic ${base64(`${username}:${password}`)}`]),
          statuses: [401],
          body: json(MESSAGES.authenticationFailed),
        };
      }
      const scheme = pick(['Basic', 'basic', 'BASIC', 'bAsIc']);
      const gap = pick([' ', '  ', '\t', ' \t ']);
      return {
        family: 'auth: right credentials spelled oddly',
        send: request('GET', '/api/v1/navigation', [`Authorization: ${scheme}${gap}${ADMIN.slice(6)}`]),
        statuses: [200],
        body: NAVIGATION,
      };
    },
    // Query strings of hostile keys and values on every route, as an administrator.
    () => {
      const pairs = Array.from(
        { length: below(6) },
        () => `${pick(QUERY_KEYS)}=${random() < 0.85 ? pick(QUERY_VALUES) : text(below(20), '#&')}`,
      );
      const path = route();
      const prefixes = DIRECT.users.includes(path)
        ? ['{"userdata":[', '{"items":[']
        : DIRECT.search.includes(path)
          ? ['{"query":']
          : DIRECT.changes.includes(path)
            ? ['{"current":', '{"since":']
            : [];
      return {
        family: 'query',
        send: request('GET', `${path}?${pairs.join('&')}`, [`Authorization: ${ADMIN}`]),
        statuses: [[200, 400, 404]],
        bodyOneOf: { bodies: PUBLISHED, prefixes },
      };
    },
    // Extra headers with arbitrary bytes: control characters make the request malformed, anything else is ignored.
    () => {
      let malformed = false;
      const headers = Array.from({ length: 1 + below(4) }, (_, position) => {
        const value = Array.from({ length: below(30) }, () => {
          const byte = random() < 0.9 ? 0x20 + below(0x5f) : below(256);
          if ((byte < 0x20 && byte !== 0x09) || byte === 0x7f) malformed = true;
          return String.fromCharCode(byte);
        }).join('');
        return `X-Fuzz-${position}-${text(1 + below(8), '()<>@,;:\\"/[]?={}')}: ${value}`;
      });
      return {
        family: 'header bytes',
        send: request('GET', '/api/v1/navigation', [`Authorization: ${ADMIN}`, ...headers]),
        statuses: [malformed ? 400 : 200],
        body: malformed ? json(MESSAGES.malformedRequest) : NAVIGATION,
      };
    },
    // One byte inserted into a route: outside the visible ASCII range the request line is malformed, inside it the
    // route no longer matches.
    () => {
      const path = '/api/v1/navigation';
      const position = 1 + below(path.length - 1);
      const byte = random() < 0.5 ? 0x21 + below(0x5e) : below(256);
      if (byte === 0x3f || byte === 0x2f || byte === 0x0a || byte === 0x0d) return families[0]?.() as GeneratedCase;
      const target = path.slice(0, position) + String.fromCharCode(byte) + path.slice(position);
      const visible = byte >= 0x21 && byte <= 0x7e;
      return {
        family: 'byte in request line',
        send: request('GET', target, [`Authorization: ${ADMIN}`]),
        statuses: [visible ? 404 : 400],
        body: json(visible ? MESSAGES.notApiRoute : MESSAGES.malformedRequest),
      };
    },
  ];
  return Array.from({ length: count }, () => pick(families)());
}
