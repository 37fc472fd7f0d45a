// What the document says about the settings, menu and user endpoints beside their table entries.
import type { EndpointName } from '../endpoints.ts';
import type { EndpointDoc } from './doc-shapes.ts';
import { bodyObject, schemaRef } from './json.ts';

export const SITE_DOCS = {
  settings: {
    tag: 'system',
    operationId: 'getSettings',
    summary: 'The site settings, secrets removed',
    success: {
      description: "Settings merged over Typemill's defaults.",
      body: bodyObject({ settings: schemaRef('Settings') }),
    },
  },
  mainnavi: {
    tag: 'system',
    operationId: 'getMainNavigation',
    summary: "The author-interface menu for the caller's role",
    success: {
      description: 'Entry name → entry; `[]` when the role sees no entry.',
      body: bodyObject({
        mainnavi: {
          oneOf: [
            { type: 'object', additionalProperties: schemaRef('MainNavigationEntry') },
            schemaRef('EmptyPhpArray'),
          ],
        },
      }),
    },
  },
  systemnavi: {
    tag: 'system',
    operationId: 'getSystemNavigation',
    summary: "The system menu for the caller's role, with entries of active plugins",
    success: {
      description: 'Entry name → entry; `[]` when the role sees no entry.',
      body: bodyObject({
        systemnavi: {
          oneOf: [
            { type: 'object', additionalProperties: schemaRef('SystemNavigationEntry') },
            schemaRef('EmptyPhpArray'),
          ],
        },
      }),
    },
  },
  usersByNames: {
    tag: 'users',
    operationId: 'getUsersByNames',
    summary: 'User records by exact user names',
    description:
      'Names that are not 3–40 ASCII letters or digits, or name nobody, are skipped; request ' +
      'order kept, duplicates once. A plain `usernames=a` works too.',
    parameters: { 'usernames[]': { description: 'Repeated, PHP style.', example: ['editor1', 'author1'] } },
    success: { response: 'UserRecords' },
  },
  usersByRole: {
    tag: 'users',
    operationId: 'getUsersByRole',
    summary: 'User records with exactly this role',
    success: { response: 'UserRecords' },
  },
  usersByEmail: {
    tag: 'users',
    operationId: 'getUsersByEmail',
    summary: 'User records with this email, exact and case-insensitive',
    parameters: { email: { example: 'Erik.Editor@lumen.example.org' } },
    success: { response: 'UserRecords' },
  },
} satisfies Partial<Record<EndpointName, EndpointDoc>>;
