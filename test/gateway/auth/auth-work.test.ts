// Failed logins cost the same bcrypt work whoever is asked about: counted through the injected compare.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../http-client.ts';
import { USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';
import { createDummyHash, verifyWithBcrypt } from '../../../gateway/auth/authenticate.ts';
import { hashPassword } from '../make-snapshot.ts';

const AUTH_FAILED = 401;
/** The cost of every fixture hash (make-snapshot.ts): the dummy hash must be made at the same cost. */
const COST_PREFIX = /^\$2[aby]\$04\$/;

interface Compare {
  password: string;
  hash: string;
}

const work = suite('bcrypt work per failed login');

work(
  "runs exactly one bcrypt compare, at the accounts' cost, for unknown users, wrong passwords, hashless and API-less accounts",
  async () => {
    const compares: Compare[] = [];
    const fixture = await startFixture(
      'auth-work',
      {},
      {
        verify: (password, hash) => {
          compares.push({ password, hash });
          return verifyWithBcrypt(password, hash);
        },
      },
    );
    try {
      const attempts = [
        ['unknown user', { username: 'nobody-at-all', password: 'guess-1' }],
        ['wrong password', { username: USERS.editor.username, password: 'guess-2' }],
        ['account without hash', { username: USERS.noHash.username, password: 'guess-3' }],
        ['apiaccess false, right password', USERS.noApiAccess],
      ] as const;
      const seen = [];
      for (const [label, account] of attempts) {
        compares.length = 0;
        const response = await send(fixture.gateway.url, '/api/v1/navigation', {
          headers: { Authorization: basic(account) },
        });
        seen.push([
          label,
          response.status,
          compares.length,
          compares.map((compare) => [compare.password, COST_PREFIX.test(compare.hash)]),
        ]);
      }
      assert.equal(
        seen,
        attempts.map(([label, account]) => [label, AUTH_FAILED, 1, [[account.password, true]]]),
      );
    } finally {
      await fixture.gateway.close();
    }
  },
);

work(
  'compares an unknown user against a hash no password was chosen for, and a known user against their own hash',
  async () => {
    const hashes = new Map<string, string>();
    const fixture = await startFixture(
      'auth-hashes',
      {},
      {
        verify: (password, hash) => {
          hashes.set(password, hash);
          return verifyWithBcrypt(password, hash);
        },
      },
    );
    try {
      await send(fixture.gateway.url, '/api/v1/navigation', {
        headers: { Authorization: basic({ username: 'nobody', password: 'first' }) },
      });
      await send(fixture.gateway.url, '/api/v1/navigation', {
        headers: { Authorization: basic({ username: 'nobody-else', password: 'second' }) },
      });
      await send(fixture.gateway.url, '/api/v1/navigation', {
        headers: { Authorization: basic({ username: USERS.editor.username, password: 'third' }) },
      });
      const dummy = hashes.get('first') ?? '';
      const accountHashes = [USERS.editor, USERS.manager].map((user) => user.username);
      assert.is(hashes.get('second'), dummy, 'one dummy hash per snapshot');
      assert.is.not(hashes.get('third'), dummy);
      assert.is(await verifyWithBcrypt(USERS.editor.password, hashes.get('third') ?? ''), true);
      for (const username of accountHashes) assert.is(await verifyWithBcrypt(`pw-${username}`, dummy), false);
    } finally {
      await fixture.gateway.close();
    }
  },
);

work(
  'makes the dummy hash at the highest cost among the accounts, so an unknown user costs as much as the dearest account',
  async () => {
    const account = (username: string, hash: string) => ({ username, role: 'editor', apiaccess: true, hash });
    const dummy = await createDummyHash([
      account('cheap', hashPassword('four')),
      account('dear', '$2y$06$' + 'x'.repeat(53)),
      account('none', ''),
    ]);
    assert.match(dummy, /^\$2[aby]\$06\$.{53}$/);
    assert.match(await createDummyHash([account('none', '')]), /^\$2[aby]\$10\$/);
  },
);

work.run();
