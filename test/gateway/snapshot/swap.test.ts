// Snapshot swap: a newly published snapshot is noticed and served; a broken one is refused; requests finish on theirs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rm } from 'node:fs/promises';
import { send } from '../http-client.ts';
import { BODIES, USERS, basic, standardSpec } from '../fixture.ts';
import { writeAndPublish, writeSnapshot, publishSnapshot } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';
import { verifyWithBcrypt } from '../../../gateway/auth/authenticate.ts';

const EDITOR = { Authorization: basic(USERS.editor) };
const OLD_NAVIGATION = BODIES['navigation:live']!.json;
const NEW_NAVIGATION = '{"navigation":[{"fixture":"navigation of the second snapshot"}]}';
const withNewNavigation = (id: string) =>
  standardSpec(id, { bodies: { ...BODIES, 'navigation:live': { json: NEW_NAVIGATION } } });

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

const Swap = suite('snapshot swap');

Swap('serves the new snapshot after it is published, and no request fails meanwhile', async () => {
  const fixture = await startFixture('swap', {}, { pollMs: 50 });
  const answers: Array<[number, string]> = [];
  let stop = false;
  const client = (async () => {
    while (!stop) {
      const response = await send(fixture.gateway.url, '/api/v1/navigation', { headers: EDITOR });
      answers.push([response.status, response.text]);
    }
  })();
  try {
    await waitFor(() => answers.length >= 5, 'requests before the swap');
    await writeAndPublish(fixture.dist, withNewNavigation('swap-2'));
    await waitFor(() => answers.some(([, text]) => text === NEW_NAVIGATION), 'the new navigation');
    const seen = answers.length;
    await waitFor(() => answers.length >= seen + 5, 'requests after the swap');
    stop = true;
    await client;
    const firstNew = answers.findIndex(([, text]) => text === NEW_NAVIGATION);
    assert.equal(
      answers.filter(([status]) => status !== 200),
      [],
    );
    assert.ok(answers.slice(0, firstNew).every(([, text]) => text === OLD_NAVIGATION));
    assert.ok(answers.slice(firstNew).every(([, text]) => text === NEW_NAVIGATION));
    assert.is(fixture.gateway.snapshotId(), 'swap-2');
    assert.ok(fixture.logs.some((line) => line.event === 'snapshot-loaded' && line.snapshot === 'swap-2'));
  } finally {
    stop = true;
    await client;
    await fixture.gateway.close();
  }
});

Swap('refuses a snapshot that fails to load, keeps the old one and logs why', async () => {
  const fixture = await startFixture('refuse', {}, { pollMs: 50 });
  try {
    await writeAndPublish(fixture.dist, standardSpec('refuse-2', { brokenIndex: true }));
    await waitFor(() => fixture.logs.some((line) => line.event === 'snapshot-refused'), 'the refusal');
    const refusal = fixture.logs.find((line) => line.event === 'snapshot-refused');
    assert.match(String(refusal?.reason), /index\.json: /);
    assert.is(refusal?.serving, 'refuse-1');
    const response = await send(fixture.gateway.url, '/api/v1/navigation', { headers: EDITOR });
    assert.equal([response.status, response.text, fixture.gateway.snapshotId()], [200, OLD_NAVIGATION, 'refuse-1']);
    await writeSnapshot(
      fixture.dist,
      standardSpec('refuse-3', { bodies: { ...BODIES, 'content:live:/getting-started': { json: '{}' } } }),
    );
    await rm(`${fixture.dist}/snapshots/refuse-3/bodies`, { recursive: true });
    assert.is(await fixture.gateway.reload(), false);
    await publishSnapshot(fixture.dist, 'refuse-3');
    assert.is(await fixture.gateway.reload(), false);
    assert.is(fixture.gateway.snapshotId(), 'refuse-1');
    await writeAndPublish(fixture.dist, withNewNavigation('refuse-4'));
    assert.is(await fixture.gateway.reload(), true);
    assert.is(fixture.gateway.snapshotId(), 'refuse-4');
  } finally {
    await fixture.gateway.close();
  }
});

Swap('forgets remembered credentials when a new snapshot is loaded', async () => {
  const fixture = await startFixture('forget', {}, { pollMs: 60_000 });
  try {
    assert.is((await send(fixture.gateway.url, '/api/v1/navigation', { headers: EDITOR })).status, 200);
    const changed = { ...USERS.editor, password: 'a-new-password' };
    await writeAndPublish(fixture.dist, standardSpec('forget-2', { users: [changed] }));
    assert.is(await fixture.gateway.reload(), true);
    const old = await send(fixture.gateway.url, '/api/v1/navigation', { headers: EDITOR });
    const renewed = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: basic(changed) },
    });
    assert.equal([old.status, renewed.status], [401, 200]);
  } finally {
    await fixture.gateway.close();
  }
});

Swap('finishes a request in flight on the snapshot it started on', async () => {
  let release = () => {};
  let entered = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const verifying = new Promise<void>((resolve) => (entered = resolve));
  const fixture = await startFixture(
    'in-flight',
    {},
    {
      pollMs: 60_000,
      verify: async (password, hash) => {
        if (password === USERS.manager.password) {
          entered();
          await held;
        }
        return verifyWithBcrypt(password, hash);
      },
    },
  );
  try {
    const pending = send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: basic(USERS.manager) },
    });
    await verifying;
    await writeAndPublish(fixture.dist, withNewNavigation('in-flight-2'));
    assert.is(await fixture.gateway.reload(), true);
    release();
    const inFlight = await pending;
    const after = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { Authorization: basic(USERS.manager) },
    });
    assert.equal([inFlight.status, inFlight.text, after.text], [200, OLD_NAVIGATION, NEW_NAVIGATION]);
  } finally {
    release();
    await fixture.gateway.close();
  }
});

Swap.run();
