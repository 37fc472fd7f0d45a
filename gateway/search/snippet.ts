// Snippets: the section that matched best, cut to a window around the first match, HTML-escaped, matches in <mark>.
import type { SearchSection } from './search-format.ts';
import { wordsOf } from './search-terms.ts';

export const SNIPPET = { maxLength: 200, before: 60, ellipsis: '…', open: '<mark>', close: '</mark>' } as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

type IsMatch = (word: string) => boolean;

function matchCount(section: SearchSection, isMatch: IsMatch): number {
  const found = new Set<string>();
  for (const { word } of wordsOf(`${section[0] ?? ''} ${section[1]}`)) if (isMatch(word)) found.add(word.toLowerCase());
  return found.size;
}

/** The section with the most distinct matching words; for a title-only match, the first section with text. */
export function bestSection(sections: readonly SearchSection[], isMatch: IsMatch): SearchSection | undefined {
  let best: SearchSection | undefined;
  let bestCount = 0;
  for (const section of sections) {
    const count = matchCount(section, isMatch);
    if (count > bestCount) [best, bestCount] = [section, count];
  }
  return best ?? sections.find(([, text]) => text !== '') ?? sections[0];
}

/** Plain text made HTML-safe: every character of the text is escaped, and only the <mark> tags are markup. */
export function snippetOf(text: string, isMatch: IsMatch): string {
  const words = wordsOf(text);
  const first = words.find(({ word }) => isMatch(word));
  const from = first === undefined ? 0 : Math.max(0, first.start - SNIPPET.before);
  const start = from === 0 ? 0 : words.find((word) => word.start >= from)?.start ?? first?.start ?? 0;
  let end = Math.min(text.length, start + SNIPPET.maxLength);
  if (end < text.length) {
    const lastWhole = words.filter((word) => word.start >= start && word.start + word.word.length <= end).at(-1);
    if (lastWhole !== undefined) end = lastWhole.start + lastWhole.word.length;
  }
  let snippet = start > 0 ? SNIPPET.ellipsis : '';
  let position = start;
  for (const { word, start: at } of words) {
    if (at < start || at + word.length > end || !isMatch(word)) continue;
    snippet += `${escapeHtml(text.slice(position, at))}${SNIPPET.open}${escapeHtml(word)}${SNIPPET.close}`;
    position = at + word.length;
  }
  snippet += escapeHtml(text.slice(position, end));
  return end < text.length ? `${snippet}${SNIPPET.ellipsis}` : snippet;
}
