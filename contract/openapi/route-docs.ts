// What the document says about the routes outside the endpoint table's roles: media files, health and itself.
import type { MEDIA_ROUTES, SERVICE_ROUTES } from '../endpoints.ts';
import type { RouteDoc } from './doc-shapes.ts';
import { ETAG_HEADER } from './document-head.ts';
import { type JsonObject, errorAnswer, responseRef, schemaRef } from './json.ts';

const MEDIA_FILE_BEHAVIOUR =
  'Content type by extension, strong ETag and 304, one byte range (206 with Content-Range, 416 when ' +
  'unsatisfiable), `X-Content-Type-Options nosniff`; SVG and other active documents carry a ' +
  'Content-Security-Policy that forbids scripts. Also under the base path.';

/** A media file's answers; `restrictable`: `filerestrictions.yaml` may ask for credentials and a role. */
function mediaFileResponses(restrictable: boolean): Readonly<Record<string, JsonObject>> {
  return {
    '200': {
      description: 'The file.',
      headers: ETAG_HEADER,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    },
    '206': { description: 'The requested byte range, with `Content-Range`.' },
    '304': responseRef('NotModified'),
    ...(restrictable ? { '401': responseRef('Unauthorized') } : {}),
    '403': responseRef(restrictable ? 'ForbiddenOrRestricted' : 'UntrustedAddress'),
    '404': responseRef('MediaFileNotFound'),
    '416': errorAnswer(
      'The range starts past the end of the file; `Content-Range bytes */size`.',
      'Range not satisfiable.',
    ),
  };
}

/** A media file route: its summary opens the description, the behaviour every media file shares closes it. */
function mediaFile(operationId: string, summary: string, restriction?: string): RouteDoc {
  return {
    tag: 'media',
    operationId,
    summary,
    description: [`${summary}.`, restriction, MEDIA_FILE_BEHAVIOUR].filter(Boolean).join(' '),
    security: restriction ? [{}, { basicAuth: [] }] : [{}],
    pathParameters: { name: 'The file name; percent-encoded as any path segment.' },
    responses: mediaFileResponses(restriction !== undefined),
  };
}

export const MEDIA_ROUTE_DOCS: Readonly<Record<keyof typeof MEDIA_ROUTES, RouteDoc>> = {
  live: mediaFile('getMediaLive', 'An image of media/live, public (no credentials)'),
  thumbs: mediaFile('getMediaThumbs', 'A thumbnail of media/thumbs, public (no credentials)'),
  files: mediaFile(
    'getMediaFiles',
    'A file of media/files, sent as a download (`Content-Disposition: attachment`)',
    'Public unless `media/files/filerestrictions.yaml` names a role for it: then Basic credentials with that role ' +
      'or higher are needed, and answers are `private, no-store`.',
  ),
};

export const SERVICE_ROUTE_DOCS: Readonly<Record<keyof typeof SERVICE_ROUTES, RouteDoc>> = {
  health: {
    tag: 'service',
    operationId: 'getHealth',
    summary: 'Snapshot id, build time and counts',
    security: [],
    responses: {
      '200': {
        description: 'The gateway serves a snapshot.',
        content: { 'application/json': { schema: schemaRef('Health') } },
      },
      '403': responseRef('UntrustedAddress'),
      '503': {
        description:
          'A gateway following a bucket (`serve --from`) has no snapshot yet; every API path answers 503 meanwhile.',
        headers: { 'Retry-After': { schema: { type: 'string' } } },
        content: { 'application/json': { schema: schemaRef('HealthWaiting') } },
      },
    },
  },
  openapi: {
    tag: 'service',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    security: [],
    responses: {
      '200': {
        description: 'The OpenAPI document the snapshot was built with.',
        headers: ETAG_HEADER,
        content: { 'application/yaml': { schema: { type: 'string' } } },
      },
      '304': responseRef('NotModified'),
      '403': responseRef('UntrustedAddress'),
    },
  },
};
