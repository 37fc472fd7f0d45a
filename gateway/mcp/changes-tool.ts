// The MCP tool get_changes: the change feed (GET /api/v1/changes) for the user the server acts for.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { EndpointName } from '../api/endpoints.ts';
import type { EndpointResult } from './endpoint-call.ts';
import { CHANGES_LIMITS } from '../../contract/endpoints.ts';

type Call = (endpoint: EndpointName, parameters: Record<string, string | undefined>) => Promise<EndpointResult>;

export const GET_CHANGES_DESCRIPTION =
  'What changed in the documentation since an earlier snapshot, as this user reads it: {since,current,urls:{added,changed,removed},slugs:{…},endpoints:[…],next?}. Without since, only {current}: keep it and pass it as since later. Re-read the pages named in urls with get_page. An error with HTTP 410 means the snapshot is too old: read everything again.';

export function registerChangesTool(server: McpServer, call: Call, unwrap: (result: EndpointResult) => unknown): void {
  server.registerTool(
    'get_changes',
    {
      description: GET_CHANGES_DESCRIPTION,
      inputSchema: {
        since: z
          .string()
          .min(1)
          .max(CHANGES_LIMITS.maxIdLength)
          .optional()
          .describe('A snapshot id an earlier answer gave as current.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(CHANGES_LIMITS.maxLimit)
          .optional()
          .describe(`URLs and slugs per answer (default ${CHANGES_LIMITS.defaultLimit}).`),
        cursor: z.string().min(1).max(256).optional().describe('The next value of the answer before.'),
      },
    },
    async ({ since, limit, cursor }): Promise<CallToolResult> => {
      const value = unwrap(
        await call('changes', { since, limit: limit === undefined ? undefined : String(limit), cursor }),
      );
      return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
    },
  );
}
