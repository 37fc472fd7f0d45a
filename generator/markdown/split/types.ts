// Shapes of Parsedown's block loop as splitBlocks emulates it: one line, one open block, one block rule.

/** A non-blank line after tab expansion (Parsedown's `$Line`). */
export interface BlockLine {
  /** The whole line. */
  readonly body: string;
  /** Number of leading spaces. */
  readonly indent: number;
  /** The line without its leading spaces; never empty. */
  readonly text: string;
}

export type BlockType =
  | 'Paragraph'
  | 'Code'
  | 'FencedCode'
  | 'Header'
  | 'Rule'
  | 'Quote'
  | 'List'
  | 'Comment'
  | 'Markup'
  | 'SetextHeader'
  | 'Table'
  | 'DefinitionList'
  | 'Reference'
  | 'Abbreviation'
  | 'Footnote'
  | 'Math'
  | 'Image'
  | 'Notice'
  | 'Shortcode';

export interface ListState {
  readonly indent: number;
  readonly ordered: boolean;
  /** The marker with the spaces that count towards the item's content indent, e.g. `"- "`, `"10. "`. */
  readonly marker: string;
  /** `-`, `*`, `+` for bullet lists; `.` or `)` for ordered lists. */
  readonly markerType: string;
  /** PHP `empty()` of the current item's lines: no text, or the text `"0"`. */
  readonly itemIsEmpty: boolean;
}

/** The block being built (Parsedown's `$CurrentBlock`), reduced to what decides where blocks end. */
export interface OpenBlock {
  readonly type: BlockType;
  /** Blank lines seen since the block last took a line (Parsedown's `interrupted`); 0 = not interrupted. Counted in
   *  place: the block loop holds the only reference to the open block. */
  interrupted: number;
  /** The block takes over the paragraph before it, so its first line joins that block (Parsedown's inherited
   *  `identified`). */
  readonly joinsPrevious?: boolean;
  /** Fence or math closed, caption taken, comment or element closed: the block takes no more lines. */
  readonly finished?: boolean;
  /** Paragraph: its lines without indentation, joined with `\n`. */
  readonly paragraphText?: string;
  /** FencedCode: fence character and opening length. */
  readonly fenceCharacter?: string;
  readonly fenceLength?: number;
  /** Math: the line that closes it (`$$` or `\]`). */
  readonly mathEnd?: string;
  /** Markup: the element name and how many nested elements of that name are open. */
  readonly elementName?: string;
  readonly elementDepth?: number;
  /** Table: number of columns of the divider row. */
  readonly columnCount?: number;
  readonly list?: ListState;
}

export interface BlockRule {
  /** Parsedown's `block<Type>`: the block this line starts, given the block before it. */
  readonly start: (line: BlockLine, previous: OpenBlock | undefined) => OpenBlock | undefined;
  /** Parsedown's `block<Type>Continue`: the block with the line taken, or undefined when the block ends before it. */
  readonly continue?: (line: BlockLine, block: OpenBlock) => OpenBlock | undefined;
}
