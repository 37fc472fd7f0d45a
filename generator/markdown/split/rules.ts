// The block types a line may start, in the order Typemill's parser tries them (Parsedown + ParsedownExtra +
// ParsedownExtension).
import type { BlockRule, BlockType } from './types.ts';
import { ABBREVIATION_RULE, FOOTNOTE_RULE, REFERENCE_RULE } from './rules-definitions.ts';
import { COMMENT_RULE, MARKUP_RULE } from './rules-html.ts';
import { CODE_RULE, FENCED_CODE_RULE, HEADER_RULE, QUOTE_RULE, RULE_RULE } from './rules-leaf.ts';
import { LIST_RULE } from './rules-list.ts';
import { DEFINITION_LIST_RULE, SETEXT_HEADER_RULE, TABLE_RULE } from './rules-paragraph.ts';
import { IMAGE_RULE, MATH_RULE, NOTICE_RULE, SHORTCODE_RULE } from './rules-typemill.ts';

export type RuleBlockType = Exclude<BlockType, 'Paragraph'>;

export const BLOCK_RULES: Readonly<Record<RuleBlockType, BlockRule>> = {
  Code: CODE_RULE,
  FencedCode: FENCED_CODE_RULE,
  Header: HEADER_RULE,
  Rule: RULE_RULE,
  Quote: QUOTE_RULE,
  List: LIST_RULE,
  Comment: COMMENT_RULE,
  Markup: MARKUP_RULE,
  SetextHeader: SETEXT_HEADER_RULE,
  Table: TABLE_RULE,
  DefinitionList: DEFINITION_LIST_RULE,
  Reference: REFERENCE_RULE,
  Abbreviation: ABBREVIATION_RULE,
  Footnote: FOOTNOTE_RULE,
  Math: MATH_RULE,
  Image: IMAGE_RULE,
  Notice: NOTICE_RULE,
  Shortcode: SHORTCODE_RULE,
};

/** Tried for every line, before the marker's types. */
export const UNMARKED_BLOCK_TYPES: readonly RuleBlockType[] = ['Code'];

const LIST_ONLY: readonly RuleBlockType[] = ['List'];
const DIGIT_MARKERS = [...'0123456789'].map((digit): [string, readonly RuleBlockType[]] => [digit, LIST_ONLY]);

/**
 * Keyed by the first character after the indentation. `[TOC]` has a rule in Typemill that never starts a block
 * (it only notes that the page has a table of contents), so it is left out here and `[TOC]` is a paragraph line.
 */
export const BLOCK_TYPES_BY_MARKER: ReadonlyMap<string, readonly RuleBlockType[]> = new Map<
  string,
  readonly RuleBlockType[]
>([
  ['#', ['Header']],
  ['*', ['Rule', 'List', 'Abbreviation']],
  ['+', LIST_ONLY],
  ['-', ['SetextHeader', 'Table', 'Rule', 'List']],
  ...DIGIT_MARKERS,
  [':', ['Table', 'DefinitionList']],
  ['<', ['Comment', 'Markup']],
  ['=', ['SetextHeader']],
  ['>', ['Quote']],
  ['[', ['Shortcode', 'Footnote', 'Reference']],
  ['_', ['Rule']],
  ['`', ['FencedCode']],
  ['|', ['Table']],
  ['~', ['FencedCode']],
  ['\\', ['Math']],
  ['$', ['Math']],
  ['!', ['Image', 'Notice']],
]);
