// An image on its own line becomes <figure>: class and id of its `{…}` move to the figure, the next line is the <figcaption>.

import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { ATTRIBUTE_PATTERN, parseAttributeData } from './attribute-data.ts';
import { continuesBlock, isIndentedCode, lineText } from './block-line.ts';

/** Typemill searches the whole line (unanchored) for the first `{…}`. */
const FIGURE_ATTRIBUTE_BLOCK = new RegExp(String.raw`[ ]*\{(${ATTRIBUTE_PATTERN}+)\}`);

export interface FigureLine {
  figureAttributes: Array<[string, string]>;
  /** The line with the `{…}` cut off, and what is left of it (not class or id) appended again. */
  imageLine: string;
}

export function figures(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'typemill_figure', figure, { alt: ['paragraph', 'reference', 'blockquote'] });
  md.renderer.rules.figure_open = (tokens, index, _options, _env, renderer) => `<figure${renderer.renderAttrs(tokenAt(tokens, index))}>`;
  md.renderer.rules.figure_close = (tokens, index) => (tokenAt(tokens, index).meta?.['hasCaption'] === true ? '\n</figure>\n' : '</figure>\n');
  md.renderer.rules.figcaption_open = () => '<figcaption>';
  md.renderer.rules.figcaption_close = () => '</figcaption>';
}

/** Port of Typemill's blockImage attribute juggling, string replacements included. */
export function splitFigureLine(line: string): FigureLine {
  const match = FIGURE_ATTRIBUTE_BLOCK.exec(line);
  if (match === null) return { figureAttributes: [], imageLine: line };
  let attributeString = match[1] ?? '';
  const data = parseAttributeData(attributeString);
  const figureAttributes: Array<[string, string]> = [];
  const classes = data.get('class');
  if (classes !== undefined) {
    figureAttributes.push(['class', classes]);
    for (const className of classes.split(' ')) attributeString = attributeString.replaceAll(`.${className}`, '');
  }
  const id = data.get('id');
  if (id !== undefined) {
    figureAttributes.push(['id', id]);
    attributeString = attributeString.replaceAll(`#${id}`, '');
  }
  attributeString = attributeString.replaceAll('  ', ' ').trim();
  const rest = attributeString.replaceAll(' ', '') === '' ? '' : `{${attributeString}}`;
  return { figureAttributes, imageLine: line.slice(0, match.index) + rest };
}

function figure(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine) || !lineText(state, startLine).startsWith('![')) return false;
  if (silent) return true;

  const { figureAttributes, imageLine } = splitFigureLine(lineText(state, startLine));
  const captionLine = startLine + 1;
  const hasCaption = continuesBlock(state, captionLine, endLine);
  const nextLine = hasCaption ? captionLine + 1 : captionLine;

  const open = state.push('figure_open', 'figure', 1);
  open.attrs = figureAttributes;
  open.map = [startLine, nextLine];
  pushInline(state, imageLine, startLine);
  if (hasCaption) {
    state.push('figcaption_open', 'figcaption', 1);
    pushInline(state, lineText(state, captionLine), captionLine);
    state.push('figcaption_close', 'figcaption', -1);
  }
  state.push('figure_close', 'figure', -1).meta = { hasCaption };
  state.line = nextLine;
  return true;
}

function pushInline(state: StateBlock, content: string, line: number): void {
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [line, line + 1];
  inline.children = [];
}

function tokenAt(tokens: readonly Token[], index: number): Token {
  const token = tokens[index];
  if (token === undefined) throw new Error(`markdown render: no token at ${index}`);
  return token;
}
