// Token checks in memory: the SHA-256 lookup, the expiry instant, revocation by name and hash, the header forms, the
// login throttle counting refused tokens, and the log never holding a token.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenSha256 } from '../../../contract/api-token.ts';
import { authenticateRequest } from '../../../gateway/auth/authenticate.ts';
import { createCredentialCache } from '../../../gateway/auth/credential-cache.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import { parseRevokedTokens } from '../../../gateway/auth/revoked-tokens.ts';
import { buildTokenTable, checkToken, isBearer } from '../../../gateway/auth/token-table.ts';
import { loggableTarget } from '../../../gateway/http/log-redaction.ts';
import { DUMMY_HASH, countingVerify } from '../memory-state.ts';

const TOKEN = `snapi_${'x'.repeat(40)}abc`;
const OTHER = `snapi_${'y'.repeat(43)}`;
const END = Date.parse('2030-01-01T00:00:00Z');
const TABLE = buildTokenTable([
  { name: 'ci', role: 'author', sha256: tokenSha256(TOKEN), expires: new Date(END).toISOString() },
]);

const check = suite('checkToken');

check('admits a known token until the millisecond before it expires, and refuses it from then on', () => {
  assert.equal(checkToken(`Bearer ${TOKEN}`, TABLE, undefined, END - 1), { name: 'ci', role: 'author' });
  assert.is(checkToken(`Bearer ${TOKEN}`, TABLE, undefined, END), undefined);
});

check('refuses an unknown token, a malformed one, and one revoked by name or by hash', () => {
  assert.is(checkToken(`Bearer ${OTHER}`, TABLE, undefined, 0), undefined);
  assert.is(checkToken(`Bearer ${TOKEN}=`, TABLE, undefined, 0), undefined);
  assert.is(checkToken(`Bearer ${TOKEN.slice(1)}`, TABLE, undefined, 0), undefined);
  assert.is(checkToken(`Bearer ${TOKEN}`, TABLE, parseRevokedTokens('# list\nci\n'), 0), undefined);
  assert.is(
    checkToken(`Bearer ${TOKEN}`, TABLE, parseRevokedTokens(`${tokenSha256(TOKEN).toUpperCase()}\n`), 0),
    undefined,
  );
  assert.equal(checkToken(`Bearer ${TOKEN}`, TABLE, parseRevokedTokens('other\n\n'), 0), {
    name: 'ci',
    role: 'author',
  });
});

check('a Bearer header is any case of the scheme followed by a space or nothing', () => {
  assert.equal(['Bearer x', 'bearer x', 'BEARER', 'Bearer'].map(isBearer), [true, true, true, true]);
  assert.equal(['Bearerx', 'Basic abc', 'xBearer y', ''].map(isBearer), [false, false, false, false]);
});

const throttle = suite('refused tokens and the login throttle');

throttle(
  'each refused token counts as a failed login of the address; ten lock it out, also for a valid token',
  async () => {
    const limiter = createLoginLimiter(DEFAULT_LIMITER_OPTIONS);
    const verify = countingVerify();
    const tables = {
      accounts: new Map(),
      dummyHash: async () => DUMMY_HASH,
      cache: createCredentialCache(),
      verify,
      limiter,
      tokens: TABLE,
    };
    const attempt = (authorization: string, address = '192.0.2.1') =>
      Promise.resolve(authenticateRequest({ address, authorization, now: 0 }, tables));
    assert.equal(await attempt(`Bearer ${TOKEN}`), {
      allowed: true,
      user: { username: '', role: 'author', tokenName: 'ci' },
      via: 'token',
    });
    for (let count = 0; count < 10; count++)
      assert.equal(await attempt(count % 2 ? `Bearer ${OTHER}` : 'Bearer nonsense'), {
        allowed: false,
        reason: 'invalid-token',
      });
    const locked = await attempt(`Bearer ${TOKEN}`);
    assert.is(locked.allowed, false);
    assert.is(!locked.allowed && locked.reason, 'locked-out');
    assert.is((await attempt(`Bearer ${TOKEN}`, '192.0.2.2')).allowed, true, 'another address is not locked');
    assert.is(verify.calls.length, 0, 'no bcrypt run for a token');
  },
);

const redaction = suite('tokens in a logged target');

redaction('any snapi_ token in the path, query or an escaped form is redacted', () => {
  const cases: Array<[string, string]> = [
    [`/api/v1/navigation?x=${TOKEN}`, '/api/v1/navigation?x=snapi_REDACTED'],
    [`/api/v1/${TOKEN}/x`, '/api/v1/snapi_REDACTED/x'],
    [`/api/v1/navigation?a=1&b=SNAPI%5F${'z'.repeat(43)}&c=2`, '/api/v1/navigation?a=1&b=snapi_REDACTED&c=2'],
    [`http://host/media/live/a.png#${TOKEN}`, 'http://host/media/live/a.png#snapi_REDACTED'],
  ];
  for (const [target, logged] of cases) assert.is(loggableTarget(target), logged, target);
  assert.is(loggableTarget('/api/v1/navigation?draft=true'), '/api/v1/navigation?draft=true');
});

check.run();
throttle.run();
redaction.run();
