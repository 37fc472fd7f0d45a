// Builds the markdown-it instance that renders like Typemill's ParsedownExtension in safe mode.

import MarkdownItParser from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import deflist from 'markdown-it-deflist';
import { attributeBlocks } from './attribute-blocks.ts';
import { bareUrls } from './bare-urls.ts';
import { definitions } from './definitions.ts';
import { entities } from './entities.ts';
import { escapes } from './escapes.ts';
import { figures } from './figures.ts';
import { headings } from './headings.ts';
import { links } from './links.ts';
import { math } from './math.ts';
import { notices } from './notices.ts';
import { parsedownOutput } from './parsedown-output.ts';
import { shortcodes } from './shortcodes.ts';
import { tables } from './tables.ts';
import { tocMarker } from './toc.ts';

const TYPEMILL_RULES: ReadonlyArray<(md: MarkdownIt) => void> = [
  deflist,
  parsedownOutput,
  headings,
  tocMarker,
  notices,
  figures,
  math,
  escapes,
  entities,
  bareUrls,
  attributeBlocks,
  shortcodes,
  definitions,
  tables,
  links,
];

export function createMarkdown(): MarkdownIt {
  const md = new MarkdownItParser({ html: false, xhtmlOut: true, breaks: false, linkify: false, typographer: false });
  for (const addRules of TYPEMILL_RULES) md.use(addRules);
  return md;
}
