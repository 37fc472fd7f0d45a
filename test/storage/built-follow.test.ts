// `npm run serve -- --from s3://…` as production runs it: the built gateway file, plain node, following a real s3rver.
import { rm } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startBuiltGateway } from '../../commands/spawn-built.ts';
import type { BuiltGateway } from '../../commands/spawn-built.ts';
import { makeTempDist } from '../gateway/make-snapshot.ts';
import { send } from '../gateway/http-client.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { EDITOR, NAVIGATION_PATH, localDist, navigationOf, publish, versionSpec, waitFor } from './storage-fixture.ts';
import type { LocalDist } from './storage-fixture.ts';

const Built = suite<{ server: S3Server; local: LocalDist; cache: string; gateway?: BuiltGateway }>(
  'the built gateway following a bucket',
);

Built.before(async (context) => {
  context.server = await startS3Server('built-follow');
  context.local = await localDist('built-follow');
  context.cache = await makeTempDist('built-follow-cache');
});
Built.after(async ({ server, local, cache, gateway }) => {
  await gateway?.stop();
  await server.remove();
  await local.remove();
  await rm(cache, { recursive: true, force: true });
});

Built('starts without a snapshot, then serves each publish after its next poll, and stops cleanly', async (context) => {
  const { server, local } = context;
  const env = { ...process.env, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };
  const gateway = await startBuiltGateway(
    [
      '--from',
      `s3://${server.store.bucket}/built`,
      '--endpoint',
      server.endpoint,
      '--cache',
      context.cache,
      '--poll',
      '1',
      '--port',
      '0',
    ],
    { env },
  );
  context.gateway = gateway;
  assert.match(
    gateway.lines.join('\n'),
    /listening on .*snapshot none yet, following s3:\/\/snapi-test\/built/,
    gateway.lines.join('\n'),
  );
  assert.is((await send(gateway.url, NAVIGATION_PATH, { headers: EDITOR })).status, 503);
  for (const version of ['one', 'two']) {
    await local.write(versionSpec(`built-${version}`, version));
    await publish(server, local.dist, 'built');
    await waitFor(
      async () => (await send(gateway.url, NAVIGATION_PATH, { headers: EDITOR })).text === navigationOf(version),
      `version ${version} served`,
    );
  }
  const health = JSON.parse((await send(gateway.url, '/healthz')).text) as {
    snapshot: string;
    follow: { snapshot: string; error: unknown };
  };
  assert.equal([health.snapshot, health.follow.snapshot, health.follow.error], ['built-two', 'built-two', null]);
  assert.is(await gateway.stop(), 0);
  context.gateway = undefined;
});

Built.run();
