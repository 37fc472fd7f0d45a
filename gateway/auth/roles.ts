// Role order and the two access rules built on it: endpoint minimum and page restriction
// (docs/typemill.md: Minimum role per endpoint; Who passes a page restriction).
import { passesRestriction, roleRank } from '../../contract/page-access.ts';
import type { Role } from '../../contract/snapshot.ts';

export { passesRestriction, roleRank };

export function meetsMinimumRole(role: string, minimum: Role): boolean {
  return role !== 'guest' && roleRank(role) >= roleRank(minimum);
}
