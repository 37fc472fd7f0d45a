// Test helper: the SDK's own client over Streamable HTTP (with a Basic Authorization header) or over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { join, resolve } from 'node:path';
import { basicHeader } from '../search/sample-dist.ts';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

export async function httpClient(baseUrl: string, user: { username: string; password: string }): Promise<Client> {
  const client = new Client({ name: 'snapi-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { Authorization: basicHeader(user) } },
  });
  await client.connect(transport);
  return client;
}

export async function stdioClient(dist: string, user: { username: string; password: string }): Promise<Client> {
  const client = new Client({ name: 'snapi-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(PROJECT_ROOT, 'gateway', 'build', 'mcp.mjs'), '--dist', dist, '--poll', '200'],
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', SNAPI_USER: user.username, SNAPI_PASSWORD: user.password },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

/** The JSON a tool answered, or its error text. */
export async function callJson(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ error: boolean; value: unknown }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text?: string }>;
  const text = content[0]?.text ?? '';
  if (result.isError === true) return { error: true, value: text };
  return { error: false, value: JSON.parse(text) as unknown };
}
