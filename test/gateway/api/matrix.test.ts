// Every role and failed login against every endpoint, over real HTTP: exact status and body.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../http-client.ts';
import { BODIES, ROLE_USERS, USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';
import { ENDPOINTS as TABLE } from '../../../gateway/api/endpoints.ts';
import { SEARCH_NOT_AVAILABLE } from '../../../gateway/search/search-endpoint.ts';
import type { RunningFixture } from '../start-fixture.ts';
import { PAGE_MARKDOWN_PATH } from '../../../contract/endpoints.ts';

interface EndpointCase {
  path: string;
  /** Roles that pass (docs/typemill.md: Minimum role per endpoint; Navigation needs the member role, also for drafts).
   *  */
  passes: string[];
  resource: string;
  privilege: string;
  body: (role: string) => string;
  /** The status for roles that pass; default 200. */
  status?: number;
}

const MEMBER_UP = ['member', 'contributor', 'author', 'editor', 'manager', 'administrator'];
const AUTHOR_UP = ['author', 'editor', 'manager', 'administrator'];
const CONTRIBUTOR_UP = ['contributor', ...AUTHOR_UP];
const body = (key: string) => () => BODIES[key]!.json;

const ENDPOINTS: EndpointCase[] = [
  {
    path: '/api/v1/navigation',
    passes: MEMBER_UP,
    resource: 'content',
    privilege: 'read',
    body: body('navigation:live'),
  },
  {
    path: '/api/v1/article/content?url=/getting-started',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('content:live:/getting-started'),
  },
  {
    path: '/api/v1/article/meta?url=getting-started',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('meta:/getting-started'),
  },
  {
    path: '/api/v1/article/item?url=/getting-started/',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('item:/getting-started'),
  },
  {
    path: '/api/v1/article/items?slug=installation',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('items:installation'),
  },
  {
    path: '/api/v1/settings/',
    passes: ['manager', 'administrator'],
    resource: 'system',
    privilege: 'read',
    body: body('settings'),
  },
  {
    path: '/api/v1/mainnavi/',
    passes: MEMBER_UP,
    resource: 'account',
    privilege: 'read',
    body: (role) => `{"mainnavi":{"fixture":"mainnavi for ${role}"}}`,
  },
  {
    path: '/api/v1/systemnavi/',
    passes: MEMBER_UP,
    resource: 'account',
    privilege: 'read',
    body: (role) => `{"systemnavi":{"fixture":"systemnavi for ${role}"}}`,
  },
  {
    path: '/api/v1/users/getbynames?usernames[]=editoruser&usernames[]=adminuser',
    passes: ['administrator'],
    resource: 'user',
    privilege: 'update',
    body: () =>
      '{"userdata":[{"username":"editoruser","email":"editoruser@example.org","userrole":"editor","apiaccess":true},' +
      '{"username":"adminuser","email":"adminuser@example.org","userrole":"administrator","apiaccess":true}]}',
  },
  {
    path: '/api/v1/users/getbyrole?role=editor',
    passes: ['administrator'],
    resource: 'user',
    privilege: 'update',
    body: body('users:role:editor'),
  },
  // The fixture snapshot has no search index, so past the role check search answers 404.
  {
    path: '/api/v1/search?q=install',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    status: 404,
    body: () => JSON.stringify({ message: SEARCH_NOT_AVAILABLE }),
  },
  {
    path: '/api/v1/users/getbyemail?email=EditorUser@Example.org',
    passes: ['administrator'],
    resource: 'user',
    privilege: 'update',
    body: body('users:email:editoruser@example.org'),
  },
  { path: '/api/v1/images', passes: CONTRIBUTOR_UP, resource: 'mycontent', privilege: 'read', body: body('images') },
  {
    path: '/api/v1/image?name=media/live/chart.png',
    passes: CONTRIBUTOR_UP,
    resource: 'mycontent',
    privilege: 'read',
    body: body('image:chart.png'),
  },
  { path: '/api/v1/files', passes: CONTRIBUTOR_UP, resource: 'mycontent', privilege: 'read', body: body('files') },
  {
    path: '/api/v1/file?name=report.pdf',
    passes: CONTRIBUTOR_UP,
    resource: 'mycontent',
    privilege: 'read',
    body: body('file:report.pdf'),
  },
  {
    path: '/api/v1/pagemedia?path=00-getting-started',
    passes: CONTRIBUTOR_UP,
    resource: 'mycontent',
    privilege: 'read',
    body: body('pagemedia:/00-getting-started'),
  },
  {
    path: '/api/v1/filerestrictions?filename=media/files/report.pdf',
    passes: CONTRIBUTOR_UP,
    resource: 'mycontent',
    privilege: 'create',
    body: body('filerestrictions:media/files/report.pdf'),
  },
  // The fixture snapshot has no history: any other snapshot is 410, with the one to sync from.
  {
    path: '/api/v1/changes?since=matrix-0',
    passes: MEMBER_UP,
    resource: 'content',
    privilege: 'read',
    status: 410,
    body: () =>
      JSON.stringify({
        message: 'Snapshot matrix-0 is not in the kept history: sync in full, then follow the feed from current.',
        current: 'matrix-1',
      }),
  },
  {
    path: '/llms.txt',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: (role) => BODIES[`llms:txt:${role}`]!.json,
  },
  {
    path: '/llms-full.txt',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('llms:part:/getting-started'),
  },
  {
    path: '/getting-started.md',
    passes: AUTHOR_UP,
    resource: 'content',
    privilege: 'read',
    body: body('markdown:live:/getting-started'),
  },
];
/** The table's path of a case: `/{url}.md` for a page's markdown. */
const tablePath = (path: string) => (path.endsWith('.md') ? PAGE_MARKDOWN_PATH : path);

const REQUIRED = '{"message":"Authentication required."}';
const FAILED = '{"message":"Authentication failed."}';

const BASIC_CHALLENGE = 'Basic realm=';
const TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

const FAILED_LOGINS: Array<[string, string | undefined, string, string?]> = [
  ['no credentials', undefined, REQUIRED],
  ['malformed credentials without a colon', `Basic ${Buffer.from('adminuser').toString('base64')}`, REQUIRED],
  ['a bearer token that is no API token', 'Bearer abc.def', FAILED, TOKEN_CHALLENGE],
  ['a user without API access', basic(USERS.noApiAccess), FAILED],
  ['a user whose account has no password hash', basic(USERS.noHash), FAILED],
  ['a wrong password', basic({ username: 'adminuser', password: 'ad:min' }), FAILED],
  ['an unknown user', basic({ username: 'nobodyuser', password: 'whatever' }), FAILED],
];

const Coverage = suite('role matrix coverage');

Coverage('has a case for every endpoint of the endpoint table and none besides', () => {
  const casePaths = ENDPOINTS.map((endpoint) => tablePath((endpoint.path.split('?')[0] ?? '').replace(/(.)\/$/, '$1')));
  assert.equal(
    casePaths.sort(),
    Object.values(TABLE)
      .map((endpoint) => endpoint.path)
      .sort(),
  );
});

const Matrix = suite<{ fixture: RunningFixture }>('role matrix');
Matrix.before(async (context) => {
  context.fixture = await startFixture('matrix');
});
Matrix.after(async ({ fixture }) => fixture.gateway.close());

for (const account of ROLE_USERS) {
  Matrix(`answers every endpoint for the role ${account.role} with its exact status and body`, async ({ fixture }) => {
    for (const endpoint of ENDPOINTS) {
      const response = await send(fixture.gateway.url, endpoint.path, { headers: { Authorization: basic(account) } });
      const allowed = endpoint.passes.includes(account.role);
      const expected = allowed
        ? { status: endpoint.status ?? 200, body: endpoint.body(account.role) }
        : {
            status: 403,
            body: JSON.stringify({
              message: `Permission denied. Your are an ${account.role} and you cannot ${endpoint.privilege} this ${endpoint.resource}`,
            }),
          };
      assert.equal(
        { path: endpoint.path, status: response.status, body: response.text },
        { path: endpoint.path, ...expected },
      );
    }
  });
}

Matrix('refuses a role that is not one of the seven on every endpoint with 403', async ({ fixture }) => {
  for (const endpoint of ENDPOINTS) {
    const response = await send(fixture.gateway.url, endpoint.path, {
      headers: { Authorization: basic(USERS.unknownRole) },
    });
    const message = `Permission denied. Your are an superhero and you cannot ${endpoint.privilege} this ${endpoint.resource}`;
    assert.equal(
      { path: endpoint.path, status: response.status, body: response.text },
      { path: endpoint.path, status: 403, body: JSON.stringify({ message }) },
    );
  }
});

for (const [label, authorization, expectedBody, challenge = BASIC_CHALLENGE] of FAILED_LOGINS) {
  Matrix(`answers 401 with WWW-Authenticate on every endpoint for ${label}`, async ({ fixture }) => {
    for (const endpoint of ENDPOINTS) {
      const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
      const response = await send(fixture.gateway.url, endpoint.path, { headers });
      assert.equal(
        {
          path: endpoint.path,
          status: response.status,
          body: response.text,
          challenge: response.headers['www-authenticate'],
        },
        { path: endpoint.path, status: 401, body: expectedBody, challenge },
      );
    }
  });
}

Matrix('accepts a lower-case scheme and text before it, as Typemill does', async ({ fixture }) => {
  const token = Buffer.from('editoruser:pw-editoruser').toString('base64');
  for (const authorization of [`basic ${token}`, `BASIC   ${token}`, `Digest x, Basic ${token}`]) {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: authorization },
    });
    assert.equal([authorization, response.status], [authorization, 200]);
  }
});

Matrix('never sends a password hash or a password field in any answer', async ({ fixture }) => {
  const everyone = [...Object.values(USERS)];
  const hashes = /\$2[aby]\$/;
  for (const account of everyone) {
    for (const endpoint of [
      ...ENDPOINTS,
      { path: '/api/v1/users/getbynames?usernames[]=adminuser&usernames[]=noapiuser&usernames[]=nohashuser' },
    ]) {
      const response = await send(fixture.gateway.url, endpoint.path, { headers: { Authorization: basic(account) } });
      assert.not.match(response.text, hashes);
      assert.not.match(response.text, /"password"/);
    }
  }
});

Coverage.run();
Matrix.run();
