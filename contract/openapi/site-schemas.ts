// The shapes of the site's records: users, settings and the author-interface menus.
import { type JsonObject, names, schemaRef } from './json.ts';

export const SITE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  UserRecord: {
    type: 'object',
    description: "The user's yaml file without `password`, keys in file order, YAML types kept.",
    required: ['username'],
    properties: {
      username: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      email: { type: 'string' },
      userrole: schemaRef('Role'),
      lastlogin: { type: 'integer', description: 'Unix seconds.' },
      apiaccess: { type: 'boolean' },
      linkaccess: { type: 'boolean' },
      description: { type: 'string' },
      image: { type: 'string' },
      darkmode: { type: 'boolean' },
      authcodedata: { type: 'string' },
      fingerprints: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: true,
  },
  Settings: {
    type: 'object',
    description:
      "`settings/settings.yaml` over Typemill's defaults; keys containing `password`, `secret` " +
      'or `token`, or ending in `key`, removed at any depth.',
    required: names(
      'version title author copyright language langattr editor storage formats images systemSettingsPath plugins',
    ),
    properties: {
      version: { type: 'string' },
      title: { type: 'string' },
      author: { type: 'string' },
      copyright: { type: 'string' },
      language: { type: 'string' },
      langattr: { type: 'string' },
      editor: { type: 'string', enum: ['visual', 'raw'] },
      storage: { type: 'string' },
      formats: { type: 'array', items: { type: 'string' } },
      images: {
        type: 'object',
        properties: {
          live: { type: 'object', properties: { width: { type: 'integer' } } },
          thumbs: {
            type: 'object',
            properties: { width: { type: 'integer' }, height: { type: 'integer' } },
          },
        },
      },
      systemSettingsPath: { type: 'string' },
      rootPath: { type: 'string' },
      plugins: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: { type: 'object', required: ['active'], properties: { active: { type: 'boolean' } } },
          },
          schemaRef('EmptyPhpArray'),
        ],
      },
      license: { const: false },
    },
    additionalProperties: true,
  },
  MainNavigationEntry: {
    type: 'object',
    required: ['title', 'routename', 'aclresource', 'aclprivilege'],
    additionalProperties: false,
    properties: {
      title: { type: 'string' },
      routename: { type: 'string' },
      aclresource: { type: 'string' },
      aclprivilege: { type: 'string' },
      active: { type: 'boolean', description: 'On the active entry only.' },
    },
  },
  SystemNavigationEntry: {
    type: 'object',
    required: ['title', 'routename', 'icon', 'aclresource', 'aclprivilege', 'url'],
    additionalProperties: false,
    properties: {
      title: { type: 'string' },
      routename: { type: 'string' },
      icon: { type: 'string' },
      aclresource: { type: 'string' },
      aclprivilege: { type: 'string' },
      url: { type: 'string' },
    },
  },
};
