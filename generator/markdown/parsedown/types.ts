// The shapes Parsedown's rules pass around: elements (a tree rendered late), lines, blocks, inline matches and the
// parser.

import type { RenderOptions } from '../render-env.ts';
import type { HeadingEntry } from '../render-env.ts';
import type { LineScan } from './line-scan.ts';

/** How an element's children are produced when it is rendered, not when it is parsed (so later definitions count). */
export type Handler =
  | { kind: 'line'; text: string }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'li'; lines: string[] }
  | { kind: 'text'; text: string };

export interface Element {
  name?: string;
  /** Attribute order is output order; null values are left out. */
  attributes?: Map<string, string | null>;
  text?: string;
  rawHtml?: string;
  allowRawHtmlInSafeMode?: boolean;
  element?: Element;
  elements?: Element[];
  handler?: Handler;
  nonNestables?: readonly string[];
  autobreak?: boolean;
  /** A block that renders nothing (definitions): Parsedown's empty array. */
  empty?: boolean;
}

export interface Line {
  /** The line with tabs expanded. */
  body: string;
  indent: number;
  /** The body without its indent. It holds no `\n`, so block patterns take the `s` flag: `.` is then PCRE's, anything
   *  but `\n` (JavaScript's alone also stops at U+2028 and U+2029). */
  text: string;
}

export type BlockType =
  | 'Code'
  | 'FencedCode'
  | 'Header'
  | 'List'
  | 'Quote'
  | 'Rule'
  | 'SetextHeader'
  | 'Reference'
  | 'Table'
  | 'Paragraph'
  | 'DefinitionList'
  | 'Abbreviation'
  | 'Footnote'
  | 'Image'
  | 'Notice'
  | 'Math'
  | 'Shortcode'
  | 'TableOfContents';

export interface Block {
  type: BlockType;
  element: Element;
  interrupted?: number;
  identified?: boolean;
  continuable?: boolean;
  complete?: boolean;
  /** List state. */
  list?: { indent: number; marker: string; type: 'ul' | 'ol'; markerType: string };
  li?: Element;
  loose?: boolean;
  fence?: { char: string; openerLength: number };
  alignments?: Array<string | null>;
  dd?: Element;
  footnote?: { label: string; text: string };
  mathEnd?: string;
}

export interface BlockRule {
  start: (line: Line, current: Block | undefined, parser: Parser) => Block | undefined;
  continue?: (line: Line, block: Block, parser: Parser) => Block | undefined;
  complete?: (block: Block, parser: Parser) => Block;
}

export interface Excerpt {
  /** The text from the marker on. */
  text: string;
  /** The text the loop scans: `text` is `scan.text` from `at` on; the text still to be parsed (Parsedown's context,
   *  the marker somewhere in it) starts at `contextAt`. */
  scan: LineScan;
  at: number;
  contextAt: number;
}

export interface Inline {
  extent: number;
  /** Set when PHP's byte count must be consumed from the marker (a match found further on). */
  byteExtent?: number;
  element: Element;
  position?: number;
}

export type InlineRule = (excerpt: Excerpt, parser: Parser) => Inline | undefined;

export interface FootnoteDefinition {
  text: string;
  count: number;
  number: number | null;
}

/** Parsedown's DefinitionData: emptied whenever a text is parsed from scratch. */
export interface Definitions {
  references: Map<string, { url: string; title: string | null }>;
  footnotes: Map<string, FootnoteDefinition> | null;
  abbreviations: Map<string, string>;
  tableOfContents: boolean;
}

/** What the rules may ask of the parser: the page's options and state, and the parse and render entry points. */
export interface Parser {
  options: RenderOptions;
  definitions: Definitions;
  headings: Map<string, HeadingEntry>;
  /** How many elements with late content are being rendered inside each other right now. */
  nesting: number;
  nextFootnoteNumber: () => number;
  textElements: (text: string) => Element[];
  linesElements: (lines: readonly string[]) => Element[];
  lineElements: (text: string, nonNestables?: readonly string[]) => Element[];
  renderElement: (element: Element) => string;
  renderElements: (elements: readonly Element[]) => string;
}
