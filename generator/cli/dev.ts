// `npm run dev -- [--site DIR]`: build, serve and rebuild on every change of the site folder (default: the sample site).
import { parseArgs } from 'node:util';
import { startDevServer, WATCHED_FOLDERS } from '../dev-mode.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: '.' },
    out: { type: 'string', default: './dist' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'base-url': { type: 'string' },
  },
});
const port = Number(values.port);
const dev = await startDevServer({
  site: values.site, out: values.out, port, host: values.host,
  baseUrl: values['base-url'] ?? `http://localhost:${port}`,
  report: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(`snapi dev: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`snapi dev: serving ${values.site} at ${dev.gateway.url}/api/v1/, watching ${WATCHED_FOLDERS.join('/, ')}/ (Ctrl-C stops)`);

const stop = (): void => void dev.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
