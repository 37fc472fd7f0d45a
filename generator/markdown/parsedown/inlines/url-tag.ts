// <scheme://address> autolinks.

import type { InlineRule } from '../types.ts';

const WORD = /[A-Za-z0-9_]/;

export const urlTag: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  if (scan.indexOf('>', at) === -1) return undefined;
  // /^<(\w+:\/{2}[^ >]+)>/ by hand: the `[^ >]+` part would otherwise read on to the line's next space for every `<`
  let scheme = at + 1;
  while (WORD.test(scan.text.charAt(scheme))) scheme++;
  if (scheme === at + 1 || !scan.text.startsWith('://', scheme)) return undefined;
  const close = scan.nextOf(' >', scheme + 3);
  if (close === scheme + 3 || scan.text.charAt(close) !== '>') return undefined;
  const address = scan.text.slice(at + 1, close);
  return { extent: close + 1 - at, element: { name: 'a', text: address, attributes: new Map([['href', address]]) } };
};
