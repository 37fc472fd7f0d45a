// Every error answer over real HTTP with its exact status and body: 400, 403, 404, 405, 414, 429, 431, 500.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../http-client.ts';
import { BODIES, USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';
import type { RunningFixture } from '../start-fixture.ts';

type Context = { fixture: RunningFixture };
const ADMIN = { Authorization: basic(USERS.administrator) };

async function expectAnswers(
  fixture: RunningFixture,
  cases: Array<[string, number, string]>,
  headers: Record<string, string> = ADMIN,
  method = 'GET',
) {
  for (const [path, status, body] of cases) {
    const response = await send(fixture.gateway.url, path, { headers, method });
    assert.equal({ path, status: response.status, body: response.text }, { path, status, body });
  }
}

const required = (field: string) => {
  const message = `${field[0]!.toUpperCase()}${field.slice(1)} is required`;
  return JSON.stringify({ message, errors: { [field]: message } });
};

const BadRequests = suite<Context>('400 for missing or invalid parameters');
BadRequests.before(async (context) => {
  context.fixture = await startFixture('bad-requests');
});
BadRequests.after(({ fixture }) => fixture.gateway.close());

BadRequests('answers 400 when url or slug is missing, blank or not a plain value', async ({ fixture }) => {
  await expectAnswers(fixture, [
    ['/api/v1/article/content', 400, required('url')],
    ['/api/v1/article/content?url=', 400, required('url')],
    ['/api/v1/article/content?url=%20+%09', 400, required('url')],
    ['/api/v1/article/content?url[]=/getting-started', 400, required('url')],
    ['/api/v1/article/meta?draft=true', 400, required('url')],
    ['/api/v1/article/item?url=', 400, required('url')],
    ['/api/v1/article/items', 400, required('slug')],
    ['/api/v1/article/items?slug=++', 400, required('slug')],
  ]);
});

BadRequests('answers 400 for missing user parameters and for an invalid role or email', async ({ fixture }) => {
  await expectAnswers(fixture, [
    ['/api/v1/users/getbynames', 400, required('usernames')],
    ['/api/v1/users/getbynames?usernames[]=&usernames[]=%20', 400, required('usernames')],
    ['/api/v1/users/getbyrole', 400, required('role')],
    ['/api/v1/users/getbyrole?role=wizard', 400, '{"message":"Role is invalid","errors":{"role":"Role is invalid"}}'],
    ['/api/v1/users/getbyrole?role=Editor', 400, '{"message":"Role is invalid","errors":{"role":"Role is invalid"}}'],
    ['/api/v1/users/getbyemail?email=', 400, required('email')],
    [
      '/api/v1/users/getbyemail?email=not-an-address',
      400,
      '{"message":"Email is invalid","errors":{"email":"Email is invalid"}}',
    ],
    ['/api/v1/users/getbyemail?email=a@b', 400, '{"message":"Email is invalid","errors":{"email":"Email is invalid"}}'],
  ]);
});

BadRequests('checks the role before the parameters', async ({ fixture }) => {
  const message = '{"message":"Permission denied. Your are an member and you cannot read this content"}';
  await expectAnswers(fixture, [['/api/v1/article/content', 403, message]], { Authorization: basic(USERS.member) });
});

BadRequests('answers valid user queries that match nobody with an empty list', async ({ fixture }) => {
  await expectAnswers(fixture, [
    ['/api/v1/users/getbyrole?role=member', 200, '{"userdata":[]}'],
    ['/api/v1/users/getbyemail?email=nobody@example.org', 200, '{"userdata":[]}'],
    ['/api/v1/users/getbynames?usernames[]=nobodyuser&usernames[]=ab&usernames[]=bad!name', 200, '{"userdata":[]}'],
  ]);
});

BadRequests(
  'reads usernames as a PHP array or a plain value, in request order, duplicates once',
  async ({ fixture }) => {
    const editor = '{"username":"editoruser","email":"editoruser@example.org","userrole":"editor","apiaccess":true}';
    const member = '{"username":"memberuser","email":"memberuser@example.org","userrole":"member","apiaccess":true}';
    await expectAnswers(fixture, [
      ['/api/v1/users/getbynames?usernames=editoruser', 200, `{"userdata":[${editor}]}`],
      [
        '/api/v1/users/getbynames?usernames[0]=memberuser&usernames[1]=x!&usernames[]=editoruser&usernames[]=memberuser',
        200,
        `{"userdata":[${member},${editor}]}`,
      ],
      ['/api/v1/users/getbynames?usernames%5B%5D=editoruser', 200, `{"userdata":[${editor}]}`],
    ]);
  },
);

const NotFound = suite<Context>('404 for unknown paths, pages and slugs');
NotFound.before(async (context) => {
  context.fixture = await startFixture('not-found');
});
NotFound.after(({ fixture }) => fixture.gateway.close());

const NOT_API = '{"message":"Not found. The API lives under /api/v1/."}';
const PAGE_NOT_FOUND = '{"message":"page not found"}';

NotFound('answers 404 for paths that are not API routes, before anything else', async ({ fixture }) => {
  const paths = [
    '/',
    '/api/v1',
    '/api/v1/unknown',
    '/api/v1/Navigation',
    '/api/v2/navigation',
    '/api/v1//navigation',
    '/api/v1/navigation//',
    '/api/v1/article/../navigation',
    '/handbook/api/v1/navigation',
  ];
  await expectAnswers(
    fixture,
    paths.map((path): [string, number, string] => [path, 404, NOT_API]),
    {},
  );
  await expectAnswers(fixture, [['/nothing', 404, NOT_API]], {}, 'DELETE');
});

NotFound('answers 404 page not found for urls and slugs that name nothing', async ({ fixture }) => {
  await expectAnswers(fixture, [
    ['/api/v1/article/content?url=/Getting-Started', 404, PAGE_NOT_FOUND],
    ['/api/v1/article/content?url=/typemill/getting-started', 404, PAGE_NOT_FOUND],
    ['/api/v1/article/meta?url=%20/getting-started', 404, PAGE_NOT_FOUND],
    ['/api/v1/article/item?url=/a//b', 404, PAGE_NOT_FOUND],
    ['/api/v1/article/items?slug=Installation', 404, PAGE_NOT_FOUND],
    ['/api/v1/article/items?slug=nothing', 404, PAGE_NOT_FOUND],
  ]);
});

NotFound('answers 404 navigation not found when the snapshot has no navigation', async () => {
  const bodies = Object.fromEntries(Object.entries(BODIES).filter(([key]) => !/navi/.test(key)));
  const fixture = await startFixture('no-navigation', { bodies });
  try {
    await expectAnswers(fixture, [
      ['/api/v1/navigation', 404, '{"message":"navigation not found"}'],
      ['/api/v1/navigation?draft=true', 404, '{"message":"navigation not found"}'],
      ['/api/v1/mainnavi', 404, '{"message":"navigation not found"}'],
      ['/api/v1/systemnavi', 404, '{"message":"navigation not found"}'],
    ]);
  } finally {
    await fixture.gateway.close();
  }
});

const Restrictions = suite<Context>('page restrictions');
Restrictions.before(async (context) => {
  context.fixture = await startFixture('restrictions');
});
Restrictions.after(({ fixture }) => fixture.gateway.close());

const NO_RIGHTS = '{"message":"You do not have enough rights."}';
const bodyOf = (key: string) => BODIES[key]!.json;

Restrictions('enforces allowedrole and alloweduser with 403, administrator always passes', async ({ fixture }) => {
  const cases: Array<[typeof USERS.author, string, number, string]> = [
    [USERS.author, '/api/v1/article/content?url=editors-only', 403, NO_RIGHTS],
    [USERS.editor, '/api/v1/article/content?url=editors-only', 200, bodyOf('content:live:/editors-only')],
    [USERS.manager, '/api/v1/article/content?url=editors-only', 200, bodyOf('content:live:/editors-only')],
    [USERS.author, '/api/v1/article/content?url=for-author', 200, bodyOf('content:live:/for-author')],
    [USERS.editor, '/api/v1/article/content?url=for-author', 403, NO_RIGHTS],
    [USERS.administrator, '/api/v1/article/content?url=for-author', 200, bodyOf('content:live:/for-author')],
    [USERS.manager, '/api/v1/article/content?url=odd-role-only', 403, NO_RIGHTS],
    [USERS.administrator, '/api/v1/article/content?url=odd-role-only', 200, bodyOf('content:live:/odd-role-only')],
  ];
  for (const [account, path, status, body] of cases) {
    const response = await send(fixture.gateway.url, path, { headers: { Authorization: basic(account) } });
    assert.equal([account.username, path, response.status, response.text], [account.username, path, status, body]);
  }
});

Restrictions('drops restricted items of a slug per caller and answers 404 when none remain', async ({ fixture }) => {
  const cases: Array<[typeof USERS.author, string, number, string]> = [
    [USERS.author, '/api/v1/article/items?slug=setup', 200, '{"items":[{"fixture":"setup for everyone"}]}'],
    [
      USERS.manager,
      '/api/v1/article/items?slug=setup',
      200,
      '{"items":[{"fixture":"setup for everyone"},{"fixture":"setup for managers"}]}',
    ],
    [USERS.manager, '/api/v1/article/items?slug=secret', 404, PAGE_NOT_FOUND],
    [USERS.administrator, '/api/v1/article/items?slug=secret', 200, '{"items":[{"fixture":"secret for adminuser"}]}'],
  ];
  for (const [account, path, status, body] of cases) {
    const response = await send(fixture.gateway.url, path, { headers: { Authorization: basic(account) } });
    assert.equal([account.username, path, response.status, response.text], [account.username, path, status, body]);
  }
});

Restrictions(
  'serves the draft only for draft=true or draft=1, and live content where no draft exists',
  async ({ fixture }) => {
    await expectAnswers(fixture, [
      ['/api/v1/article/content?url=/getting-started&draft=true', 200, bodyOf('content:draft:/getting-started')],
      ['/api/v1/article/content?url=/getting-started&draft=1', 200, bodyOf('content:draft:/getting-started')],
      ['/api/v1/article/content?url=/getting-started&draft=false', 200, bodyOf('content:live:/getting-started')],
      ['/api/v1/article/content?url=/getting-started&draft=TRUE', 200, bodyOf('content:live:/getting-started')],
      ['/api/v1/article/content?url=/getting-started&draft[]=true', 200, bodyOf('content:live:/getting-started')],
      ['/api/v1/article/content?url=/&draft=true', 200, bodyOf('content:live:/')],
      [
        '/api/v1/article/content?url=/nothing&url=&url=tm/content/visual/getting-started',
        200,
        bodyOf('content:live:/getting-started'),
      ],
      ['/api/v1/navigation?draft=true', 200, bodyOf('navigation:draft')],
      ['/api/v1/navigation?draft=yes', 200, bodyOf('navigation:live')],
    ]);
  },
);

const Methods = suite<Context>('405, 414 and 431');
Methods.before(async (context) => {
  context.fixture = await startFixture('methods');
});
Methods.after(({ fixture }) => fixture.gateway.close());

Methods('answers 405 with Allow for methods other than GET and HEAD', async ({ fixture }) => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', { method, headers: ADMIN });
    assert.equal(
      [method, response.status, response.headers.allow, response.text],
      [method, 405, 'GET, HEAD', '{"message":"Method not allowed. Use GET or HEAD."}'],
    );
  }
});

