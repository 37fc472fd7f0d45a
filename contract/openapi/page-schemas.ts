// The shapes of pages and items: the tree, the item endpoint's answers, content blocks and metadata.
import { type JsonObject, names, schemaRef } from './json.ts';

export const PAGE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Item: {
    description: 'Any item the item endpoint returns, the home item included.',
    oneOf: [schemaRef('FileItem'), schemaRef('FolderItem'), schemaRef('HomeItem')],
  },
  TreeItem: {
    description: 'A page or a folder of the content tree.',
    oneOf: [schemaRef('FileItem'), schemaRef('FolderItem')],
  },
  ItemFields: {
    description: "Fields every page and folder has, in Typemill's field order.",
    type: 'object',
    required: names(
      'originalName elementType status fileType order name slug path pathWithoutType urlRelWoF urlRel urlAbs key ' +
        'keyPath keyPathArray chapter active activeParent hide noindex',
    ),
    properties: {
      originalName: {
        type: 'string',
        description: 'Name on disk with order prefix and extension; `x.txtmd` for a page with a draft.',
      },
      status: { type: 'string', enum: ['published', 'unpublished', 'modified', 'undefined'] },
      fileType: { type: 'string', enum: ['md', 'txt', ''] },
      order: { type: ['string', 'null'], description: 'Order prefix (`00`, `202403011800`) or null.' },
      name: { type: 'string', description: 'Display name, or `navtitle` from the page yaml.' },
      slug: { type: 'string' },
      path: { type: 'string', pattern: '^/' },
      pathWithoutType: { type: 'string', pattern: '^/' },
      urlRelWoF: { type: 'string', pattern: '^/' },
      urlRel: { type: 'string', pattern: '^/' },
      urlAbs: { type: 'string', pattern: '^https?://' },
      key: { type: 'integer', minimum: 0 },
      keyPath: {
        type: ['integer', 'string'],
        description: 'Integer at top level, else `"<parent keyPath>.<key>"`.',
      },
      keyPathArray: { type: 'array', items: { type: 'string' } },
      chapter: {
        type: ['integer', 'string'],
        description: 'Integer for top-level folders and files (D13), else `"<parent chapter>.<key + 1>"`.',
      },
      active: { type: 'boolean', const: false },
      activeParent: { type: 'boolean', const: false },
      hide: { type: 'boolean' },
      noindex: { type: 'boolean' },
    },
  },
  FileItem: {
    description: 'A page.',
    type: 'object',
    required: ['elementType'],
    allOf: [schemaRef('ItemFields')],
    properties: { elementType: { const: 'file' } },
    unevaluatedProperties: false,
  },
  FolderItem: {
    description: 'A folder with its children.',
    type: 'object',
    required: ['elementType', 'contains', 'folderContent'],
    allOf: [schemaRef('ItemFields')],
    properties: {
      elementType: { const: 'folder' },
      contains: { type: 'string', enum: ['pages', 'posts'] },
      folderContent: { type: 'array', items: schemaRef('TreeItem') },
    },
    unevaluatedProperties: false,
  },
  HomeItem: {
    description: 'The synthetic item of the home page (`url=/`).',
    type: 'object',
    required: names(
      'status originalName elementType fileType order name slug path pathWithoutType key keyPath keyPathArray ' +
        'chapter urlRel urlRelWoF urlAbs active activeParent hide',
    ),
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['published', 'modified'] },
      originalName: { const: 'home' },
      elementType: { const: 'folder' },
      fileType: { type: 'string', enum: ['md', 'mdtxt'] },
      order: { const: false },
      name: { const: 'home' },
      slug: { const: '' },
      path: { const: '' },
      pathWithoutType: { const: '/index' },
      key: { const: false },
      keyPath: { const: '' },
      keyPathArray: { const: [''] },
      chapter: { const: false },
      urlRel: { const: '/' },
      urlRelWoF: { const: '/' },
      urlAbs: { type: 'string', pattern: '^https?://.*/$' },
      active: { const: false },
      activeParent: { const: false },
      hide: { const: false },
    },
  },
  ContentBlock: {
    type: 'object',
    required: ['id', 'markdown', 'html'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 0, description: 'Position of the block, from 0.' },
      markdown: { type: 'string' },
      html: { type: 'string', description: "Typemill's rendering of the block on its own." },
    },
  },
  Metadata: {
    type: 'object',
    description:
      'Tab name → fields. `meta` always; plugins and the theme add tabs. Values keep their YAML ' +
      'type; unset fields are null.',
    required: ['meta'],
    properties: { meta: schemaRef('MetaTab') },
    additionalProperties: { type: 'object' },
  },
  MetaTab: {
    type: 'object',
    required: ['navtitle', 'title', 'description', 'author', 'modified', 'created', 'time'],
    properties: {
      navtitle: { type: ['string', 'null'] },
      title: { type: ['string', 'null'] },
      description: { type: ['string', 'null'] },
      heroimage: { type: ['string', 'null'] },
      heroimagealt: { type: ['string', 'null'] },
      owner: { type: ['string', 'null'], description: 'User name.' },
      author: { type: ['string', 'null'] },
      allowedrole: {
        type: ['string', 'null'],
        description: 'Only callers with this role or higher may read the page.',
      },
      alloweduser: {
        type: ['string', 'null'],
        description: 'Comma list of the only users who may read the page.',
      },
      manualdate: { type: ['string', 'null'] },
      modified: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      created: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      time: { type: 'string', pattern: '^\\d{2}-\\d{2}-\\d{2}$' },
      reference: { type: ['string', 'null'] },
      referencetype: { type: ['string', 'null'] },
      hide: {
        type: ['boolean', 'string', 'null'],
        description: 'As stored; only boolean true hides the item.',
      },
      noindex: {
        type: ['boolean', 'string', 'null'],
        description: "As stored; only boolean true sets the item's noindex.",
      },
      contains: { type: 'string', enum: ['pages', 'posts'], description: 'Folders only.' },
      glossary: true,
      template: { type: ['string', 'null'] },
      pagelisting: true,
      shorttitle: { type: ['string', 'null'] },
    },
    additionalProperties: true,
  },
};
