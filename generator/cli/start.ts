// `npm start`: build the sample site at the repo root, serve it with the built gateway, and print a request to paste.
import { parseArgs } from 'node:util';
import { buildSite, formatProblem } from '../build-site.ts';
import { startBuiltGateway } from '../../gateway/cli/spawn-built.ts';
import { DEMO_USERS } from './demo-users.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: './dist' },
  },
});
const port = Number(values.port);
const baseUrl = `http://localhost:${port}`;

const outcome = await buildSite({ site: '.', out: values.dist, baseUrl });
for (const warning of outcome.warnings) console.error(`warning: ${formatProblem(warning)}`);
if (!outcome.ok) {
  for (const error of outcome.errors) console.error(`error: ${formatProblem(error)}`);
  process.exit(1);
}
console.log(`snapi: built the sample site (${outcome.stats.pages} pages, ${outcome.published.responses} responses)`);

let banner = false;
// The same built file `npm run serve` and production run; its request log lines follow the banner.
const gateway = await startBuiltGateway(['--dist', values.dist, '--port', String(port), '--host', values.host], {
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

MCP for assistants: POST ${gateway.url}/mcp (same Basic credentials), or stdio: SNAPI_USER=… SNAPI_PASSWORD=… npm run mcp -- --dist ${values.dist}
`);
banner = true;

const stop = (): void => void gateway.stop().then((code) => process.exit(code ?? 0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
