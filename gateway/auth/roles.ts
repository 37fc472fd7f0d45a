// Role order and the two access rules built on it: endpoint minimum and page restriction
// (docs/typemill.md: Minimum role per endpoint; Who passes a page restriction).
import { ROLES } from '../../contract/snapshot.ts';
import type { Restriction, Role } from '../../contract/snapshot.ts';

/** Position in ROLES; -1 for a role string that is not one of the seven (below every minimum). */
export function roleRank(role: string): number {
  return (ROLES as readonly string[]).indexOf(role);
}

export function meetsMinimumRole(role: string, minimum: Role): boolean {
  return role !== 'guest' && roleRank(role) >= roleRank(minimum);
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
