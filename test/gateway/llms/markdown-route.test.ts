// `<url>.md` in the decision order, in memory: a page under a folder named like an API path is a page, the API route
// stays the API's, a media file of the same path wins, and the base path is honoured.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decide } from '../../../gateway/api/decide.ts';
import type { GatewayRequest } from '../../../gateway/api/decide.ts';
import { KEYS, keyOf } from '../../../gateway/api/endpoints.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import type { Account } from '../../../contract/snapshot.ts';
import type { Reply } from '../../../gateway/reply/reply.ts';
import { countingVerify, fakeHash, memoryState } from '../memory-state.ts';
import { markdownPageUrl } from '../../../gateway/api/markdown-path.ts';

const ACCOUNTS: Account[] = [{ username: 'ann', role: 'author', apiaccess: true, hash: fakeHash('pw') }];
const AUTH = `Basic ${Buffer.from('ann:pw').toString('base64')}`;
const BODIES = {
  [keyOf(KEYS.navigationLive)]: { json: '{"navigation":[]}' },
  [keyOf(KEYS.markdownLive, '/api/v1/navigation')]: { json: '# A page about the navigation endpoint' },
  [keyOf(KEYS.markdownLive, '/media/files/notes')]: { json: '# A page in a folder named media' },
  [keyOf(KEYS.mediaFiles, 'notes.md')]: { json: 'the media file notes.md' },
  [keyOf(KEYS.markdownLive, '/media/live/guide')]: { json: '# A page with no media file of its path' },
  [keyOf(KEYS.markdownLive, '/')]: { json: '# Home' },
};

function ask(target: string, basePath = ''): Promise<Reply> {
  const tables = {
    state: memoryState({ accounts: ACCOUNTS, bodies: BODIES, basePath }),
    limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
    verify: countingVerify(),
    now: 1_000_000,
  };
  const request: GatewayRequest = { method: 'GET', target, peerAddress: '127.0.0.1', authorization: AUTH };
  return Promise.resolve(decide(request, tables));
}

const bodyOf = (reply: Reply) => {
  const { body } = reply;
  if (body.kind === 'bytes') return body.bytes.toString('utf8');
  if (body.kind === 'stored') return body.stored.bytes?.toString('utf8') ?? '';
  return '';
};
const typeOf = (reply: Reply) => {
  const headers = Array.isArray(reply.headers) ? reply.headers : Object.entries(reply.headers).flat();
  return headers[headers.indexOf('Content-Type') + 1];
};

const Route = suite('the .md route');

Route('a page under api/ is a page, and the API route stays the API', async () => {
  const page = await ask('/api/v1/navigation.md');
  assert.equal(
    [page.status, bodyOf(page), typeOf(page)],
    [200, '# A page about the navigation endpoint', 'text/markdown; charset=utf-8'],
  );
  const api = await ask('/api/v1/navigation');
  assert.equal([api.status, bodyOf(api)], [200, '{"navigation":[]}']);
});

Route('a media file of the same path wins; without one, the page answers', async () => {
  const media = await ask('/media/files/notes.md');
  assert.equal([media.status, media.body.kind], [200, 'file']);
  assert.is(bodyOf(await ask('/media/live/guide.md')), '# A page with no media file of its path');
  assert.is((await ask('/media/files/other.md')).status, 404);
});

Route('the home page is /index.md, also under the base path', async () => {
  assert.is(bodyOf(await ask('/index.md')), '# Home');
  assert.is(bodyOf(await ask('/handbook/index.md', '/handbook')), '# Home');
  assert.is(bodyOf(await ask('/handbook/api/v1/navigation.md', '/handbook')), '# A page about the navigation endpoint');
});

Route('names the page a path holds, or nothing', () => {
  assert.is(markdownPageUrl('/a/b.md', ''), '/a/b');
  assert.is(markdownPageUrl('/a%20b.md', ''), '/a b');
  assert.is(markdownPageUrl('/index.md', ''), '/');
  assert.is(markdownPageUrl('/x/index.md', ''), '/x/index');
  assert.is(markdownPageUrl('/%E0%A4%A.md', ''), undefined);
  assert.is(markdownPageUrl('/.md', ''), undefined);
  assert.is(markdownPageUrl('/a/b', ''), undefined);
});

Route.run();
