// `npm run mcp -- [--dist DIR]`: the MCP server on stdio for a desktop assistant, acting for SNAPI_USER.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openLiveSnapshot } from '../snapshot/live-snapshot.ts';
import { watchSnapshots } from '../snapshot/snapshot-watcher.ts';
import { systemLookup } from '../auth/trusted-hosts.ts';
import { eventLine } from '../http/request-log.ts';
import { createMcpServer } from '../mcp/mcp-server.ts';
import { credentialsFromEnvironment, stdioUser } from '../mcp/stdio-user.ts';

// stdout carries the protocol: every log line goes to stderr.
const logEvent = (event: string, details: Record<string, unknown>) => process.stderr.write(`${eventLine(event, details, new Date())}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: './dist' }, poll: { type: 'string', default: '1000' } } });
  const credentials = credentialsFromEnvironment(process.env);
  const dist = resolve(values.dist);
  const live = await openLiveSnapshot(dist, { lookup: systemLookup }, logEvent);
  // Opened without allowMissing: loading throws when there is no snapshot, so there always is one here.
  const served = () => {
    const state = live.current();
    if (state === undefined) throw new Error(`snapi mcp: no snapshot in ${dist}`);
    return state;
  };
  // Refuse to start with credentials that would fail every call.
  await stdioUser(served(), credentials);
  const watcher = watchSnapshots(dist, Number(values.poll) || 1000, () => void live.reloadIfChanged().catch(() => undefined));
  const server = createMcpServer({ state: served, user: () => stdioUser(served(), credentials) });
  const transport = new StdioServerTransport();
  transport.onclose = () => watcher.close();
  await server.connect(transport);
  logEvent('mcp-ready', { dist, snapshot: served().snapshot.id, user: credentials.username });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
