// Which documents a caller may find, as one byte per document, made once per caller and variant and then reused.
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { passesRestriction } from '../auth/roles.ts';
import { createRecentMap } from './recent-map.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';

/** Distinct callers (role, user name, draft) whose visibility is kept; each costs one byte per document. */
const CALLERS_KEPT = 256;

export type Visibility = (user: AuthenticatedUser, draft: boolean) => Uint8Array;

/** Same rules as article/content: the variant asked for, and the page's allowedrole/alloweduser. */
export function isVisible(document: SearchDocument | undefined, draft: boolean, user: AuthenticatedUser): boolean {
  return (
    document !== undefined && (draft ? document.draft : document.live) && passesRestriction(document.restriction, user)
  );
}

export function createVisibility(documents: readonly SearchDocument[]): Visibility {
  const kept = createRecentMap<string, Uint8Array>(CALLERS_KEPT);
  return (user, draft) => {
    const key = JSON.stringify([user.role, user.username, draft]);
    let visible = kept.get(key);
    if (visible === undefined) {
      visible = Uint8Array.from(documents, (document) => (isVisible(document, draft, user) ? 1 : 0));
      kept.set(key, visible);
    }
    return visible;
  };
}
