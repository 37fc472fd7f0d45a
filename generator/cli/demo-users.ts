// Demo accounts of the sample site (settings/users/): demo-only credentials, never use them in production.

export const DEMO_USERS: ReadonlyArray<{ username: string; password: string; role: string; apiaccess: boolean }> = [
  { username: 'guest1', password: 'demo-guest1-pass', role: 'guest', apiaccess: true },
  { username: 'member1', password: 'demo-member1-pass', role: 'member', apiaccess: true },
  { username: 'contributor1', password: 'demo-contributor1-pass', role: 'contributor', apiaccess: true },
  { username: 'author1', password: 'demo-author1-pass', role: 'author', apiaccess: true },
  { username: 'editor1', password: 'demo-editor1-pass', role: 'editor', apiaccess: true },
  { username: 'manager1', password: 'demo-manager1-pass', role: 'manager', apiaccess: true },
  { username: 'admin', password: 'demo-admin-pass', role: 'administrator', apiaccess: true },
  { username: 'noapi', password: 'demo-noapi-pass', role: 'author', apiaccess: false },
];
