// `npm start`: build the sample site at the repo root, serve it with the built gateway, and print a request to paste.
import { CommandFailure, parseCommandLine, parsePort, runCommand } from '../terminal/command-line.ts';
import { ensureCanListen } from '../terminal/listen-check.ts';
import { buildSite, formatProblem } from '../generator/resident/choose-build.ts';
import { startBuiltGateway } from './spawn-built.ts';
import { DEMO_USERS } from '../generator/cli/demo-users.ts';

const START = {
  name: 'start',
  usage: `usage: npm start -- [--port N] [--host H] [--dist DIR]

Builds the sample site at the repository root into --dist and serves it, printing the demo users.
  --port N      port to listen on (default $PORT or 8080)
  --host H      address to listen on (default 127.0.0.1)
  --dist DIR    the snapshot folder (default ./dist)

example: npm start -- --port 3000`,
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: './dist' },
  },
} as const;

runCommand(START, async () => {
  const values = parseCommandLine(START, process.argv.slice(2));
  const port = parsePort(String(values.port));
  const host = String(values.host);
  const dist = String(values.dist);
  const baseUrl = `http://localhost:${port}`;
  // Before the build: it would replace the snapshot in --dist only for the gateway to fail to listen.
  await ensureCanListen(host, port);
  const outcome = await buildSite({ site: '.', out: dist, baseUrl });
  for (const warning of outcome.warnings) console.error(`warning: ${formatProblem(warning)}`);
  if (!outcome.ok) {
    for (const error of outcome.errors) console.error(`error: ${formatProblem(error)}`);
    throw new CommandFailure(
      `the sample site did not build (${outcome.errors.length} error(s) above); nothing was published`,
    );
  }
  console.log(`snapi: built the sample site (${outcome.stats.pages} pages, ${outcome.published.responses} responses)`);

  let banner = false;
  // The same built file `npm run serve` and production run; its request log lines follow the banner.
  const gateway = await startBuiltGateway(['--dist', dist, '--port', String(port), '--host', host], {
    onLine: (line) => void (banner && console.log(line)),
  });
  const demo = DEMO_USERS.filter((user) => user.apiaccess);
  const admin = demo.find((user) => user.role === 'administrator');
  console.log(`
snapi is serving the sample site at ${gateway.url}/api/v1/

Demo users (demo only, never use these passwords anywhere else):
${demo.map((user) => `  ${user.role.padEnd(13)} ${user.username}:${user.password}`).join('\n')}

Try:
  curl -u ${admin?.username}:${admin?.password} '${gateway.url}/api/v1/navigation'
  curl -u ${admin?.username}:${admin?.password} '${gateway.url}/api/v1/article/content?url=/getting-started'
  curl -u ${admin?.username}:${admin?.password} '${gateway.url}/api/v1/search?q=install+docker&limit=3'

MCP for assistants: POST ${gateway.url}/mcp (same Basic credentials), or stdio: SNAPI_USER=… SNAPI_PASSWORD=… npx snapi mcp --dist ${dist}
`);
  banner = true;

  const stop = (): void => void gateway.stop().then((code) => process.exit(code ?? 0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
