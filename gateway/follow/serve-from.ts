// `serve --from s3://BUCKET/PREFIX`: a gateway over a local cache folder that a follower keeps in step with the bucket.
import { resolve } from 'node:path';
import { startGateway } from '../http/server.ts';
import type { Gateway, GatewayOptions } from '../http/server.ts';
import { eventLine, stdoutLog } from '../http/request-log.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import type { StoreOptions } from '../../storage/s3-client.ts';
import { parseS3Location } from '../../storage/s3-location.ts';
import { startFollower } from './follower.ts';
import type { Follower } from './follower.ts';

export const DEFAULT_POLL_SECONDS = 10;
export const DEFAULT_CACHE_DIR = './snapi-cache';

export interface FollowOptions extends Omit<GatewayOptions, 'dist' | 'allowMissingSnapshot' | 'health'>, StoreOptions {
  /** `s3://BUCKET/PREFIX`. */
  from: string;
  cacheDir?: string;
  pollSeconds?: number;
  /** First retry after a failure (default: the poll interval, at most 1 s). */
  backoffMs?: number;
  environment?: NodeJS.ProcessEnv;
}

export interface FollowingGateway extends Gateway {
  follower: Follower;
}

export function parsePollSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^[0-9]+(?:\.[0-9]+)?$/.test(value) || seconds < 0.1 || seconds > 86_400)
    throw new Error(`gateway: --poll "${value}" must be a number of seconds from 0.1 to 86400`);
  return seconds;
}

export async function startFollowingGateway(options: FollowOptions): Promise<FollowingGateway> {
  const location = parseS3Location(options.from, 'gateway: --from');
  const cacheDir = resolve(options.cacheDir ?? DEFAULT_CACHE_DIR);
  const client = createStoreClient(options, options.environment);
  const log = options.log ?? stdoutLog;
  let follower: Follower | undefined;
  const gateway = await startGateway({
    ...options,
    dist: cacheDir,
    allowMissingSnapshot: true,
    health: () => (follower === undefined ? {} : { follow: follower.status() }),
  });
  follower = await startFollower({
    store: { client, bucket: location.bucket },
    location,
    cacheDir,
    pollMs: (options.pollSeconds ?? DEFAULT_POLL_SECONDS) * 1000,
    log: (event, details) => log(eventLine(event, details, new Date())),
    onSwitch: () => gateway.reload(),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
  });
  const started = follower;
  return {
    ...gateway,
    follower: started,
    close: async () => {
      await started.close();
      client.destroy();
      await gateway.close();
    },
  };
}
