// The shapes shared by many answers: the error bodies, roles, PHP's empty map and the media library's entries.
import { ROLES } from '../snapshot.ts';
import type { JsonObject } from './json.ts';

export const COMMON_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Error: {
    type: 'object',
    required: ['message'],
    additionalProperties: false,
    properties: { message: { type: 'string' } },
  },
  ValidationError: {
    type: 'object',
    required: ['message', 'errors'],
    additionalProperties: false,
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'object',
        description: 'Parameter name → the same message.',
        minProperties: 1,
        additionalProperties: { type: 'string' },
      },
    },
  },
  Role: {
    type: 'string',
    enum: ROLES,
  },
  ImageListEntry: {
    type: 'object',
    required: ['name', 'timestamp', 'src_thumb', 'src_live'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      timestamp: { type: 'integer', description: 'Modification time of the thumbnail, Unix seconds.' },
      src_thumb: { type: 'string', example: 'media/thumbs/dashboard-chart.png' },
      src_live: { type: 'string', example: 'media/live/dashboard-chart.png' },
    },
  },
  ImageDetails: {
    type: 'object',
    required: ['name', 'timestamp', 'bytes', 'width', 'height', 'type', 'src_thumb', 'src_live'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      timestamp: { type: 'integer' },
      bytes: { type: 'integer' },
      width: {
        type: ['integer', 'string', 'null'],
        description: 'Pixels; `---` for an SVG; null for a file that is no PNG, JPEG, GIF or WebP.',
      },
      height: { type: ['integer', 'string', 'null'] },
      type: {
        type: ['string', 'null'],
        description: 'MIME type found in the file (`image/png`), `svg`, or null.',
      },
      src_thumb: { type: 'string' },
      src_live: { type: 'string' },
    },
  },
  FileEntry: {
    type: 'object',
    required: ['name', 'timestamp', 'bytes', 'info', 'url'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      timestamp: { type: 'integer' },
      bytes: { type: 'integer' },
      info: {
        type: 'object',
        description:
          "PHP's pathinfo, with `media/files` as dirname (never a server path); `extension` only " +
          'when the name has a dot.',
        required: ['dirname', 'basename', 'filename'],
        additionalProperties: false,
        properties: {
          dirname: { type: 'string', const: 'media/files' },
          basename: { type: 'string' },
          extension: { type: 'string' },
          filename: { type: 'string' },
        },
      },
      url: { type: 'string', example: 'media/files/lumen-sample.toml' },
    },
  },
  EmptyPhpArray: { description: 'PHP encodes an empty map as `[]`.', type: 'array', maxItems: 0 },
};
