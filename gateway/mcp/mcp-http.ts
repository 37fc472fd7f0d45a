// POST /mcp: the API's checks first (admit), then one stateless MCP exchange for the authenticated user.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { admit } from '../api/decide.ts';
import type { DecisionTables, GatewayRequest } from '../api/decide.ts';
import { errorReply, jsonReply } from '../http/reply.ts';
import type { Reply } from '../http/reply.ts';
import { matchRoute } from '../api/routes.ts';
import { MCP_ROUTE } from '../api/endpoints.ts';
import { createMcpServer } from './mcp-server.ts';
import { sendJsonWithCharset } from './json-charset.ts';

/** JSON-RPC messages are small; a larger body is refused before it is parsed. */
export const MCP_BODY_LIMIT = 1024 * 1024;

export type McpOutcome = { reply: Reply } | { answeredFor: string };

export function isMcpTarget(target: string, basePath: string): boolean {
  // Every request asks; nearly all are API requests, which a substring test turns away before any route matching.
  if (!target.includes(MCP_ROUTE.path)) return false;
  const questionMark = target.indexOf('?');
  return matchRoute(questionMark < 0 ? target : target.slice(0, questionMark), basePath) === MCP_ROUTE;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MCP_BODY_LIMIT) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const parseError = () =>
  jsonReply(400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON.' }, id: null });

export async function answerMcp(
  request: IncomingMessage,
  response: ServerResponse,
  gatewayRequest: GatewayRequest,
  tables: DecisionTables,
): Promise<McpOutcome> {
  // Credentials, trusted addresses, throttle and role are decided before a byte of the body is read.
  const admission = await admit(gatewayRequest, tables);
  if ('reply' in admission) return admission;
  const user = admission.user;
  const refuse = (reply: Reply): McpOutcome => ({ reply: { ...reply, user: user.username } });
  const body = await readBody(request);
  if (body === undefined) return refuse(errorReply(413, 'Request body too large.'));
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(parseError());
  }
  const { state } = tables;
  // Stateless: each POST is answered from the snapshot served when it arrived, so a swap needs no session bookkeeping.
  const server = createMcpServer({ state: () => state, user: async () => user });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'no-store');
  sendJsonWithCharset(response);
  await server.connect(transport);
  await transport.handleRequest(request, response, message);
  return { answeredFor: user.username };
}
