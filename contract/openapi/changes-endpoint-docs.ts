// What the document says about the change feed beside its table entry (docs/changes.md).
import { CHANGES_LIMITS } from '../endpoints.ts';
import type { EndpointName } from '../endpoints.ts';
import type { EndpointDoc } from './doc-shapes.ts';
import type { JsonObject } from './json.ts';

const names = (description: string): JsonObject => ({ type: 'array', items: { type: 'string' }, description });
const changeLists = (what: string): JsonObject => ({
  type: 'object',
  required: ['added', 'changed', 'removed'],
  additionalProperties: false,
  properties: { added: names(`${what} added`), changed: names(`${what} changed`), removed: names(`${what} removed`) },
});

export const CHANGES_DOCS = {
  changes: {
    tag: 'content',
    operationId: 'getChanges',
    summary: 'What changed since a kept snapshot, as the caller reads the answers',
    description:
      'The net difference between the snapshot `since` and the one served: page URLs (added or removed with their ' +
      'item, otherwise changed), slugs whose `article/items` answer changed, and the names of the other endpoints ' +
      'whose answer changed. Filtered as the answers are: a page the caller may not read is never named. Without ' +
      '`since`, only `current`. Pass `current` as `since` next time, and `next` as `cursor` for the next page.',
    parameters: {
      since: { description: 'A snapshot id an earlier answer gave as `current`.', example: '20250102T030405Z-1a2b3c' },
      limit: {
        description: `URLs and slugs per answer, 1 to ${CHANGES_LIMITS.maxLimit}; default ${CHANGES_LIMITS.defaultLimit}.`,
      },
      cursor: { description: 'The `next` of the answer before, for the next page.' },
    },
    success: {
      description: 'The changes, or `{"current"}` alone without `since`.',
      body: {
        type: 'object',
        required: ['current'],
        additionalProperties: false,
        properties: {
          since: { type: 'string' },
          current: { type: 'string', description: 'The snapshot the lists lead to: the next `since`.' },
          urls: changeLists('Page URLs'),
          slugs: changeLists('Slugs'),
          endpoints: names('Endpoint names (navigation, settings, mainnavi, …) whose answer changed.'),
          next: { type: 'string', description: 'Present when more names follow: pass it as `cursor`.' },
        },
      },
    },
    gone: {
      description: '`since` is not in the kept history: read everything again, then follow from `current`.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['message', 'current'],
            additionalProperties: false,
            properties: { message: { type: 'string' }, current: { type: 'string' } },
          },
          example: {
            message:
              'Snapshot 20250101T000000Z-aaaaaa is not in the kept history: sync in full, then follow the feed from current.',
            current: '20250102T030405Z-1a2b3c',
          },
        },
      },
    },
  },
} satisfies Partial<Record<EndpointName, EndpointDoc>>;