Methods('answers 414 for a URL over 8 KiB', async ({ fixture }) => {
  const response = await send(fixture.gateway.url, `/api/v1/article/content?url=${'a'.repeat(8200)}`, {
    headers: ADMIN,
  });
  assert.equal([response.status, response.text], [414, '{"message":"URL too long."}']);
});

Methods('answers 431 with a JSON body for headers over 16 KiB', async ({ fixture }) => {
  const response = await send(fixture.gateway.url, '/api/v1/navigation', {
    headers: { ...ADMIN, 'X-Padding': 'p'.repeat(17_000) },
  });
  assert.equal([response.status, response.text], [431, '{"message":"Request headers too large."}']);
});

const Limiter = suite('429 after too many failed logins');

Limiter('blocks an address after the configured failures until the window passes', async () => {
  let clock = 1_000_000;
  const fixture = await startFixture(
    'limiter',
    {},
    { limiter: { maxFailures: 3, windowMs: 60_000 }, now: () => clock },
  );
  const wrong = { Authorization: basic({ username: 'editoruser', password: 'wrong' }) };
  const right = { Authorization: basic(USERS.editor) };
  const statusOf = async (headers: Record<string, string>) => {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', { headers });
    return [response.status, response.headers['retry-after'] ?? null, response.text];
  };
  const TOO_MANY = '{"message":"Too many failed logins from your address. Retry later."}';
  try {
    assert.equal(await statusOf({}), [401, null, '{"message":"Authentication required."}']);
    for (const step of [0, 10_000, 20_000]) {
      clock = 1_000_000 + step;
      assert.equal(await statusOf(wrong), [401, null, '{"message":"Authentication failed."}']);
    }
    assert.equal(await statusOf(right), [429, '40', TOO_MANY]);
    assert.equal(await statusOf({}), [429, '40', TOO_MANY]);
    clock = 1_059_999;
    assert.equal(await statusOf(right), [429, '1', TOO_MANY]);
    clock = 1_060_000;
    assert.equal(await statusOf(right), [200, null, bodyOf('navigation:live')]);
    assert.equal(await statusOf(wrong), [401, null, '{"message":"Authentication failed."}']);
    assert.equal(await statusOf(right), [429, '10', TOO_MANY]);
  } finally {
    await fixture.gateway.close();
  }
});

const Failures = suite('500 for unexpected errors');

Failures('answers 500 without a stack trace and keeps serving', async () => {
  const fixture = await startFixture(
    'failure',
    {},
    {
      verify: async (password) => {
        if (password === 'explode') throw new Error('verifier exploded');
        return true;
      },
    },
  );
  try {
    const exploded = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: basic({ username: 'editoruser', password: 'explode' }) },
    });
    assert.equal([exploded.status, exploded.text], [500, '{"message":"Internal server error."}']);
    const after = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: basic(USERS.editor) },
    });
    assert.equal(after.status, 200);
    assert.ok(fixture.logs.some((line) => line.event === 'request-error' && line.reason === 'verifier exploded'));
  } finally {
    await fixture.gateway.close();
  }
});

BadRequests.run();
NotFound.run();
Restrictions.run();
Methods.run();
Limiter.run();
Failures.run();
