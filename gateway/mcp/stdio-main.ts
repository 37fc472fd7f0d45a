// `npm run mcp -- [--dist DIR]`: the MCP server on stdio for a desktop assistant, acting for SNAPI_USER.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openLiveSnapshot } from '../live-snapshot.ts';
import { watchSnapshots } from '../snapshot-watcher.ts';
import { systemLookup } from '../trusted-hosts.ts';
import { eventLine } from '../request-log.ts';
import { createMcpServer } from './mcp-server.ts';
import { credentialsFromEnvironment, stdioUser } from './stdio-user.ts';

// stdout carries the protocol: every log line goes to stderr.
const logEvent = (event: string, details: Record<string, unknown>) => process.stderr.write(`${eventLine(event, details, new Date())}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: './dist' }, poll: { type: 'string', default: '1000' } } });
  const credentials = credentialsFromEnvironment(process.env);
  const dist = resolve(values.dist);
  const live = await openLiveSnapshot(dist, { lookup: systemLookup }, logEvent);
  // Refuse to start with credentials that would fail every call.
  await stdioUser(live.current(), credentials);
  const watcher = watchSnapshots(dist, Number(values.poll) || 1000, () => void live.reloadIfChanged().catch(() => undefined));
  const server = createMcpServer({ state: () => live.current(), user: () => stdioUser(live.current(), credentials) });
  const transport = new StdioServerTransport();
  transport.onclose = () => watcher.close();
  await server.connect(transport);
  logEvent('mcp-ready', { dist, snapshot: live.current().snapshot.id, user: credentials.username });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
