// POST /mcp: once the decision order has admitted the request (api/decide.ts), one stateless MCP exchange for the
// authenticated user.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errorReply, jsonReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { logNameOf } from '../auth/credential-cache.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import type { ServingState } from '../snapshot/serving-state.ts';
import { createMcpServer } from './mcp-server.ts';
import { sendJsonWithCharset } from './json-charset.ts';
import { beginMcpExchange } from '../metrics/mcp-sessions.ts';

/** JSON-RPC messages are small; a larger body is refused before it is parsed. */
export const MCP_BODY_LIMIT = 1024 * 1024;

export type McpOutcome = { reply: Reply } | { answeredFor: string };

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

/** Credentials, trusted addresses, throttle and role were decided before a byte of the body is read. */
export async function answerMcp(
  request: IncomingMessage,
  response: ServerResponse,
  user: AuthenticatedUser,
  state: ServingState,
): Promise<McpOutcome> {
  const refuse = (reply: Reply): McpOutcome => ({ reply: { ...reply, user: logNameOf(user) } });
  const body = await readBody(request);
  if (body === undefined) return refuse(errorReply(413, 'Request body too large.'));
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(parseError());
  }
  // Stateless: each POST is answered from the snapshot served when it arrived, so a swap needs no session bookkeeping.
  const server = createMcpServer({ state: () => state, user: async () => user });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const endExchange = beginMcpExchange(message);
  response.on('close', () => {
    endExchange();
    void transport.close();
    void server.close();
  });
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'no-store');
  sendJsonWithCharset(response);
  await server.connect(transport);
  await transport.handleRequest(request, response, message);
  return { answeredFor: logNameOf(user) };
}
