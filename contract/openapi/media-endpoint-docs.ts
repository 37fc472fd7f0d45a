// What the document says about the media library's endpoints beside their table entries.
import type { EndpointName } from '../endpoints.ts';
import type { EndpointDoc } from './doc-shapes.ts';
import { bodyObject, schemaRef } from './json.ts';

export const MEDIA_DOCS = {
  images: {
    tag: 'media',
    operationId: 'getImages',
    summary: 'The images of media/thumbs, newest first',
    success: {
      description: "One entry per thumbnail, with the thumbnail's modification time.",
      body: bodyObject({ images: { type: 'array', items: schemaRef('ImageListEntry') } }),
    },
  },
  image: {
    tag: 'media',
    operationId: 'getImage',
    summary: 'One image of media/live with its size in pixels',
    parameters: {
      name: {
        description: 'The file name; only its last path segment counts (`media/live/chart.png` is `chart.png`).',
        example: 'dashboard-chart.png',
      },
    },
    success: {
      description: 'An SVG has `"---"` as width and height and `svg` as type; a file that is no image has `null`s.',
      body: bodyObject({ image: schemaRef('ImageDetails') }),
    },
    notFound: 'MediaNotFound',
  },
  files: {
    tag: 'media',
    operationId: 'getFiles',
    summary: 'The files of media/files, newest first',
    success: {
      description: 'One entry per file; `filerestrictions.yaml` is never listed.',
      body: bodyObject({ files: { type: 'array', items: schemaRef('FileEntry') } }),
    },
  },
  file: {
    tag: 'media',
    operationId: 'getFile',
    summary: 'One file of media/files, as its entry in /files',
    parameters: {
      name: {
        description: 'The file name; only its last path segment counts.',
        example: 'lumen-sample.toml',
      },
    },
    success: { description: "The file's entry.", body: bodyObject({ file: schemaRef('FileEntry') }) },
    notFound: 'MediaNotFound',
  },
  pageMedia: {
    tag: 'media',
    operationId: 'getPageMedia',
    summary: 'The media a page links to',
    description:
      "Every match of `media/(live|files)/(.+?\\.[a-zA-Z]{2,4})` in the page's draft (else live) " +
      'markdown, then in its meta file, in order, repeats kept; the names only. Any path that is ' +
      'not a page answers an empty list.',
    parameters: {
      path: {
        description: "The page's file path without extension, as in the item's `pathWithoutType`.",
        example: '/01-guides/01-dashboards/00-widgets/00-line-charts',
      },
    },
    success: {
      description: 'The names, in the order they appear.',
      body: bodyObject({ pagemedia: { type: 'array', items: { type: 'string' } } }),
    },
  },
  fileRestrictions: {
    tag: 'media',
    operationId: 'getFileRestrictions',
    summary: 'The role a file of media/files needs',
    parameters: {
      filename: {
        description:
          'The file as `filerestrictions.yaml` names it, `media/files/<name>`; absent, empty or not ' +
          'restricted gives `all`.',
        example: 'media/files/lumen-sample.toml',
      },
    },
    success: {
      description: 'The roles, and the role the file needs or `all`.',
      body: bodyObject({
        userroles: { type: 'array', items: schemaRef('Role') },
        restriction: { description: 'The role as written in filerestrictions.yaml, or `all`.' },
      }),
    },
  },
} satisfies Partial<Record<EndpointName, EndpointDoc>>;
