// Which pages each view of the AI files lists: a view is what one kind of caller may read (docs/ai.md). A caller with
// a role and no user name reads the role's view; a user named in some page's `alloweduser` reads `<role>:<user>`
// where that differs; an anonymous caller of `serve --public-llms` reads `public`.
import { ENDPOINT_SPECS } from '../../contract/endpoints.ts';
import { passesRestriction, roleRank } from '../../contract/page-access.ts';
import { ROLES } from '../../contract/snapshot.ts';
import type { LlmsPage } from './llms-text.ts';

export const PUBLIC_VIEW = 'public';

/** The roles that may read article/content, and so the AI files. */
export const VIEW_ROLES: readonly string[] = ROLES.slice(roleRank(ENDPOINT_SPECS.content.minRole));

export interface View {
  name: string;
  listed: LlmsPage[];
}

const sameList = (left: readonly LlmsPage[], right: readonly LlmsPage[]) =>
  left.length === right.length && left.every((page, position) => page === right[position]);

/** Listed in the public view: published, without `allowedrole` or `alloweduser`, neither hidden nor noindex. */
export function isPublic(page: LlmsPage): boolean {
  return page.listable && page.restriction === undefined;
}

/** Every view with the pages it lists, in navigation order; a user view only where it lists other pages than its
 *  role's. */
export function llmsViews(pages: readonly LlmsPage[]): View[] {
  const listable = pages.filter((page) => page.listable);
  const readableBy = (role: string, username: string) =>
    listable.filter((page) => passesRestriction(page.restriction, { role, username }));
  const names = [...new Set(listable.flatMap((page) => page.restriction?.users ?? []))].sort();
  const views: View[] = [];
  for (const role of VIEW_ROLES) {
    const listed = readableBy(role, '');
    views.push({ name: role, listed });
    for (const username of names) {
      const own = readableBy(role, username);
      if (!sameList(own, listed)) views.push({ name: `${role}:${username}`, listed: own });
    }
  }
  views.push({ name: PUBLIC_VIEW, listed: listable.filter(isPublic) });
  return views;
}
