// <me@example.org> autolinks, with mailto: added unless written.

import type { InlineRule } from '../types.ts';

const HOSTNAME_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL = `[a-zA-Z0-9.!#$%&'*+\\/=?^_\`{|}~-]+@${HOSTNAME_LABEL}(?:\\.${HOSTNAME_LABEL})*`;
const EMAIL_TAG = new RegExp(`^<((mailto:)?${EMAIL})>`, 'i');

export const emailTag: InlineRule = (excerpt) => {
  if (excerpt.scan.indexOf('>', excerpt.at) === -1) return undefined;
  const match = EMAIL_TAG.exec(excerpt.text);
  if (match === null) return undefined;
  const address = match[1] ?? '';
  const href = match[2] === undefined ? `mailto:${address}` : address;
  return { extent: match[0].length, element: { name: 'a', text: address, attributes: new Map([['href', href]]) } };
};
