// The standard test snapshot: one user per role plus broken accounts, and bodies that say what they are.
import type { FixtureBody, FixtureUser, SnapshotSpec } from './make-snapshot.ts';
import type { SlugPart } from '../../contract/snapshot.ts';

const user = (username: string, role: string, extra: Partial<FixtureUser> = {}): FixtureUser => ({
  username,
  role,
  password: `pw-${username}`,
  ...extra,
});

export const USERS = {
  guest: user('guestuser', 'guest'),
  member: user('memberuser', 'member'),
  contributor: user('contributoruser', 'contributor'),
  author: user('authoruser', 'author'),
  editor: user('editoruser', 'editor'),
  manager: user('manageruser', 'manager'),
  // The password holds a colon and non-ASCII text: split at the first colon, read as UTF-8.
  administrator: user('adminuser', 'administrator', { password: 'ad:min-pässwörd' }),
  noApiAccess: user('noapiuser', 'editor', { apiaccess: false }),
  noHash: user('nohashuser', 'editor', { hash: '' }),
  unknownRole: user('oddroleuser', 'superhero'),
} satisfies Record<string, FixtureUser>;

export const ROLE_USERS = [
  USERS.guest,
  USERS.member,
  USERS.contributor,
  USERS.author,
  USERS.editor,
  USERS.manager,
  USERS.administrator,
];

const navigation = (role: string, name: string) => `{"${name}":{"fixture":"${name} for ${role}"}}`;

/** About 80 KB, with gzip and brotli variants. Bodies above 1 MiB are streamed: see body-store.test.ts. */
export const BIG_CONTENT = `{"content":[{"id":0,"markdown":"${'big page '.repeat(9000)}","html":"streamed"}]}`;

export const BODIES: Record<string, FixtureBody> = {
  'navigation:live': { json: '{"navigation":[{"fixture":"live navigation"}]}' },
  'navigation:draft': { json: '{"navigation":[{"fixture":"draft navigation"}]}' },
  'content:live:/': { json: '{"content":[{"id":0,"markdown":"home live","html":"<p>home live<\\/p>"}]}' },
  'content:live:/getting-started': {
    json: '{"content":[{"id":0,"markdown":"getting started live","html":"<p>live<\\/p>"}]}',
  },
  'content:draft:/getting-started': {
    json: '{"content":[{"id":0,"markdown":"getting started draft","html":"<p>draft<\\/p>"}]}',
  },
  'content:live:/editors-only': { json: '{"content":[{"fixture":"editors only"}]}', restriction: { role: 'editor' } },
  'content:live:/for-author': {
    json: '{"content":[{"fixture":"for authoruser only"}]}',
    restriction: { users: ['authoruser'] },
  },
  'content:live:/odd-role-only': {
    json: '{"content":[{"fixture":"allowedrole is not a role"}]}',
    restriction: { role: 'wizard' },
  },
  'content:live:/big': { json: BIG_CONTENT },
  'meta:/getting-started': { json: '{"metadata":{"meta":{"title":"Getting started meta"}}}' },
  'item:/': { json: '{"item":{"fixture":"home item"}}' },
  'item:/getting-started': { json: '{"item":{"fixture":"getting started item"}}' },
  'items:installation': { json: '{"items":[{"fixture":"installation in guide"},{"fixture":"installation in posts"}]}' },
  settings: { json: '{"settings":{"fixture":"settings","title":"Fixture site"}}', compressed: false },
  'users:role:editor': { json: `{"userdata":[{"fixture":"editors by role"}]}` },
  'users:email:editoruser@example.org': { json: '{"userdata":[{"fixture":"editor by email"}]}' },
  'users:none': { json: '{"userdata":[]}', compressed: false },
  images: { json: '{"images":[{"fixture":"thumbs list"}]}' },
  'image:chart.png': { json: '{"image":{"fixture":"chart.png details"}}' },
  files: { json: '{"files":[{"fixture":"files list"}]}' },
  'file:report.pdf': { json: '{"file":{"fixture":"report.pdf entry"}}' },
  'pagemedia:/00-getting-started': { json: '{"pagemedia":["chart.png"]}' },
  'filerestrictions:media/files/report.pdf': { json: '{"userroles":["fixture"],"restriction":"editor"}' },
  'filerestrictions-none': { json: '{"userroles":["fixture"],"restriction":"all"}' },
};
for (const role of ['member', 'contributor', 'author', 'editor', 'manager', 'administrator']) {
  BODIES[`mainnavi:${role}`] = { json: navigation(role, 'mainnavi') };
  BODIES[`systemnavi:${role}`] = { json: navigation(role, 'systemnavi') };
}
// The AI files (docs/ai.md): each role's view lists the getting-started page, whose part is its whole llms-full.txt.
for (const role of ['author', 'editor', 'manager', 'administrator']) {
  BODIES[`llms:txt:${role}`] = {
    json: `# Fixture\n\n## Overview\n\n- [Getting started](/getting-started.md): ${role}\n`,
  };
  BODIES[`llms:full:${role}`] = { json: 'hash /getting-started\n', compressed: false };
}
BODIES['llms:part:/getting-started'] = {
  json: '# Getting started\n\nSource: /getting-started\n\ngetting started live\n\n',
};
BODIES['markdown:live:/getting-started'] = { json: 'getting started live' };

export const RESTRICTED_SLUGS: Record<string, SlugPart[]> = {
  setup: [
    { json: '{"fixture":"setup for everyone"}' },
    { json: '{"fixture":"setup for managers"}', restriction: { role: 'manager' } },
  ],
  secret: [{ json: '{"fixture":"secret for adminuser"}', restriction: { users: ['adminuser'] } }],
};

export function standardSpec(id: string, overrides: Partial<SnapshotSpec> = {}): SnapshotSpec {
  return { id, bodies: BODIES, restrictedSlugs: RESTRICTED_SLUGS, users: Object.values(USERS), ...overrides };
}

export function basic(account: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`, 'utf8').toString('base64')}`;
}
