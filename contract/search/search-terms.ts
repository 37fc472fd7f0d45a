// How text becomes index terms, the same at build time and at query time: words, stop words and stems per site
// language.

/** One language's stemmer and stop words (from @orama/stemmers and @orama/stopwords). */
export interface LanguageTools {
  language: string;
  stem: (word: string) => string;
  stopwords: ReadonlySet<string>;
  /** Terms per word as written: a site uses far fewer distinct words than it has words, and stemming is the slow part.
   *  */
  known: Map<string, string[]>;
}

/** Distinct words remembered per language tools; queries can bring any word, so the memory is bounded. */
const KNOWN_WORDS = 200_000;

type Loader = () => Promise<{ stem: (word: string) => string; stopwords: string[] }>;

const load = (stemmer: Promise<{ stemmer: (word: string) => string }>, words: Promise<{ stopwords: string[] }>) =>
  Promise.all([stemmer, words]).then(([{ stemmer: stem }, { stopwords }]) => ({ stem, stopwords }));

// Site `language` (ISO 639-1) → the libraries' modules; literal import paths, so the gateway bundle carries them.
const LANGUAGES: Record<string, Loader> = {
  en: () => load(import('@orama/stemmers/english'), import('@orama/stopwords/english')),
  de: () => load(import('@orama/stemmers/german'), import('@orama/stopwords/german')),
  fr: () => load(import('@orama/stemmers/french'), import('@orama/stopwords/french')),
  es: () => load(import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')),
  it: () => load(import('@orama/stemmers/italian'), import('@orama/stopwords/italian')),
  nl: () => load(import('@orama/stemmers/dutch'), import('@orama/stopwords/dutch')),
  pt: () => load(import('@orama/stemmers/portuguese'), import('@orama/stopwords/portuguese')),
  ru: () => load(import('@orama/stemmers/russian'), import('@orama/stopwords/russian')),
  sv: () => load(import('@orama/stemmers/swedish'), import('@orama/stopwords/swedish')),
  da: () => load(import('@orama/stemmers/danish'), import('@orama/stopwords/danish')),
  no: () => load(import('@orama/stemmers/norwegian'), import('@orama/stopwords/norwegian')),
  fi: () => load(import('@orama/stemmers/finnish'), import('@orama/stopwords/finnish')),
  hu: () => load(import('@orama/stemmers/hungarian'), import('@orama/stopwords/hungarian')),
  ro: () => load(import('@orama/stemmers/romanian'), import('@orama/stopwords/romanian')),
  tr: () => load(import('@orama/stemmers/turkish'), import('@orama/stopwords/turkish')),
};

/** Words of Snowball's stop-word lists (snowballstem.org, the lists docs/search.md names) that @orama/stopwords leaves
 *  out: its English list lacks the article "a". */
const MISSING_STOPWORDS: Record<string, readonly string[]> = { en: ['a'] };

const plainTools = (): LanguageTools => ({
  language: '',
  stem: (word) => word,
  stopwords: new Set(),
  known: new Map(),
});

/** The tools for a site language (`en`, `de-CH` → `de`); a language without a stemmer gets plain words. */
export async function languageTools(language: string): Promise<LanguageTools> {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? '';
  const loader = LANGUAGES[code];
  if (loader === undefined) return plainTools();
  const { stem, stopwords } = await loader();
  return {
    language: code,
    stem,
    stopwords: new Set([...stopwords, ...(MISSING_STOPWORDS[code] ?? [])]),
    known: new Map(),
  };
}

// Letters and digits of any script; everything else (query syntax, regular-expression characters) separates words.
export const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

export function fold(word: string): string {
  return word.normalize('NFD').replace(MARKS, '');
}

/** The words of a text as written: the tokenizer of the index. */
export function tokensOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A word as written and where it starts in its text. */
export interface PlacedWord {
  word: string;
  start: number;
}

/** The words of a text as written, with their offsets, for highlighting. */
export function wordsOf(text: string): PlacedWord[] {
  return [...text.matchAll(WORD)].map((match) => ({ word: match[0], start: match.index }));
}

/** A word's index terms: the folded word and its folded stem; none for stop words. */
export function termsOf(word: string, tools: LanguageTools): string[] {
  const known = tools.known.get(word);
  if (known !== undefined) return known;
  const terms = computeTerms(word, tools);
  if (tools.known.size >= KNOWN_WORDS) tools.known.clear();
  tools.known.set(word, terms);
  return terms;
}

// A lower-case letter followed by an upper-case one: the seam of a camelCase name.
const CAMEL_SEAM = /(?<=\p{Ll})(?=\p{Lu})/u;

function computeTerms(word: string, tools: LanguageTools): string[] {
  const terms = wordTerms(word, tools);
  const parts = word.split(CAMEL_SEAM);
  // A camelCase name (storePluginData) is also found by its parts, as a reader would write them.
  if (parts.length > 1 && terms.length > 0)
    for (const part of parts) for (const term of wordTerms(part, tools)) if (!terms.includes(term)) terms.push(term);
  return terms;
}

function wordTerms(word: string, tools: LanguageTools): string[] {
  const lower = word.toLowerCase();
  if (tools.stopwords.has(lower)) return [];
  const folded = fold(lower);
  const stem = fold(tools.stem(lower));
  return stem === folded || stem === '' ? [folded] : [folded, stem];
}
