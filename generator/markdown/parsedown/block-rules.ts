// Which block rules a line may start, by its first character, in the order Parsedown + Extra + Typemill try them.

import { abbreviation } from './blocks/abbreviation.ts';
import { code } from './blocks/code.ts';
import { definitionList } from './blocks/definition-list.ts';
import { fencedCode } from './blocks/fenced-code.ts';
import { footnote } from './blocks/footnote.ts';
import { header } from './blocks/header.ts';
import { imageFigure } from './blocks/image-figure.ts';
import { list } from './blocks/list.ts';
import { math } from './blocks/math.ts';
import { notice } from './blocks/notice.ts';
import { paragraph } from './blocks/paragraph.ts';
import { quote } from './blocks/quote.ts';
import { reference } from './blocks/reference.ts';
import { rule } from './blocks/rule.ts';
import { setextHeader } from './blocks/setext-header.ts';
import { shortcode } from './blocks/shortcode.ts';
import { table } from './blocks/table.ts';
import { tableOfContents } from './blocks/table-of-contents.ts';
import type { BlockRule, BlockType } from './types.ts';

export const BLOCK_RULES: Readonly<Record<BlockType, BlockRule>> = {
  Abbreviation: abbreviation,
  Code: code,
  DefinitionList: definitionList,
  FencedCode: fencedCode,
  Footnote: footnote,
  Header: header,
  Image: imageFigure,
  List: list,
  Math: math,
  Notice: notice,
  Paragraph: paragraph,
  Quote: quote,
  Reference: reference,
  Rule: rule,
  SetextHeader: setextHeader,
  Shortcode: shortcode,
  Table: table,
  TableOfContents: tableOfContents,
};

/** Indented code is tried for every line, before the marked types. */
export const UNMARKED_BLOCK_TYPES: readonly BlockType[] = ['Code'];

const DIGIT_LIST: readonly BlockType[] = ['List'];

export const BLOCK_TYPES_BY_MARKER: Readonly<Record<string, readonly BlockType[]>> = {
  '#': ['Header'],
  '*': ['Rule', 'List', 'Abbreviation'],
  '+': ['List'],
  '-': ['SetextHeader', 'Table', 'Rule', 'List'],
  '0': DIGIT_LIST,
  '1': DIGIT_LIST,
  '2': DIGIT_LIST,
  '3': DIGIT_LIST,
  '4': DIGIT_LIST,
  '5': DIGIT_LIST,
  '6': DIGIT_LIST,
  '7': DIGIT_LIST,
  '8': DIGIT_LIST,
  '9': DIGIT_LIST,
  ':': ['Table', 'DefinitionList'],
  '=': ['SetextHeader'],
  '>': ['Quote'],
  '[': ['TableOfContents', 'Shortcode', 'Footnote', 'Reference'],
  _: ['Rule'],
  '`': ['FencedCode'],
  '|': ['Table'],
  '~': ['FencedCode'],
  '\\': ['Math'],
  $: ['Math'],
  '!': ['Image', 'Notice'],
};
