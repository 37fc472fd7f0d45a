// Pure access rules: roles and restrictions, address matchers, client address behind proxies, login limiter.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { meetsMinimumRole, passesRestriction } from '../../../gateway/auth/roles.ts';
import { buildAddressMatcher, clientAddress, normalizeAddress } from '../../../gateway/auth/ip-trust.ts';
import { createLoginLimiter } from '../../../gateway/auth/login-limiter.ts';
import { matchRoute } from '../../../gateway/api/routes.ts';

const Roles = suite('meetsMinimumRole and passesRestriction');

Roles('lets a role pass at or above the minimum, never guest or an unknown role', () => {
  const cases: Array<[string, 'member' | 'author' | 'administrator', boolean]> = [
    ['member', 'member', true],
    ['contributor', 'author', false],
    ['editor', 'author', true],
    ['manager', 'administrator', false],
    ['guest', 'member', false],
    ['Administrator', 'member', false],
  ];
  for (const [role, minimum, expected] of cases)
    assert.equal([role, minimum, meetsMinimumRole(role, minimum)], [role, minimum, expected]);
});

Roles('checks allowedrole and alloweduser together; administrator always passes', () => {
  const cases: Array<[Parameters<typeof passesRestriction>[0], string, string, boolean]> = [
    [undefined, 'author', 'ann', true],
    [{ role: 'editor' }, 'author', 'ann', false],
    [{ role: 'editor' }, 'manager', 'ann', true],
    [{ role: 'unknown' }, 'manager', 'ann', false],
    [{ role: 'unknown' }, 'administrator', 'ann', true],
    [{ users: ['ann', 'bob'] }, 'author', 'bob', true],
    [{ users: ['ann'] }, 'editor', 'bob', false],
    [{ role: 'author', users: ['ann'] }, 'editor', 'bob', false],
    [{ role: '', users: [] }, 'author', 'bob', true],
  ];
  for (const [restriction, role, username, expected] of cases) {
    assert.equal(
      [restriction, role, passesRestriction(restriction, { role, username })],
      [restriction, role, expected],
    );
  }
});

const Routes = suite('matchRoute');

Routes('matches exact paths with an optional trailing slash and an optional base path', () => {
  assert.equal(
    [
      '/api/v1/settings',
      '/api/v1/settings/',
      '/docs/api/v1/settings',
      '/docs/api/v1/settings/',
      '/api/v1/settings//',
      '/api/v1/Settings',
      '/docs/api/v1',
    ].map((path) => {
      const route = matchRoute(path, '/docs');
      return typeof route === 'object' ? ('path' in route ? route.path : (route.media ?? null)) : (route ?? null);
    }),
    ['/api/v1/settings', '/api/v1/settings', '/api/v1/settings', '/api/v1/settings', null, null, null],
  );
});

const Addresses = suite('address matchers and the client address');

Addresses('matches single addresses and CIDR ranges of both families, IPv4-mapped as IPv4', () => {
  const matcher = buildAddressMatcher(
    ['192.0.2.1', '10.0.0.0/8', '2001:db8::/32', '::ffff:198.51.100.7'],
    'trusted IP',
  );
  const probes = ['192.0.2.1', '192.0.2.2', '10.20.30.40', '2001:db8::1', '2001:db9::1', '198.51.100.7', 'junk'];
  assert.equal(
    probes.map((address) => matcher.matches(normalizeAddress(address))),
    [true, false, true, true, false, true, false],
  );
  assert.is(normalizeAddress('::FFFF:10.1.2.3'), '10.1.2.3');
  assert.is(normalizeAddress('::ffff:abcd'), '::ffff:abcd');
});

Addresses('refuses entries that are not addresses or ranges, quoting them', () => {
  for (const entry of ['10.0.0.300', 'example.org', '10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0.0/x']) {
    assert.throws(
      () => buildAddressMatcher([entry], 'trusted IP'),
      (error: Error) => error.message === `gateway config: trusted IP "${entry}" is not an address or CIDR range`,
    );
  }
});

Addresses('takes the rightmost untrusted X-Forwarded-For entry from a trusted proxy only', () => {
  const proxies = buildAddressMatcher(['10.0.0.1', '10.0.0.2'], 'trusted proxy');
  const policy = { enabled: true, proxies };
  const cases: Array<[string, string | undefined, string]> = [
    ['10.0.0.1', '203.0.113.5', '203.0.113.5'],
    ['10.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.2', '203.0.113.5'],
    ['10.0.0.1', '10.0.0.2', '10.0.0.2'],
    ['10.0.0.1', 'garbage, 203.0.113.5', '203.0.113.5'],
    ['10.0.0.1', '203.0.113.5, garbage', 'garbage'],
    ['10.0.0.1', undefined, '10.0.0.1'],
    ['192.0.2.9', '203.0.113.5', '192.0.2.9'],
    ['::ffff:10.0.0.1', '::ffff:203.0.113.5', '203.0.113.5'],
  ];
  for (const [peer, forwardedFor, expected] of cases) {
    assert.equal([peer, forwardedFor, clientAddress(peer, forwardedFor, policy)], [peer, forwardedFor, expected]);
  }
  assert.is(clientAddress('10.0.0.1', '203.0.113.5', { enabled: false, proxies }), '10.0.0.1');
});

const Limiter = suite('createLoginLimiter');

Limiter('blocks after the maximum failures in the window and says for how long', () => {
  const limiter = createLoginLimiter({ maxFailures: 2, windowMs: 10_000, maxAddresses: 100 });
  limiter.recordFailure('a', 0);
  assert.is(limiter.retryAfterSeconds('a', 1), 0);
  limiter.recordFailure('a', 4_000);
  assert.equal(
    [
      limiter.retryAfterSeconds('a', 4_000),
      limiter.retryAfterSeconds('a', 9_500),
      limiter.retryAfterSeconds('a', 10_000),
    ],
    [6, 1, 0],
  );
  assert.is(limiter.retryAfterSeconds('b', 4_000), 0);
});

Limiter('forgets the least recently failing address when full', () => {
  const limiter = createLoginLimiter({ maxFailures: 1, windowMs: 10_000, maxAddresses: 2 });
  for (const address of ['a', 'b', 'c']) limiter.recordFailure(address, 0);
  assert.equal(
    ['a', 'b', 'c'].map((address) => limiter.retryAfterSeconds(address, 0)),
    [0, 10, 10],
  );
});

Roles.run();
Routes.run();
Addresses.run();
Limiter.run();
