// Images ![alt](src "title"){attributes}: a link turned into <img>, and Typemill makes every image lazy-loading.

import type { InlineRule } from '../types.ts';
import { parseLink } from './link.ts';

export const image: InlineRule = (excerpt, parser) => {
  if (excerpt.text.charAt(1) !== '[') return undefined;
  const linked = parseLink(excerpt.scan, excerpt.at + 1, parser);
  if (linked === undefined) return undefined;
  const handler = linked.element.handler;
  const attributes = new Map<string, string | null>([
    ['src', linked.element.attributes?.get('href') ?? null],
    ['alt', handler?.kind === 'line' ? handler.text : ''],
  ]);
  for (const [name, value] of linked.element.attributes ?? []) if (!attributes.has(name)) attributes.set(name, value);
  attributes.delete('href');
  attributes.set('loading', 'lazy');
  return {
    extent: linked.extent + 1,
    byteExtent: (linked.byteExtent ?? 0) + 1,
    element: { name: 'img', attributes, autobreak: true },
  };
};
