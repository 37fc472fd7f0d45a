// A stored search document checked as it is read, in either form of the index: its fields, its restriction, and the
// content entry of the snapshot it was indexed from.
import type { Restriction } from '../../contract/snapshot.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { fail, record, text } from './index-fields.ts';
import type { Json } from './index-fields.ts';

function restrictionOf(value: unknown, where: string): Restriction | undefined {
  if (value === undefined) return undefined;
  const fields = record(value, where);
  const users = fields.users;
  if (users !== undefined && (!Array.isArray(users) || users.some((user) => typeof user !== 'string')))
    fail(`${where}.users`, 'expected an array of strings');
  return {
    ...(fields.role === undefined ? {} : { role: text(fields.role, `${where}.role`) }),
    ...(users === undefined ? {} : { users: users as string[] }),
  };
}

/** `key`: the document's content key, stored (format 1) or made from its URL (format 2); `where` names it in errors. */
export function storedDocument(
  fields: Json,
  where: string,
  key: (url: string, live: boolean) => string,
  entries: Pick<ReadonlyMap<string, unknown>, 'has'>,
): SearchDocument {
  if (typeof fields.live !== 'boolean' || typeof fields.draft !== 'boolean')
    fail(where, 'expected boolean live and draft');
  const url = text(fields.url, `${where}.url`);
  const contentKey = key(url, fields.live);
  if (!contentKey.startsWith('content:') || !entries.has(contentKey))
    fail(`${where}.key`, `"${contentKey}" is no content entry of the snapshot`);
  const restriction = restrictionOf(fields.restriction, `${where}.restriction`);
  return {
    url,
    title: text(fields.title, `${where}.title`),
    slug: text(fields.slug, `${where}.slug`),
    live: fields.live,
    draft: fields.draft,
    ...(restriction ? { restriction } : {}),
    key: contentKey,
  };
}
