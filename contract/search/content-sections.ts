// A content body's text by section, for the index at build time and for snippets at query time: headings open sections.
import type { SearchSection } from './search-format.ts';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '' };

function codePoint(value: number, fallback: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback;
}

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(parseInt(body.slice(2), 16), entity);
  if (body.startsWith('#')) return codePoint(parseInt(body.slice(1), 10), entity);
  return NAMED_ENTITIES[body] ?? entity;
}

const SCRIPT_OR_STYLE = /<(script|style)\b[\s\S]*?<\/\1>/gi;
const MAY_HOLD_SCRIPT = /<(script|style)/i;
const TAG = /<[^>]*>/g;
const ENTITY = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;
// Runs of white space become one space; a lone space is already one, and leaving it alone halves the time.
const SPACES = /\s{2,}|[^\S ]/g;

/** Plain text of rendered HTML: tags dropped, entities decoded, white space collapsed. Every block of every page goes
 *  through it (the build's index step, the gateway's snippets), so passes that cannot change the text are skipped. */
export function htmlText(html: string): string {
  return htmlWords(html).replace(SPACES, ' ').trim();
}

/** The text of rendered HTML with its white space as it comes: the same words as htmlText, for counting them. */
export function htmlWords(html: string): string {
  let text = MAY_HOLD_SCRIPT.test(html) ? html.replace(SCRIPT_OR_STYLE, ' ') : html;
  text = text.replace(TAG, ' ');
  return text.includes('&') ? text.replace(ENTITY, (entity, body: string) => decodeEntity(entity, body)) : text;
}

interface ContentBlock {
  markdown?: unknown;
  html?: unknown;
}

const HEADING = /^<h[1-6][\s>]/i;
const TOC = /^\s*\[TOC\]\s*$/;

function blocksOf(body: string): ContentBlock[] {
  const parsed = JSON.parse(body) as { content?: unknown };
  return Array.isArray(parsed.content) ? (parsed.content as ContentBlock[]) : [];
}

/** The HTML of the blocks search reads, in order: the table of contents only repeats the headings, so it is left out.
 *  */
export function forEachBlock(body: string, visit: (html: string, heading: boolean) => void): void {
  for (const block of blocksOf(body)) {
    if (typeof block.html !== 'string' || (typeof block.markdown === 'string' && TOC.test(block.markdown))) continue;
    visit(block.html, HEADING.test(block.html));
  }
}

/** Headings open sections. */
export function sectionsOf(body: string): SearchSection[] {
  const sections: SearchSection[] = [];
  let current: SearchSection = [null, ''];
  forEachBlock(body, (html, heading) => {
    const text = htmlText(html);
    if (heading) {
      if (current[0] !== null || current[1] !== '') sections.push(current);
      current = [text, ''];
    } else if (text !== '') {
      current[1] = current[1] === '' ? text : `${current[1]} ${text}`;
    }
  });
  if (current[0] !== null || current[1] !== '') sections.push(current);
  return sections;
}
