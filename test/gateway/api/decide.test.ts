// The decision order in memory: every role against every endpoint of the table, and each check winning over the next.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decide } from '../../../gateway/api/decide.ts';
import type { GatewayRequest } from '../../../gateway/api/decide.ts';
import { ENDPOINTS, KEYS, keyOf } from '../../../gateway/api/endpoints.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import { ROLES } from '../../../contract/snapshot.ts';
import type { Account } from '../../../contract/snapshot.ts';
import type { Reply } from '../../../gateway/reply/reply.ts';
import { countingVerify, fakeHash, memoryState } from '../memory-state.ts';
import type { MemoryBody } from '../memory-state.ts';

const ACCOUNTS: Account[] = ROLES.map((role) => ({
  username: `${role}user`,
  role,
  apiaccess: true,
  hash: fakeHash(`pw-${role}`),
}));
const auth = (role: string, password = `pw-${role}`) =>
  `Basic ${Buffer.from(`${role}user:${password}`).toString('base64')}`;

const BODIES: Record<string, MemoryBody> = {
  [keyOf(KEYS.navigationLive)]: { json: '{"navigation":"live"}' },
  [keyOf(KEYS.contentLive, '/page')]: { json: '{"content":"page"}' },
  [keyOf(KEYS.contentLive, '/secret')]: { json: '{"content":"secret"}', restriction: { role: 'editor' } },
  [keyOf(KEYS.meta, '/page')]: { json: '{"meta":"page"}' },
  [keyOf(KEYS.item, '/page')]: { json: '{"item":"page"}' },
  [keyOf(KEYS.items, 'page')]: { json: '{"items":"page"}' },
  [keyOf(KEYS.settings)]: { json: '{"settings":true}' },
  ...Object.fromEntries(
    ROLES.flatMap((role) => [
      [keyOf(KEYS.mainnavi, role), { json: `{"mainnavi":"${role}"}` }],
      [keyOf(KEYS.systemnavi, role), { json: `{"systemnavi":"${role}"}` }],
    ]),
  ),
  [keyOf(KEYS.usersByRole, 'editor')]: { json: '{"userdata":["editor"]}' },
  [keyOf(KEYS.usersByEmail, 'editoruser@example.org')]: { json: '{"userdata":["by email"]}' },
  [keyOf(KEYS.noUsers)]: { json: '{"userdata":[]}' },
  [keyOf(KEYS.images)]: { json: '{"images":["pic.png"]}' },
  [keyOf(KEYS.image, 'pic.png')]: { json: '{"image":"pic.png"}' },
  [keyOf(KEYS.files)]: { json: '{"files":["doc.pdf"]}' },
  [keyOf(KEYS.file, 'doc.pdf')]: { json: '{"file":"doc.pdf"}' },
  [keyOf(KEYS.pageMedia, '/00-page')]: { json: '{"pagemedia":["pic.png"]}' },
  [keyOf(KEYS.fileRestriction, 'media/files/doc.pdf')]: { json: '{"restriction":"editor"}' },
  [keyOf(KEYS.noFileRestriction)]: { json: '{"restriction":"all"}' },
  ...Object.fromEntries(
    ROLES.flatMap((role) => [
      [keyOf(KEYS.llmsTxt, role), { json: `# ${role}\n` }],
      [keyOf(KEYS.llmsFull, role), { json: 'hash /page\n' }],
    ]),
  ),
  [keyOf(KEYS.llmsPart, '/page')]: { json: '# Page\n\n' },
  [keyOf(KEYS.markdownLive, '/page')]: { json: 'page' },
};

/** A request each endpoint answers with 200 for a role at or above its minimum. */
const QUERIES: Record<keyof typeof ENDPOINTS, string> = {
  navigation: '',
  content: '?url=/page',
  meta: '?url=page',
  item: '?url=/page/',
  items: '?slug=page',
  settings: '',
  mainnavi: '',
  systemnavi: '',
  usersByNames: '?usernames[]=editoruser',
  usersByRole: '?role=editor',
  usersByEmail: '?email=EditorUser@Example.org',
  search: '?q=anything',
  images: '',
  image: '?name=pic.png',
  files: '',
  file: '?name=doc.pdf',
  pageMedia: '?path=/00-page',
  fileRestrictions: '?filename=media/files/doc.pdf',
  changes: '',
  llmsTxt: '',
  llmsFullTxt: '',
  pageMarkdown: '',
};
/** The request path of an endpoint; `/{url}.md` names a page by its path. */
const pathOf = (name: string, path: string) => (name === 'pageMarkdown' ? '/page.md' : path);

function setUp(access: Parameters<typeof memoryState>[0]['access'] = {}) {
  const state = memoryState({ accounts: ACCOUNTS, bodies: BODIES, access });
  const tables = {
    state,
    limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
    verify: countingVerify(),
    now: 1_000_000,
  };
  // Promise.resolve: decide answers at once when nothing has to wait; the tests see one shape.
  const ask = (target: string, extra: Partial<GatewayRequest> = {}) =>
    Promise.resolve(decide({ method: 'GET', target, peerAddress: '127.0.0.1', ...extra }, tables));
  return { state, tables, ask };
}

function bodyOf(reply: Reply): string {
  const { body } = reply;
  if (body.kind === 'bytes') return body.bytes.toString('utf8');
  if (body.kind === 'stored') return body.stored.bytes?.toString('utf8') ?? '';
  return '';
}

const roles = suite('decide: every role against every endpoint of the table');

