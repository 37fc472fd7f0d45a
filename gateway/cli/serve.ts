// CLI of the gateway: `npm run serve -- [--dist DIR] [--port N] [--host H] [--cdn]`, or with `--from s3://BUCKET/PREFIX` (follow/serve-from.ts).
import { parseArgs } from 'node:util';
import { startGateway } from '../http/server.ts';
import type { Gateway } from '../http/server.ts';

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65_535) throw new Error(`gateway: --port "${value}" is not a port number`);
  return port;
}

/** Loaded only with --from: the S3 SDK costs start-up time a gateway serving a local dist does not need to pay. */
const followModule = () => import('../follow/serve-from.ts');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: './dist' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      cdn: { type: 'boolean', default: false },
      from: { type: 'string' },
      endpoint: { type: 'string' },
      region: { type: 'string' },
      poll: { type: 'string' },
      cache: { type: 'string' },
    },
  });
  const common = { port: parsePort(values.port), host: values.host, cdn: values.cdn };
  const gateway: Gateway = values.from === undefined
    ? await startGateway({ ...common, dist: values.dist })
    : await (await followModule()).startFollowingGateway({
      ...common, from: values.from, endpoint: values.endpoint, region: values.region, cacheDir: values.cache,
      ...(values.poll === undefined ? {} : { pollSeconds: (await followModule()).parsePollSeconds(values.poll) }),
    });
  console.log(`snapi gateway listening on ${gateway.url} (snapshot ${gateway.snapshotId() || `none yet, following ${values.from}`}, ${gateway.responseCount()} responses)`);
  process.on('SIGHUP', () => void gateway.reload());
  const stop = () => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    void gateway.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
