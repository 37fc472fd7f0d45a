// Role order and who passes a page restriction: the rule the gateway applies per request and the generator applies
// when it lists the pages each role's AI files hold (docs/typemill.md: Who passes a page restriction).
import { ROLES } from './snapshot.ts';
import type { Restriction } from './snapshot.ts';

/** Position in ROLES; -1 for a role string that is not one of the seven (below every minimum). */
export function roleRank(role: string): number {
  return (ROLES as readonly string[]).indexOf(role);
}

/** Administrator always passes; an unknown `allowedrole` passes nobody else; an empty user list means unset. */
export function passesRestriction(
  restriction: Restriction | undefined,
  user: { username: string; role: string },
): boolean {
  if (restriction === undefined || user.role === 'administrator') return true;
  const { role, users } = restriction;
  if (role !== undefined && role !== '') {
    const required = roleRank(role);
    if (required < 0 || roleRank(user.role) < required) return false;
  }
  if (users !== undefined && users.length > 0 && !users.includes(user.username)) return false;
  return true;
}
