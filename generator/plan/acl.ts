// Typemill's role permissions (docs/typemill.md: Roles inherit their parent's permissions): each role inherits its
// parent's rules.
type Permissions = Record<string, readonly string[]>;

const ROLE_RULES: Record<string, { inherits?: string; allow: Permissions }> = {
  guest: { allow: {} },
  member: { allow: { account: ['read', 'update', 'delete'] } },
  contributor: { inherits: 'member', allow: { mycontent: ['read', 'create', 'update', 'delete'] } },
  author: { inherits: 'contributor', allow: { content: ['read', 'create'] } },
  editor: {
    inherits: 'author',
    allow: { mycontent: ['publish', 'unpublish'], content: ['update', 'delete', 'publish', 'unpublish'] },
  },
  manager: { inherits: 'editor', allow: { system: ['read', 'update', 'delete'] } },
};

export function isAllowed(role: string, resource: string, privilege: string): boolean {
  if (role === 'administrator') return true;
  let current: string | undefined = role;
  while (current !== undefined) {
    const rules: { inherits?: string; allow: Permissions } | undefined = ROLE_RULES[current];
    if (!rules) return false;
    if (rules.allow[resource]?.includes(privilege)) return true;
    current = rules.inherits;
  }
  return false;
}
