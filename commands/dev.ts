// `npm run dev -- [--site DIR]`: build, serve and rebuild on every change of the site folder (default: the sample
// site).
import {
  parseBaseUrl,
  parseCommandLine,
  parsePort,
  runCommand,
  parseSeconds,
  UsageError,
  CommandFailure,
} from '../terminal/command-line.ts';
import { ensureCanListen } from '../terminal/listen-check.ts';
import { startDevServer, WATCHED_FOLDERS } from './dev-mode.ts';
import { siteFolderProblem } from '../generator/load/site-folder.ts';
import { outFolderProblem } from '../generator/load/out-folder.ts';

const DEV = {
  name: 'dev',
  usage: `usage: snapi dev [--site DIR] [--out DIR] [--port N] [--host H] [--base-url URL] [--poll SECONDS]
       (npm run dev -- … takes the same options)

Builds the site, serves it, and rebuilds on every change saved under content/, settings/, plugins/, themes/ or media/,
however it is written; a file still being written is never published.
  --site DIR        the site folder (default .)
  --out DIR         the snapshot folder (default ./dist)
  --port N          port to listen on (default $PORT or 8080)
  --host H          address to listen on (default 127.0.0.1)
  --base-url URL    public base URL (default http://localhost:<port>)
  --poll SECONDS    no file watcher: compare the files' stamps this often (network file systems)

example: snapi dev --site ./my-site --port 3000`,
  options: {
    site: { type: 'string', default: '.' },
    out: { type: 'string', default: './dist' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'base-url': { type: 'string' },
    poll: { type: 'string' },
  },
} as const;

runCommand(DEV, async () => {
  const values = parseCommandLine(DEV, process.argv.slice(2));
  const site = String(values.site);
  const host = String(values.host);
  const port = parsePort(String(values.port));
  const baseUrl = parseBaseUrl(
    typeof values['base-url'] === 'string' ? values['base-url'] : `http://localhost:${port}`,
  );
  const pollMs = typeof values.poll === 'string' ? parseSeconds(values.poll, '--poll') * 1000 : undefined;
  const folder = siteFolderProblem(site);
  if (folder !== undefined)
    throw folder.kind === 'usage' ? new UsageError(folder.message) : new CommandFailure(folder.message);
  const outProblem = outFolderProblem(site, String(values.out));
  if (outProblem !== undefined) throw new UsageError(outProblem);
  // Before the first build: it would replace the snapshot in --out only for the gateway to fail to listen.
  await ensureCanListen(host, port);
  const dev = await startDevServer({
    site,
    out: String(values.out),
    port,
    host,
    baseUrl,
    report: (line) => console.log(line),
    ...(pollMs !== undefined ? { pollMs } : {}),
  });
  console.log(
    `snapi dev: serving ${site} at ${dev.gateway.url}/api/v1/, ${pollMs === undefined ? 'watching' : `checking every ${pollMs / 1000} s`} ${WATCHED_FOLDERS.join('/, ')}/ (Ctrl-C stops)`,
  );
  const stop = (): void => void dev.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
