// One Parsedown + ParsedownExtra + Typemill parser per page: the page's options, headings and footnote counter are
// shared by its blocks; definitions (references, footnotes, abbreviations, [TOC]) belong to the text being parsed.

import type { HeadingEntry, RenderOptions } from '../render-env.ts';
import { trimCharacters } from '../split/php-string.ts';
import { lineElements } from './line-elements.ts';
import { linesElements } from './lines-elements.ts';
import { renderElement, renderElements } from './render-element.ts';
import type { Definitions, Parser } from './types.ts';

export function createParser(options: RenderOptions, headings: Map<string, HeadingEntry>): Parser {
  let footnoteCount = 0;
  const parser: Parser = {
    options,
    headings,
    definitions: emptyDefinitions(),
    nesting: 0,
    nextFootnoteNumber: () => ++footnoteCount,
    textElements(text) {
      parser.definitions = emptyDefinitions();
      const normalised = trimCharacters(text.includes('\r') ? text.replace(/\r\n|\r/g, '\n') : text, '\n');
      return linesElements(parser, normalised.split('\n'));
    },
    linesElements: (lines) => linesElements(parser, lines),
    lineElements: (text, nonNestables) => lineElements(parser, text, nonNestables),
    renderElement: (element) => renderElement(parser, element),
    renderElements: (elements) => renderElements(parser, elements),
  };
  return parser;
}

function emptyDefinitions(): Definitions {
  return { references: new Map(), footnotes: null, abbreviations: new Map(), tableOfContents: false };
}
