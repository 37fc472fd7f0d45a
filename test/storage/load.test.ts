// Twenty publishes while two following gateways answer a steady stream of requests: no failed, unknown or backward
// answer.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../gateway/http-client.ts';
import { startS3Server } from './s3-server.ts';
import { EDITOR, NAVIGATION_PATH, follow, localDist, navigationOf, publish, versionSpec } from './storage-fixture.ts';

const PUBLISHES = 20;
const CLIENTS_PER_GATEWAY = 2;

const Load = suite('publishing under load');

Load('twenty publishes under load: every answer is 200 and one whole version, and versions never go back', async () => {
  const server = await startS3Server('load');
  const local = await localDist('load');
  await local.write(versionSpec('l-0', 'v0'));
  await publish(server, local.dist, 'site');
  const followers = [
    await follow(server, 'site', 'load-a', { pollSeconds: 0.05 }),
    await follow(server, 'site', 'load-b', { pollSeconds: 0.05 }),
  ];
  const versionOf = new Map(
    Array.from({ length: PUBLISHES + 1 }, (_, version) => [navigationOf(`v${version}`), version]),
  );
  const problems: string[] = [];
  const answered: number[] = [];
  let stop = false;
  try {
    await Promise.all(followers.map((follower) => follower.gateway.follower.checkNow()));
    const clients = followers.flatMap((follower) =>
      Array.from({ length: CLIENTS_PER_GATEWAY }, async () => {
        let last = 0;
        while (!stop) {
          const response = await send(follower.gateway.url, NAVIGATION_PATH, { headers: EDITOR }).catch(
            (error: Error) => ({ status: 0, text: error.message }),
          );
          const version = versionOf.get(response.text);
          if (response.status !== 200 || version === undefined) problems.push(`${response.status} ${response.text}`);
          else if (version < last) problems.push(`went back from v${last} to v${version}`);
          else last = version;
          answered.push(version ?? -1);
          // A steady stream, not a flood: the two cores are shared with the store and the publisher.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }),
    );
    const started = performance.now();
    for (let version = 1; version <= PUBLISHES; version++) {
      await local.write(versionSpec(`l-${version}`, `v${version}`));
      await publish(server, local.dist, 'site');
      // The poll would find it too; asking now keeps the test short.
      await Promise.all(followers.map((follower) => follower.gateway.follower.checkNow()));
    }
    stop = true;
    await Promise.all(clients);
    console.log(
      `  ${PUBLISHES} publishes in ${((performance.now() - started) / 1000).toFixed(1)} s, ${answered.length} answers`,
    );
    const seenVersions = new Set(answered).size;
    assert.equal(problems, []);
    assert.equal(
      followers.map((follower) => follower.gateway.snapshotId()),
      [`l-${PUBLISHES}`, `l-${PUBLISHES}`],
    );
    assert.ok(answered.length > PUBLISHES * 4, `only ${answered.length} answers`);
    assert.ok(seenVersions > PUBLISHES / 2, `only ${seenVersions} versions were seen`);
  } finally {
    stop = true;
    for (const follower of followers) await follower.close();
    await server.remove();
    await local.remove();
  }
});

Load.run();
