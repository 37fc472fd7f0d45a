// `snapi mcp [--dist DIR]`: the MCP server on stdio for a desktop assistant, acting for SNAPI_USER or SNAPI_TOKEN.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CommandFailure, parseCommandLine, runCommand } from '../../terminal/command-line.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openLiveSnapshot } from '../snapshot/live-snapshot.ts';
import { watchSnapshots } from '../snapshot/snapshot-watcher.ts';
import { systemLookup } from '../auth/trusted-hosts.ts';
import { eventLine } from '../http/request-log.ts';
import { createMcpServer } from '../mcp/mcp-server.ts';
import { credentialsFromEnvironment, credentialsLabel, stdioUser } from '../mcp/stdio-user.ts';

// stdout carries the protocol: every log line goes to stderr.
const logEvent = (event: string, details: Record<string, unknown>) =>
  process.stderr.write(`${eventLine(event, details, new Date())}\n`);

const MCP = {
  name: 'mcp',
  usage: `usage: snapi mcp [--dist DIR]
       (npm run --silent mcp -- … too; without --silent npm writes its banner to stdout, the protocol's channel)

The MCP server on stdio for a desktop assistant, acting for the API user SNAPI_USER (password SNAPI_PASSWORD),
or for the API token SNAPI_TOKEN (snapi token add), which wins when both are set.
  --dist DIR    the snapshot folder (default ./dist)

example: SNAPI_USER=author1 SNAPI_PASSWORD=… snapi mcp --dist ./dist`,
  options: { dist: { type: 'string', default: './dist' }, poll: { type: 'string', default: '1000' } },
} as const;

async function main(): Promise<void> {
  const values = parseCommandLine(MCP, process.argv.slice(2), (text) => process.stderr.write(`${text}\n`));
  const credentials = credentialsFromEnvironment(process.env);
  const dist = resolve(String(values.dist));
  if (!existsSync(join(dist, DIST_LAYOUT.currentLink)))
    throw new CommandFailure(
      `no snapshot in ${String(values.dist)} (build one first: npm run build -- --out ${String(values.dist)})`,
    );
  const live = await openLiveSnapshot(dist, { lookup: systemLookup }, logEvent);
  // Opened without allowMissing: loading throws when there is no snapshot, so there always is one here.
  const served = () => {
    const state = live.current();
    if (state === undefined) throw new Error(`snapi mcp: no snapshot in ${dist}`);
    return state;
  };
  // Refuse to start with credentials that would fail every call.
  await stdioUser(served(), credentials);
  const watcher = watchSnapshots(
    dist,
    Number(values.poll) || 1000,
    () => void live.reloadIfChanged().catch(() => undefined),
  );
  const server = createMcpServer({ state: served, user: () => stdioUser(served(), credentials) });
  const transport = new StdioServerTransport();
  transport.onclose = () => watcher.close();
  await server.connect(transport);
  logEvent('mcp-ready', { dist, snapshot: served().snapshot.id, user: credentialsLabel(credentials) });
}

// Credential errors already read `snapi mcp: …`; the convention's prefix is not repeated.
runCommand(MCP, () =>
  main().catch((error: unknown) => {
    if (error instanceof Error && error.message.startsWith('snapi mcp: '))
      throw new CommandFailure(error.message.slice('snapi mcp: '.length));
    throw error;
  }),
);
