// The MCP tool list_media: the site's images and files through the media endpoints, each with the path to fetch it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { EndpointName } from '../api/endpoints.ts';
import type { EndpointResult } from './endpoint-call.ts';

type Call = (endpoint: EndpointName, parameters: Record<string, string | undefined>) => Promise<EndpointResult>;

export const LIST_MEDIA_DESCRIPTION =
  "Lists the documentation's media: images (media/live, each with its thumbnail) and downloadable files (media/files), newest first, each with the path to fetch it from this server and, for files, the role a restricted one needs. With url, only the media that page links to. Needs the contributor role.";

interface ImageEntry {
  name: string;
  timestamp: number;
}
interface FileEntry {
  name: string;
  timestamp: number;
  bytes: number;
}

export function registerMediaTool(
  server: McpServer,
  call: Call,
  basePath: () => string,
  unwrap: (result: EndpointResult) => unknown,
): void {
  server.registerTool(
    'list_media',
    {
      description: LIST_MEDIA_DESCRIPTION,
      inputSchema: {
        url: z.string().min(1).max(2000).optional().describe('Only the media linked from this page URL.'),
      },
    },
    async ({ url }): Promise<CallToolResult> => {
      const images = (unwrap(await call('images', {})) as { images: ImageEntry[] }).images;
      const files = (unwrap(await call('files', {})) as { files: FileEntry[] }).files;
      let wanted: Set<string> | undefined;
      if (url !== undefined) {
        const item = unwrap(await call('item', { url })) as { item?: { pathWithoutType?: unknown } };
        const media = unwrap(await call('pageMedia', { path: String(item.item?.pathWithoutType ?? '') })) as {
          pagemedia: string[];
        };
        wanted = new Set(media.pagemedia);
      }
      const shown = <T extends { name: string }>(list: T[]) =>
        wanted === undefined ? list : list.filter((entry) => wanted.has(entry.name));
      const base = basePath();
      const answer = {
        images: shown(images).map((image) => ({
          name: image.name,
          path: `${base}/media/live/${encodeURIComponent(image.name)}`,
          thumbnail: `${base}/media/thumbs/${encodeURIComponent(image.name)}`,
          timestamp: image.timestamp,
        })),
        files: await Promise.all(
          shown(files).map(async (file) => {
            const restriction = unwrap(await call('fileRestrictions', { filename: `media/files/${file.name}` })) as {
              restriction: unknown;
            };
            return {
              name: file.name,
              path: `${base}/media/files/${encodeURIComponent(file.name)}`,
              bytes: file.bytes,
              timestamp: file.timestamp,
              restriction: restriction.restriction,
            };
          }),
        ),
      };
      return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }] };
    },
  );
}
