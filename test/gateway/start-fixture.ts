// Test helper: publishes the standard snapshot in a fresh temp dist and starts a gateway on a loopback port.
import { rm } from 'node:fs/promises';
import { startGateway } from '../../gateway/http/server.ts';
import type { Gateway, GatewayOptions } from '../../gateway/http/server.ts';
import { makeTempDist, writeAndPublish } from './make-snapshot.ts';
import type { SnapshotSpec } from './make-snapshot.ts';
import { standardSpec } from './fixture.ts';

export interface RunningFixture {
  gateway: Gateway;
  dist: string;
  /** Every line the gateway logged, parsed. */
  logs: Array<Record<string, unknown>>;
}

export async function startFixture(
  name: string,
  spec: Partial<SnapshotSpec> = {},
  options: Partial<GatewayOptions> = {},
): Promise<RunningFixture> {
  const dist = await makeTempDist(name);
  await writeAndPublish(dist, standardSpec(`${name}-1`, spec));
  const logs: Array<Record<string, unknown>> = [];
  const removeDist = () => rm(dist, { recursive: true, force: true });
  const gateway = await startGateway({
    dist,
    port: 0,
    host: '127.0.0.1',
    log: (line) => logs.push(JSON.parse(line) as Record<string, unknown>),
    limiter: { maxFailures: 1000 },
    ...options,
  }).catch(async (error: unknown) => {
    await removeDist();
    throw error;
  });
  // Closing also removes the temporary dist folder.
  const close = () => gateway.close().finally(removeDist);
  return { gateway: { ...gateway, close }, dist, logs };
}