for (const role of ROLES) {
  roles(`answers ${role} with 200 at or above each endpoint's minimum role and 403 below it`, async () => {
    const { ask } = setUp();
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const target = pathOf(name, endpoint.path) + QUERIES[name as keyof typeof ENDPOINTS];
      const reply = await ask(target, { authorization: auth(role) });
      const allowed = ROLES.indexOf(role) >= ROLES.indexOf(endpoint.minRole) && role !== 'guest';
      // The in-memory snapshot has no search index: past the role check, search answers 404.
      const found = name === 'search' ? 404 : 200;
      assert.is(reply.status, allowed ? found : 403, `${role} on ${name}`);
      if (!allowed)
        assert.is(
          bodyOf(reply),
          JSON.stringify({
            message: `Permission denied. Your are an ${role} and you cannot ${endpoint.privilege} this ${endpoint.resource}`,
          }),
        );
      assert.is(reply.user, `${role}user`);
    }
  });
}

const order = suite('decide: the first check that matches answers');

const ADMIN = auth('administrator');

order('each check wins over every later one', async () => {
  const { ask, tables } = setUp({ trustedIps: ['10.0.0.0/8'] });
  const untrusted = { peerAddress: '192.0.2.1' };
  const trusted = { peerAddress: '10.1.2.3' };
  const cases: Array<[string, Promise<Reply>, number, string]> = [
    [
      '1 not a route, even with a wrong method from an untrusted address',
      ask('/api/v2/navigation', { method: 'POST', ...untrusted }),
      404,
      '{"message":"Not found. The API lives under /api/v1/."}',
    ],
    [
      '2 method, even from an untrusted address',
      ask('/api/v1/navigation', { method: 'DELETE', ...untrusted }),
      405,
      '{"message":"Method not allowed. Use GET or HEAD."}',
    ],
    [
      '3 untrusted address, even with valid credentials',
      ask('/api/v1/navigation', { authorization: ADMIN, ...untrusted }),
      403,
      '{"message":"Access denied: your address is not trusted for API access."}',
    ],
    ['5 no credentials', ask('/api/v1/navigation', trusted), 401, '{"message":"Authentication required."}'],
    [
      '6 wrong password',
      ask('/api/v1/navigation', { authorization: auth('administrator', 'nope'), ...trusted }),
      401,
      '{"message":"Authentication failed."}',
    ],
    [
      '7 role below the minimum, even with a missing parameter',
      ask('/api/v1/settings', { authorization: auth('editor'), ...trusted }),
      403,
      '{"message":"Permission denied. Your are an editor and you cannot read this system"}',
    ],
    [
      '8 missing parameter, before any lookup',
      ask('/api/v1/article/content', { authorization: ADMIN, ...trusted }),
      400,
      '{"message":"Url is required","errors":{"url":"Url is required"}}',
    ],
    [
      '9 no page for the url',
      ask('/api/v1/article/content?url=/none', { authorization: ADMIN, ...trusted }),
      404,
      '{"message":"page not found"}',
    ],
    [
      'restricted page below its allowed role',
      ask('/api/v1/article/content?url=/secret', { authorization: auth('author'), ...trusted }),
      403,
      '{"message":"You do not have enough rights."}',
    ],
    [
      '10 the body',
      ask('/api/v1/article/content?url=/page', { authorization: ADMIN, ...trusted }),
      200,
      '{"content":"page"}',
    ],
  ];
  for (const [name, reply, status, body] of cases) {
    const answer = await reply;
    assert.equal([name, answer.status, bodyOf(answer)], [name, status, body]);
  }
  assert.is(tables.verify.calls.length, 4, 'password checks only for requests that reach check 6');
});

order('4 a locked-out address gets 429 with Retry-After before its credentials are looked at', async () => {
  const { ask, tables } = setUp();
  for (let failure = 0; failure < 10; failure += 1)
    await ask('/api/v1/navigation', { authorization: auth('administrator', `wrong${failure}`) });
  const calls = tables.verify.calls.length;
  for (const authorization of [ADMIN, undefined, 'Bearer x']) {
    const reply = await ask('/api/v1/navigation', authorization === undefined ? {} : { authorization });
    assert.equal([reply.status, (reply.headers as Record<string, string>)['Retry-After']], [429, '60']);
  }
  assert.is(tables.verify.calls.length, calls);
  const health = await ask('/healthz');
  assert.is(health.status, 200, 'the health check needs no credentials and is not locked out');
});

order('10 a matching If-None-Match answers 304, a list holding it too, a list without it 200', async () => {
  const { ask, state } = setUp();
  const etag = state.snapshot.entries.get(keyOf(KEYS.navigationLive))?.etag ?? '';
  const statusFor = async (ifNoneMatch: string) =>
    (await ask('/api/v1/navigation', { authorization: ADMIN, ifNoneMatch })).status;
  assert.equal(
    [
      await statusFor(etag),
      await statusFor(`"other", ${etag}`),
      await statusFor('"other", "another"'),
      await statusFor('*'),
    ],
    [304, 304, 200, 304],
  );
});

order('a remembered credential is answered without a promise; a first one waits for its password check', async () => {
  const { tables } = setUp();
  const request: GatewayRequest = {
    method: 'GET',
    target: '/api/v1/article/content?url=/page',
    peerAddress: '127.0.0.1',
    authorization: ADMIN,
  };
  const first = decide(request, tables);
  assert.ok(first instanceof Promise, 'the first request runs bcrypt');
  assert.is((await first).status, 200);
  const again = decide(request, tables);
  assert.not.ok(again instanceof Promise, 'served from the credential cache in the same turn');
  assert.equal(
    [(again as Reply).status, bodyOf(again as Reply), (again as Reply).user],
    [200, '{"content":"page"}', 'administratoruser'],
  );
  assert.is(tables.verify.calls.length, 1);
});

roles.run();
order.run();
