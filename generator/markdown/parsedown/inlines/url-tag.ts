// <scheme://address> autolinks.

import type { InlineRule } from '../types.ts';

const URL_TAG = /^<(\w+:\/{2}[^ >]+)>/i;

export const urlTag: InlineRule = (excerpt) => {
  if (!excerpt.text.includes('>')) return undefined;
  const match = URL_TAG.exec(excerpt.text);
  if (match === null) return undefined;
  const address = match[1] ?? '';
  return { extent: match[0].length, element: { name: 'a', text: address, attributes: new Map([['href', address]]) } };
};
