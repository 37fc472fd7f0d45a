// CLI of the gateway: `npm run serve -- [--dist DIR] [--port N] [--host H]`.
import { parseArgs } from 'node:util';
import { startGateway } from '../http/server.ts';

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65_535) throw new Error(`gateway: --port "${value}" is not a port number`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: './dist' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const gateway = await startGateway({ dist: values.dist, port: parsePort(values.port), host: values.host });
  console.log(`snapi gateway listening on ${gateway.url} (snapshot ${gateway.snapshotId()}, ${gateway.responseCount()} responses)`);
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
