// Which inline rules a marker character may start, in the order Parsedown + Extra + Typemill try them.

import { code } from './inlines/code.ts';
import { emailTag } from './inlines/email-tag.ts';
import { emphasis } from './inlines/emphasis.ts';
import { escapeSequence } from './inlines/escape-sequence.ts';
import { footnoteMarker } from './inlines/footnote-marker.ts';
import { image } from './inlines/image.ts';
import { link } from './inlines/link.ts';
import { math } from './inlines/math.ts';
import { shortcode } from './inlines/shortcode.ts';
import { specialCharacter } from './inlines/special-character.ts';
import { strikethrough } from './inlines/strikethrough.ts';
import { url } from './inlines/url.ts';
import { urlTag } from './inlines/url-tag.ts';
import type { InlineRule } from './types.ts';

type NamedRule = readonly [name: string, rule: InlineRule];

export const INLINE_RULES_BY_MARKER: Readonly<Record<string, readonly NamedRule[]>> = {
  '!': [['Image', image]],
  '&': [['SpecialCharacter', specialCharacter]],
  '*': [['Emphasis', emphasis]],
  ':': [['Url', url]],
  '<': [
    ['UrlTag', urlTag],
    ['EmailTag', emailTag],
  ],
  '[': [
    ['FootnoteMarker', footnoteMarker],
    ['Link', link],
    ['Shortcode', shortcode],
  ],
  _: [['Emphasis', emphasis]],
  '`': [['Code', code]],
  '~': [['Strikethrough', strikethrough]],
  '\\': [
    ['EscapeSequence', escapeSequence],
    ['Math', math],
  ],
  $: [['Math', math]],
};

/** Any character that may start an inline element. */
export const INLINE_MARKER_PATTERN = new RegExp(
  `[${Object.keys(INLINE_RULES_BY_MARKER)
    .map((marker) => `\\${marker}`)
    .join('')}]`,
);
